/**
 * The stored token record of spec §3 and its lifecycle of spec §4, shared with the server: the web's
 * backend-for-frontend keeps the record per session on the server, the native apps keep it on the device.
 */
export {
  EXPIRY_SKEW_MS,
  parseTokenRecord,
  tokenLifecycle,
  type TokenDecision,
  type TokenRecord,
} from '@vereinsheim/contracts/token-record';
