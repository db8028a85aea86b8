import type { AppConfig } from '@vereinsheim/contracts/app-config';
import { setApiCallObserver } from '../shared/api/client.ts';
import type { Telemetry } from '../shared/telemetry/index.ts';

let telemetry: Telemetry | null = null;

/** Loads the telemetry module (its own chunk) and lets it observe every API call (spec §7). */
export async function startTelemetry(config: AppConfig): Promise<void> {
  try {
    const { createTelemetry } = await import('../shared/telemetry/index.ts');
    const instance = createTelemetry(config.telemetry);
    telemetry = instance;
    if (instance.enabled) setApiCallObserver((call) => instance.observeApiCall(call));
  } catch (error) {
    console.warn('Telemetry is off', error);
  }
}

export function trackPageView(path: string): void {
  telemetry?.trackPageView(path);
}
