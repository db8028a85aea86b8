/** Business constants and limits of spec §9. */
export const BUILD_VERSION = '0.0.2';
export const PRODUCT_KEY = 'vereinsheim';

export const DESKTOP_BREAKPOINT_PX = 820;
/** The page-view tracker's own mobile rule (≤ 768 px). */
export const TELEMETRY_MOBILE_MAX_PX = 768;
export const TAB_BAR_ID = 'myTabBar';

export const SIGNIN_SCREEN_DELAY_MS = 4000;
export const SIGNING_IN_MESSAGE_MS = 1000;
export const REDIRECTING_MESSAGE_MS = 3000;
export const WEB_SIGNOUT_RELOAD_DELAY_MS = 2000;

export const ERROR_BOUNDARY_MAX_RETRIES = 3;
export const ERROR_BOUNDARY_THROTTLE_MS = 2000;
export const ERROR_ID_PREFIX = 'err';

export const PKCE_VERIFIER_LENGTH = 64;
export const PKCE_VERIFIER_MIN = 43;
export const PKCE_VERIFIER_MAX = 128;

export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 200;
export const CLUBS_TOP = 200;
export const MAILS_TOP = 200;
export const MAX_SELECTED_CLUBS = 5;

/** Cache freshness in milliseconds (repeat fetches skipped within it). */
export const CACHE_FRESHNESS_MS = {
  event: 5_000,
  eventContract: 60_000,
  documents: 60_000,
  contactPersons: 60_000,
  registration: 30_000,
  eventList: 5_000,
  myRegistrations: 300_000,
} as const;

export const TELEMETRY_SAMPLING_PERCENT = 100;
export const TELEMETRY_REDACTED_PARAMS = [
  'token',
  'access_token',
  'refresh_token',
  'api_key',
  'apikey',
  'password',
  'secret',
] as const;

/** Blog defaults (spec §9). */
export const BLOG_DEFAULTS = { isPinned: false, isForced: false, pinPriority: 0 } as const;
