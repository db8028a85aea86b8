import type { AppConfig } from '@vereinsheim/contracts/app-config';
import { setApiCallObserver, type ApiCallRecord } from '../shared/api/client.ts';
import type { Telemetry } from '../shared/telemetry/index.ts';

/** More than a start-up makes; beyond it, early events are dropped rather than kept without bound. */
const EARLY_EVENTS_MAX = 100;

let telemetry: Telemetry | null = null;
/** API calls and page views seen while the telemetry module is still loading. */
let early: { calls: ApiCallRecord[]; views: string[] } | null = null;

/**
 * Loads the telemetry module (its own chunk) and lets it observe every API call (spec §7). The start-up does not
 * wait for it (issue 14 §6: it would add a round trip before the session is read): what happens meanwhile is
 * kept and handed over once it has loaded, or dropped when telemetry is off.
 */
export function startTelemetry(config: AppConfig): Promise<void> {
  const buffer: { calls: ApiCallRecord[]; views: string[] } = { calls: [], views: [] };
  early = buffer;
  setApiCallObserver((call) => {
    if (buffer.calls.length < EARLY_EVENTS_MAX) buffer.calls.push(call);
  });
  return import('../shared/telemetry/index.ts').then(
    ({ createTelemetry }) => {
      const instance = createTelemetry(config.telemetry);
      telemetry = instance;
      early = null;
      if (!instance.enabled) {
        setApiCallObserver(null);
        return;
      }
      setApiCallObserver((call) => instance.observeApiCall(call));
      for (const call of buffer.calls) instance.observeApiCall(call);
      for (const path of buffer.views) instance.trackPageView(path);
    },
    (error: unknown) => {
      early = null;
      setApiCallObserver(null);
      console.warn('Telemetry is off', error);
    },
  );
}

export function trackPageView(path: string): void {
  if (telemetry) telemetry.trackPageView(path);
  else if (early && early.views.length < EARLY_EVENTS_MAX) early.views.push(path);
}
