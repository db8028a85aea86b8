/**
 * The in-app route of a URL the native app was opened with: `<scheme>:/events/12` (custom scheme) or
 * `https://<portal>/app/events/12` (App Links / Universal Links) → `/events/12`. The sign-in and sign-out
 * redirects (`/signin-oidc`, `/signed-out`) are the session's, not routes: null for those and for anything else.
 */
export function deepLinkRoute(url: string, nativeRedirectUri: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  let path: string;
  if (parsed.protocol === 'https:') {
    let appBase: URL;
    try {
      appBase = new URL('./', nativeRedirectUri);
    } catch {
      return null;
    }
    if (appBase.protocol !== 'https:' || parsed.origin !== appBase.origin) return null;
    if (!parsed.pathname.startsWith(appBase.pathname)) return null;
    path = `/${parsed.pathname.slice(appBase.pathname.length)}`;
  } else {
    const scheme = `${nativeRedirectUri.split(':')[0]}:`;
    if (parsed.protocol !== scheme) return null;
    // `scheme:/events/12` has the path in pathname; `scheme://events/12` puts the first segment in the host.
    path = parsed.host ? `/${parsed.host}${parsed.pathname}` : parsed.pathname;
  }
  path = path.replace(/\/{2,}/g, '/');
  if (!/^\/[A-Za-z0-9._~\-/%]*$/.test(path)) return null;
  if (path.startsWith('/signin') || path === '/signed-out') return null;
  return `${path}${parsed.search}${parsed.hash}`;
}
