import { TELEMETRY_SAMPLING_PERCENT } from '@vereinsheim/contracts/constants';
import {
  TELEMETRY_MAX_EVENTS_PER_BATCH,
  type ApiCallEvent,
  type PageViewEvent,
  type TelemetryBatch,
  type TelemetryEvent,
} from '@vereinsheim/contracts/telemetry';
import {
  apiFailureCategory,
  deviceForWidth,
  isValidInstrumentationKey,
  responseTimeBucket,
  statusOfError,
} from './classify.ts';
import { redactUrl, telemetryPath } from './url.ts';

export type HttpMethod = ApiCallEvent['method'];

export interface TelemetryConfig {
  /** The track endpoint (`/app-config.json` → telemetry.endpoint). */
  endpoint: string;
  /** Telemetry is on only when this is a UUID (`/app-config.json` → telemetry.instrumentationKey). */
  instrumentationKey: string | null | undefined;
  /** Percentage of events kept; spec §7: 100. */
  samplingPercent?: number;
  /** Queued events are sent after this delay (ms), or at once when a batch is full or the page is hidden. */
  flushIntervalMs?: number;
}

/** The environment the tracker talks to; browser defaults, replaceable in tests. */
export interface TelemetryDeps {
  /** POSTs one JSON batch; `beacon` is true while the page is being hidden or unloaded. */
  send: (endpoint: string, body: string, beacon: boolean) => void;
  now: () => number;
  random: () => number;
  viewportWidth: () => number;
  currentPath: () => string;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
}

export interface ApiCallInfo {
  method: string;
  url: string;
}

/** One finished call as the API client's observer reports it (status undefined: no response). */
export interface ObservedApiCall extends ApiCallInfo {
  status: number | undefined | null;
  durationMs: number;
}

export interface Telemetry {
  /** False when the instrumentation key is not a UUID: then every method does nothing. */
  readonly enabled: boolean;
  /** Records a page view of `path` (default: the current path) with the 768 px mobile rule. */
  trackPageView(path?: string, viewportWidth?: number): void;
  /**
   * Runs `fn`, records the call (status from a returned Response or from the thrown error) and returns its
   * result; a failure is reported with its category and RE-RAISED unchanged.
   */
  trackApiCall<T>(call: ApiCallInfo, fn: () => Promise<T>): Promise<T>;
  /** Reports a failed call (category from the error's status; none means network_error) and re-raises it. */
  reportApiFailure(error: unknown, call: ApiCallInfo & { durationMs: number }): never;
  /** Records a call that has already finished; usable as the API client's observer. */
  observeApiCall(call: ObservedApiCall): void;
  /** Sends what is queued now. */
  flush(beacon?: boolean): void;
  /** Sends what is queued and removes listeners and timers. */
  dispose(): void;
}

