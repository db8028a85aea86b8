import { AppConfigSchema, type AppConfig } from '@vereinsheim/contracts/app-config';
import { isNativePlatform } from '../platform/native.ts';

export type { AppConfig };

let current: AppConfig | null = null;

/**
 * Where the configuration comes from: the page's own origin on the web; the portal server the native apps were
 * built for (VEREINSHEIM_SERVER_URL at build time, docs/native.md) in the iOS/Android apps.
 */
export function appConfigUrl(native: boolean = isNativePlatform()): string {
  return native ? `${__NATIVE_SERVER_URL__.replace(/\/+$/, '')}/app-config.json` : '/app-config.json';
}

/** GET /app-config.json, parsed with the contract schema. */
export async function loadAppConfig(fetcher: typeof fetch = fetch): Promise<AppConfig> {
  const response = await fetcher(appConfigUrl(), { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`app-config.json answered ${response.status}`);
  current = AppConfigSchema.parse(await response.json());
  return current;
}

export function setAppConfig(config: AppConfig): void {
  current = config;
}

export function appConfig(): AppConfig {
  if (!current) throw new Error('The app configuration is not loaded yet.');
  return current;
}

/** The web redirect address: where the provider sends the code back to. */
export function webRedirectUri(origin: string = window.location.origin): string {
  return `${origin}/signin-oidc`;
}

export function postLogoutRedirectUri(origin: string = window.location.origin): string {
  return `${origin}/signed-out`;
}

/**
 * The native apps' page after sign-out, beside their redirect URI: `<scheme>:/signed-out` for the custom scheme,
 * `…/app/signed-out` for the claimed https link (both registered at the provider, apps/server identity).
 */
export function nativePostLogoutRedirectUri(redirectUri: string): string {
  if (/^https:/i.test(redirectUri)) return new URL('signed-out', redirectUri).href;
  return `${redirectUri.split(':')[0]}:/signed-out`;
}
