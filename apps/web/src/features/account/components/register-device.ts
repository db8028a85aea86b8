import { isApiError } from '../../../shared/api/client.ts';
import { disablePush, enablePush } from '../../../shared/platform/push.ts';
import { fetchVapidPublicKey, registerPushSubscription } from '../api/push-subscriptions.ts';

/**
 * Registers this device for push. A 409 means the device's subscription is registered to another person (a
 * shared browser whose previous user did not switch push off): the device then unsubscribes and subscribes
 * afresh, which gives it an endpoint of its own; the other registration dies with the old endpoint (410).
 */
export async function registerThisDevice(): Promise<void> {
  try {
    await registerPushSubscription(await enablePush(fetchVapidPublicKey));
  } catch (error) {
    if (!isApiError(error) || error.status !== 409) throw error;
    await disablePush();
    await registerPushSubscription(await enablePush(fetchVapidPublicKey));
  }
}
