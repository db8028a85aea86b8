/** Session-storage key of the post-login redirect target (spec §4). */
export const REDIRECT_KEY = 'vereinsheim_redirect';

/** A redirect target must start with '/', must not leave the origin ('//host') and never points at /signin…. */
export function isValidRedirectTarget(target: unknown): target is string {
  return (
    typeof target === 'string' &&
    target.startsWith('/') &&
    !target.startsWith('//') &&
    !target.startsWith('/\\') &&
    !target.startsWith('/signin') &&
    !target.startsWith('/signed-out')
  );
}

/** Path, query and hash of a location: what the `state` parameter carries. */
export function locationTarget(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

/** An unauthenticated visit remembers where the user was, unless that is a /signin… path. */
export function rememberRedirectTarget(target: string, storage: Storage = sessionStorage): void {
  if (isValidRedirectTarget(target)) storage.setItem(REDIRECT_KEY, target);
}

/** After login: read and remove the target; it is used when valid and different from where the user is. */
export function takeRedirectTarget(current: string, storage: Storage = sessionStorage): string | null {
  const target = storage.getItem(REDIRECT_KEY);
  storage.removeItem(REDIRECT_KEY);
  return isValidRedirectTarget(target) && target !== current ? target : null;
}
