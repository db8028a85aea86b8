import { TELEMETRY_REDACTED_PARAMS } from '@vereinsheim/contracts/constants';

/** What a redacted query value becomes. */
export const REDACTED = 'REDACTED';

const REDACTED_NAMES = new Set<string>(TELEMETRY_REDACTED_PARAMS);
const NUMERIC = /^\d+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Numeric and UUID path segments become `{id}` (spec §7); nothing else changes. */
export function normalisePath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => (NUMERIC.test(segment) || UUID.test(segment) ? '{id}' : segment))
    .join('/');
}

function parse(url: string): URL {
  // Relative URLs are resolved against a dummy origin; only path and query are used from the result.
  return new URL(url, 'http://telemetry.invalid');
}

/**
 * The values of the query parameters token, access_token, refresh_token, api_key, apikey, password and
 * secret (names compared case-insensitively) become `REDACTED`. Returns path + query (no origin, no hash),
 * with the path normalised.
 */
export function redactUrl(url: string): string {
  const parsed = parse(url);
  const params = new URLSearchParams();
  for (const [name, value] of parsed.searchParams) {
    params.append(name, REDACTED_NAMES.has(name.toLowerCase()) ? REDACTED : value);
  }
  const query = params.toString();
  return `${normalisePath(parsed.pathname)}${query ? `?${query}` : ''}`;
}

/** The normalised path of a URL, without query and hash: what metrics are labelled with. */
export function telemetryPath(url: string): string {
  return normalisePath(parse(url).pathname);
}
