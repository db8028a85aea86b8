import { nativePostLogoutRedirectUri, type AppConfig } from '../config/app-config.ts';
import { isNativePlatform } from '../platform/native.ts';
import { nativeTokenStore } from '../platform/storage.ts';
import type { AuthService } from './auth-service.ts';
import { BffAuthService } from './bff-auth.ts';

/**
 * The session flow for this platform (ADR 0009): in the browser the backend-for-frontend (HttpOnly session
 * cookie, no token in JavaScript); in the iOS/Android apps the RFC 8252 token flow with the token record in
 * the device's storage and the native redirect URI. The token flow (oauth4webapi) is loaded on native only.
 * `early.webSession`: GET /bff/session asked for before the configuration had arrived (requestWebSession).
 */
export async function createAuthService(
  config: AppConfig,
  early: { webSession?: Promise<Response> } = {},
): Promise<AuthService> {
  if (isNativePlatform()) {
    const [{ TokenAuthService }, native, biometric, { default: i18n }] = await Promise.all([
      import('./token-auth.ts'),
      import('../platform/native-app.ts'),
      import('../platform/biometric.ts'),
      import('i18next'),
    ]);
    const redirectUri = config.nativeRedirectUri;
    // RFC 8252: the provider's pages open in the system browser, never in the app's web view; its redirect back
    // (custom scheme or claimed https link) reaches the app as `appUrlOpen`.
    return new TokenAuthService(config, redirectUri, {
      store: nativeTokenStore,
      openAuthorization: (url) => native.openInSystemBrowser(url.href),
      openEndSession: (url) => native.openInSystemBrowser(url),
      closeBrowser: native.closeSystemBrowser,
      subscribeToAppUrls: native.onAppUrlOpen,
      postLogoutRedirectUri: nativePostLogoutRedirectUri(redirectUri),
      unlock: () => biometric.unlockStoredSession(i18n.t('common:biometric.reason')),
    });
  }
  return new BffAuthService(config, { firstSession: early.webSession });
}
