import { Counter, type Registry } from 'prom-client';
import { apiFailureCategory, responseTimeBucket, type TelemetryEvent } from '@vereinsheim/contracts';
import { isSpaRoute } from '../../plugins/web.ts';

/** Label value for anything that is not a well-formed, known or still-countable path. */
export const OTHER_PATH = 'other';
/** At most this many distinct API paths become label values; later newcomers count as `other`. */
export const MAX_API_PATH_LABELS = 200;
const MAX_SEGMENTS = 12;

const UUID_SEGMENT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMERIC_SEGMENT = /^\d+$/;
/** Long hex strings or long opaque tokens are ids too, whatever the client claims. */
const OPAQUE_SEGMENT = /^(?:[0-9a-f]{16,}|[A-Za-z0-9_-]{33,})$/i;
const SAFE_SEGMENT = /^[A-Za-z0-9._~-]+$/;

/**
 * The server's own normalisation (clients are not trusted to have done it): query string and fragment
 * dropped, numeric, UUID and opaque segments become `{id}`. Null when the path is not a plain URL path.
 */
export function normalisePath(raw: string): string | null {
  let pathname = raw.split(/[?#]/, 1)[0] ?? '';
  if (/^https?:\/\//i.test(pathname)) {
    try {
      pathname = new URL(pathname).pathname;
    } catch {
      return null;
    }
  }
  if (!pathname.startsWith('/')) return null;
  const segments = pathname.split('/').slice(1);
  if (segments.length > MAX_SEGMENTS) return null;
  const out: string[] = [];
  for (const [index, segment] of segments.entries()) {
    if (segment === '') {
      // Only a trailing slash may be empty ("/" itself, or "/events/").
      if (index === segments.length - 1) continue;
      return null;
    }
    if (segment === '{id}' || NUMERIC_SEGMENT.test(segment) || UUID_SEGMENT.test(segment)) out.push('{id}');
    else if (!SAFE_SEGMENT.test(segment)) return null;
    else if (OPAQUE_SEGMENT.test(segment)) out.push('{id}');
    else out.push(segment);
  }
  return `/${out.join('/')}`;
}

export interface TelemetryMetrics {
  record(events: TelemetryEvent[]): void;
}

/** Turns accepted telemetry events into Prometheus counters with bounded label values. */
export function createTelemetryMetrics(registry: Registry): TelemetryMetrics {
  const apiCalls = new Counter({
    name: 'web_api_calls_total',
    help: 'API calls reported by web clients, by outcome category, response-time bucket, method and normalised path',
    labelNames: ['category', 'bucket', 'method', 'path'] as const,
    registers: [registry],
  });
  const pageViews = new Counter({
    name: 'web_page_views_total',
    help: 'Page views reported by web clients, by app route and device class',
    labelNames: ['path', 'device'] as const,
    registers: [registry],
  });
  const apiPaths = new Set<string>();

  const apiPathLabel = (raw: string): string => {
    const path = normalisePath(raw);
    if (path === null) return OTHER_PATH;
    if (apiPaths.has(path)) return path;
    if (apiPaths.size >= MAX_API_PATH_LABELS) return OTHER_PATH;
    apiPaths.add(path);
    return path;
  };
  // Page views are only counted for the app's own routes (spec §2), so their labels are bounded too.
  const pagePathLabel = (raw: string): string => {
    const path = normalisePath(raw);
    return path !== null && isSpaRoute(path) ? path : OTHER_PATH;
  };

  return {
    record(events) {
      for (const event of events) {
        switch (event.type) {
          case 'pageView':
            pageViews.inc({ path: pagePathLabel(event.path), device: event.device });
            break;
          case 'apiCall':
            apiCalls.inc({
              // Derived here rather than trusted: label values stay consistent with status and duration.
              category: apiFailureCategory(event.status) ?? 'success',
              bucket: responseTimeBucket(event.durationMs),
              method: event.method,
              path: apiPathLabel(event.path),
            });
            break;
        }
      }
    },
  };
}
