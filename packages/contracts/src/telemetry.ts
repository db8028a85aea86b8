import { z } from 'zod';
import { deferred } from './deferred.ts';

/** Response-time buckets of spec §7: under 100 ms fast, under 500 medium, under 1000 slow, else very_slow. */
export const RESPONSE_TIME_BUCKETS = ['fast', 'medium', 'slow', 'very_slow'] as const;
export const ResponseTimeBucketSchema = deferred(() => z.enum(RESPONSE_TIME_BUCKETS));
export type ResponseTimeBucket = z.infer<typeof ResponseTimeBucketSchema>;

/** Failure categories of spec §7: ≥ 500 server_error, 400–499 client_error, no response network_error. */
export const API_FAILURE_CATEGORIES = ['server_error', 'client_error', 'network_error'] as const;
export const ApiFailureCategorySchema = deferred(() => z.enum(API_FAILURE_CATEGORIES));
export type ApiFailureCategory = z.infer<typeof ApiFailureCategorySchema>;

/** The response-time bucket of a call that took `durationMs`. */
export function responseTimeBucket(durationMs: number): ResponseTimeBucket {
  if (durationMs < 100) return 'fast';
  if (durationMs < 500) return 'medium';
  if (durationMs < 1000) return 'slow';
  return 'very_slow';
}

/** The failure category of an HTTP status (null: no response at all); undefined for a success. */
export function apiFailureCategory(status: number | null): ApiFailureCategory | undefined {
  if (status === null) return 'network_error';
  if (status >= 500) return 'server_error';
  if (status >= 400) return 'client_error';
  return undefined;
}

export const TELEMETRY_DEVICES = ['mobile', 'desktop'] as const;
export const TelemetryDeviceSchema = deferred(() => z.enum(TELEMETRY_DEVICES));
export type TelemetryDevice = z.infer<typeof TelemetryDeviceSchema>;

/** Limits of one POST to the track endpoint. */
export const TELEMETRY_MAX_EVENTS_PER_BATCH = 50;
export const TELEMETRY_MAX_BODY_BYTES = 64 * 1024;
export const TELEMETRY_MAX_PATH_LENGTH = 512;
export const TELEMETRY_MAX_URL_LENGTH = 2048;

const path = deferred(() => z.string().min(1).max(TELEMETRY_MAX_PATH_LENGTH));
const timestamp = deferred(() => z.iso.datetime({ offset: true }));

export const PageViewEventSchema = deferred(() =>
  z.object({
    type: z.literal('pageView'),
    /** Normalised path (ids as `{id}`, no query string). */
    path,
    device: TelemetryDeviceSchema,
    time: timestamp.optional(),
  }),
);
export type PageViewEvent = z.infer<typeof PageViewEventSchema>;

export const ApiCallEventSchema = deferred(() =>
  z.object({
    type: z.literal('apiCall'),
    method: z.enum(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']),
    /** Normalised request path (ids as `{id}`, no query string): the metric label. */
    path,
    /** The normalised path with its query string, sensitive parameters redacted; never used as a label. */
    url: z.string().max(TELEMETRY_MAX_URL_LENGTH).optional(),
    /** HTTP status, or null when no response arrived. */
    status: z.number().int().min(100).max(599).nullable(),
    durationMs: z.number().min(0).max(600_000),
    bucket: ResponseTimeBucketSchema,
    /** Set for failures only. The server derives bucket and category from durationMs and status itself. */
    category: ApiFailureCategorySchema.optional(),
    time: timestamp.optional(),
  }),
);
export type ApiCallEvent = z.infer<typeof ApiCallEventSchema>;

export const TelemetryEventSchema = deferred(() =>
  z.discriminatedUnion('type', [PageViewEventSchema, ApiCallEventSchema]),
);
export type TelemetryEvent = z.infer<typeof TelemetryEventSchema>;

/** Body of `POST /api/telemetry/track`. */
export const TelemetryBatchSchema = deferred(() =>
  z.object({
    instrumentationKey: z.uuid(),
    events: z.array(TelemetryEventSchema).min(1).max(TELEMETRY_MAX_EVENTS_PER_BATCH),
  }),
);
export type TelemetryBatch = z.infer<typeof TelemetryBatchSchema>;

export const TelemetryAcceptedSchema = deferred(() => z.object({ accepted: z.number().int() }));
export type TelemetryAccepted = z.infer<typeof TelemetryAcceptedSchema>;
