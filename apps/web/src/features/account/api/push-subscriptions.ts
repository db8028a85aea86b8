import {
  PushSubscriptionInfoSchema,
  VapidPublicKeySchema,
  type RegisterPushSubscription,
  type UnregisterPushSubscription,
} from '@vereinsheim/contracts/push';
import { useMutation } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../shared/api/client.ts';

/** GET /api/push/vapid-public-key (no token needed). */
export async function fetchVapidPublicKey(): Promise<string> {
  return (await apiGet('push/vapid-public-key', VapidPublicKeySchema)).publicKey;
}

/** POST /api/me/push/subscriptions: a web subscription or a native token. */
export function registerPushSubscription(body: RegisterPushSubscription) {
  return apiRequest('me/push/subscriptions', PushSubscriptionInfoSchema, { method: 'POST', body });
}

/** DELETE /api/me/push/subscriptions. */
export function unregisterPushSubscription(body: UnregisterPushSubscription) {
  return apiRequest('me/push/subscriptions', null, { method: 'DELETE', body });
}

export function useRegisterPushSubscription() {
  return useMutation({ mutationFn: registerPushSubscription });
}
