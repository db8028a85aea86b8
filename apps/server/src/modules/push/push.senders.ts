import fs from 'node:fs/promises';
import type { Config } from '../../config.ts';
import { createApnsSender } from './push.apns.ts';
import type { DeviceSender } from './push.device.ts';
import { createFcmSender } from './push.fcm.ts';

/** The native senders the configuration asks for: FCM for Android, APNs for iOS (none when unconfigured). */
export async function createDeviceSenders(
  config: Config,
): Promise<Partial<Record<'ios' | 'android', DeviceSender>>> {
  const senders: Partial<Record<'ios' | 'android', DeviceSender>> = {};
  const { fcm, apns } = config.push;
  if (fcm) senders.android = createFcmSender(fcm);
  if (apns) {
    const ca = apns.caFile ? await fs.readFile(apns.caFile, 'utf8') : undefined;
    senders.ios = createApnsSender({ ...apns, ca });
  }
  return senders;
}
