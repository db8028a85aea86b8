/**
 * Web telemetry (spec §7): page views and API calls, sent as JSON batches to the track endpoint.
 *
 * Wiring (at start-up, after /app-config.json is loaded):
 *
 *   import { createTelemetry } from '../shared/telemetry/index.ts';
 *   import { setApiCallObserver } from '../shared/api/client.ts';
 *
 *   const telemetry = createTelemetry(appConfig().telemetry); // { endpoint, instrumentationKey }
 *   // Off (every method a no-op) unless instrumentationKey is a UUID.
 *   setApiCallObserver((call) => telemetry.observeApiCall(call)); // {method, url, status, durationMs}
 *   // On every route change (react-router's location):
 *   telemetry.trackPageView(location.pathname); // device from window.innerWidth: ≤ 768 px → mobile
 *
 * Or wrap a call yourself; failures are reported with their category and re-raised unchanged:
 *
 *   const data = await telemetry.trackApiCall({ method: 'GET', url }, () => fetchSomething(url));
 *   try { … } catch (error) { telemetry.reportApiFailure(error, { method, url, durationMs }); } // throws
 *
 * What is sent: `{ instrumentationKey, events: [...] }` (contract: @vereinsheim/contracts/telemetry).
 * API calls carry the normalised path (numeric and UUID segments → `{id}`, no query), the URL with the
 * query parameters token, access_token, refresh_token, api_key, apikey, password and secret redacted,
 * status (null: no response), duration, bucket (fast < 100 ms, medium < 500, slow < 1000, very_slow) and,
 * for failures, category (server_error ≥ 500, client_error 400–499, network_error without response).
 * Page views carry the normalised path only (never the query string) and the device class.
 * Sampling 100 %. Events are batched (≤ 50), sent after 5 s, when a batch is full, or by sendBeacon when the
 * page is hidden. Sending never throws into the app.
 */
export {
  browserDeps,
  createTelemetry,
  type ApiCallInfo,
  type HttpMethod,
  type ObservedApiCall,
  type Telemetry,
  type TelemetryConfig,
  type TelemetryDeps,
} from './telemetry.ts';
export {
  apiFailureCategory,
  deviceForWidth,
  isValidInstrumentationKey,
  responseTimeBucket,
  statusOfError,
  type ApiFailureCategory,
  type ResponseTimeBucket,
  type TelemetryDevice,
} from './classify.ts';
export { normalisePath, redactUrl, REDACTED, telemetryPath } from './url.ts';