const METHODS = new Set<string>(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

function browserSend(endpoint: string, body: string, beacon: boolean): void {
  try {
    // text/plain keeps the beacon a "simple" request; the server parses it as JSON all the same.
    if (beacon && typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
      if (navigator.sendBeacon(endpoint, new Blob([body], { type: 'text/plain;charset=UTF-8' }))) return;
    }
    void fetch(endpoint, {
      method: 'POST',
      keepalive: true,
      credentials: 'omit',
      headers: { 'content-type': 'application/json' },
      body,
    }).catch(() => undefined);
  } catch {
    // Telemetry never breaks the app.
  }
}

export function browserDeps(): TelemetryDeps {
  return {
    send: browserSend,
    now: () => (typeof performance !== 'undefined' ? performance.now() : Date.now()),
    random: Math.random,
    viewportWidth: () => (typeof window !== 'undefined' ? window.innerWidth : 1024),
    currentPath: () => (typeof location !== 'undefined' ? location.pathname : '/'),
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
}

const disabled: Telemetry = {
  enabled: false,
  trackPageView() {},
  trackApiCall: (_call, fn) => fn(),
  reportApiFailure(error) {
    throw error;
  },
  observeApiCall() {},
  flush() {},
  dispose() {},
};

function isResponseLike(value: unknown): value is { status: number } {
  return typeof Response !== 'undefined' && value instanceof Response;
}

/** Creates the tracker; see index.ts for how the app wires it. */
export function createTelemetry(config: TelemetryConfig, overrides: Partial<TelemetryDeps> = {}): Telemetry {
  if (!isValidInstrumentationKey(config.instrumentationKey)) return disabled;
  const instrumentationKey = config.instrumentationKey;
  const deps = { ...browserDeps(), ...overrides };
  const sampling = config.samplingPercent ?? TELEMETRY_SAMPLING_PERCENT;
  const flushInterval = config.flushIntervalMs ?? 5000;
  let queue: TelemetryEvent[] = [];
  let timer: unknown = null;

  const flush = (beacon = false) => {
    if (timer !== null) {
      deps.clearTimer(timer);
      timer = null;
    }
    while (queue.length > 0) {
      const events = queue.slice(0, TELEMETRY_MAX_EVENTS_PER_BATCH);
      queue = queue.slice(events.length);
      const batch: TelemetryBatch = { instrumentationKey, events };
      try {
        deps.send(config.endpoint, JSON.stringify(batch), beacon);
      } catch {
        // Telemetry never breaks the app; a lost batch is acceptable.
      }
    }
  };

  const enqueue = (event: TelemetryEvent) => {
    if (sampling < 100 && deps.random() * 100 >= sampling) return;
    queue.push(event);
    if (queue.length >= TELEMETRY_MAX_EVENTS_PER_BATCH) flush();
    else if (timer === null) timer = deps.setTimer(() => flush(), flushInterval);
  };

  const onHidden = () => {
    if (typeof document === 'undefined' || document.visibilityState === 'hidden') flush(true);
  };
  const onPageHide = () => flush(true);
  if (typeof document !== 'undefined' && typeof window !== 'undefined') {
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onPageHide);
  }

  const record = (call: ApiCallInfo, status: number | null, durationMs: number) => {
    const method = call.method.toUpperCase();
    const duration = Math.max(0, Math.min(durationMs, 600_000));
    const event: ApiCallEvent = {
      type: 'apiCall',
      method: (METHODS.has(method) ? method : 'GET') as HttpMethod,
      path: telemetryPath(call.url).slice(0, 512),
      url: redactUrl(call.url).slice(0, 2048),
      status,
      durationMs: Math.round(duration),
      bucket: responseTimeBucket(duration),
      time: new Date().toISOString(),
    };
    const category = apiFailureCategory(status);
    if (category) event.category = category;
    enqueue(event);
  };

  const reportApiFailure = (error: unknown, call: ApiCallInfo & { durationMs: number }): never => {
    record(call, statusOfError(error), call.durationMs);
    throw error;
  };

  return {
    enabled: true,
    trackPageView(path = deps.currentPath(), viewportWidth = deps.viewportWidth()) {
      const event: PageViewEvent = {
        type: 'pageView',
        // Never the query string: the address bar may carry authorization codes.
        path: telemetryPath(path).slice(0, 512),
        device: deviceForWidth(viewportWidth),
        time: new Date().toISOString(),
      };
      enqueue(event);
    },
    async trackApiCall<T>(call: ApiCallInfo, fn: () => Promise<T>): Promise<T> {
      const started = deps.now();
      let result: T;
      try {
        result = await fn();
      } catch (error) {
        return reportApiFailure(error, { ...call, durationMs: deps.now() - started });
      }
      // A returned Response tells its status; any other resolved value counts as a success (200).
      record(call, isResponseLike(result) ? result.status : 200, deps.now() - started);
      return result;
    },
    reportApiFailure,
    observeApiCall(call) {
      record(call, call.status ?? null, call.durationMs);
    },
    flush,
    dispose() {
      flush(true);
      if (typeof document !== 'undefined' && typeof window !== 'undefined') {
        document.removeEventListener('visibilitychange', onHidden);
        window.removeEventListener('pagehide', onPageHide);
      }
    },
  };
}
