import { TELEMETRY_MOBILE_MAX_PX } from '@vereinsheim/contracts/constants';
import {
  apiFailureCategory,
  responseTimeBucket,
  type ApiFailureCategory,
  type ResponseTimeBucket,
  type TelemetryDevice,
} from '@vereinsheim/contracts/telemetry';

export { apiFailureCategory, responseTimeBucket };
export type { ApiFailureCategory, ResponseTimeBucket, TelemetryDevice };

/** The page-view tracker's own rule: a viewport up to 768 px wide is mobile. */
export function deviceForWidth(width: number): TelemetryDevice {
  return width <= TELEMETRY_MOBILE_MAX_PX ? 'mobile' : 'desktop';
}

/** RFC 9562 UUID (the version and variant nibbles are checked), as the server's configuration requires. */
const UUID_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** Telemetry is on only when its instrumentation key is a UUID (spec §5). */
export function isValidInstrumentationKey(key: string | null | undefined): key is string {
  return typeof key === 'string' && UUID_KEY.test(key);
}

/** The HTTP status carried by a thrown error (ApiError.status, or any `status`/`statusCode` number). */
export function statusOfError(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const candidate =
    (error as { status?: unknown; statusCode?: unknown }).status ??
    (error as { statusCode?: unknown }).statusCode;
  return typeof candidate === 'number' && candidate >= 100 && candidate <= 599 ? candidate : null;
}
