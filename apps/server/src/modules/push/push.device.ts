import type { PushPayload } from '@vereinsheim/contracts';

/**
 * One native push provider (FCM HTTP v1 for Android, APNs for iOS) behind one small interface: a device token
 * and the payload in, the provider's verdict out. The dispatcher removes the device on `invalid-token`; the
 * push job (ADR 0021) runs again on `retry`, skipping the devices it has reached.
 */
export type DeviceSendResult =
  | { kind: 'ok' }
  /** The provider says the token is gone or not valid for this app: forget the device. */
  | { kind: 'invalid-token'; reason: string }
  /** Temporary (rate limit, provider down, network): try again later, not before `retryAfterSeconds`. */
  | { kind: 'retry'; reason: string; retryAfterSeconds?: number }
  /** Refused for another reason (payload, credentials): retrying the same request will not help. */
  | { kind: 'failed'; reason: string };

export interface DeviceSender {
  readonly platform: 'ios' | 'android';
  send(token: string, payload: PushPayload): Promise<DeviceSendResult>;
  close(): Promise<void>;
}

/** Seconds from a Retry-After header (delta-seconds or HTTP date), if present. */
export function retryAfter(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.round(seconds));
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.round((date - Date.now()) / 1000));
}
