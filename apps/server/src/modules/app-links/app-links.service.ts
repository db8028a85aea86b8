import type { Config } from '../../config.ts';
import { matchWebRoute, SIGN_IN_ROUTE_IDS, type WebRouteId } from '@vereinsheim/contracts/routes';

/** The path prefix the apps claim on the portal's host (App Links / Universal Links). */
export const APP_LINK_PREFIX = '/app/';

/** The Digital Asset Links statement of the Android app (https://developer.android.com/training/app-links). */
export function assetLinks(config: Config) {
  const android = config.appLinks.android;
  if (!android) return null;
  return [
    {
      relation: ['delegate_permission/common.handle_all_urls'],
      target: {
        namespace: 'android_app',
        package_name: android.packageName,
        sha256_cert_fingerprints: android.certFingerprints,
      },
    },
  ];
}

/** The apple-app-site-association file of the iOS app: Universal Links under /app/ (both the iOS 13+ and the older form). */
export function appleAppSiteAssociation(config: Config) {
  const ios = config.appLinks.ios;
  if (!ios) return null;
  return {
    applinks: {
      apps: [],
      details: [
        {
          appIDs: [ios.appId],
          components: [
            { '/': `${APP_LINK_PREFIX}*`, comment: 'sign-in, sign-out and deep links of the app' },
          ],
          appID: ios.appId,
          paths: [`${APP_LINK_PREFIX}*`],
        },
      ],
    },
  };
}

/**
 * Where a browser goes with an /app/… link the app did not claim (app not installed, link not verified):
 * the sign-in and sign-out callbacks continue in the app through its custom scheme (the code is bound to the
 * app's PKCE verifier, RFC 7636); any other /app/<route> opens <route> in the web app.
 */
export function appLinkFallback(config: Config, pathname: string, search: string): string | null {
  if (!pathname.startsWith(APP_LINK_PREFIX)) return null;
  const rest = pathname.slice(APP_LINK_PREFIX.length - 1);
  const scheme = config.nativeRedirectUri.split(':')[0]!;
  if (config.nativeHttpsRedirectUri) {
    if (rest === '/signin-oidc') return `${scheme}:/signin-oidc${search}`;
    if (rest === '/signed-out') return `${scheme}:/signed-out`;
  }
  // The sign-in callback and the signed-out page belong to the app here: never the web's.
  const route = matchWebRoute(rest);
  if (route && !(SIGN_IN_ROUTE_IDS as readonly WebRouteId[]).includes(route)) return `${rest}${search}`;
  return null;
}
