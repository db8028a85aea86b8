import fs from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { sharedKey } from '../../db/server-keys.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * VAPID keys: from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when configured, else generated once and shared
 * through the database (server_keys, ADR 0015) so that every instance signs for the same subscriptions.
 * Keys an earlier version kept in DATA_DIR/push/vapid.json are taken over. Browsers bind a subscription
 * to the public key, so the keys must not change while subscriptions exist.
 */
export async function loadVapidKeys(config: Config, db: DbOrTx): Promise<VapidKeys> {
  const subject = config.push.vapidSubject;
  if (config.push.vapidPublicKey && config.push.vapidPrivateKey) {
    return { publicKey: config.push.vapidPublicKey, privateKey: config.push.vapidPrivateKey, subject };
  }
  const keys = await sharedKey(db, 'push.vapid', async () => {
    const legacy = await readLegacy(path.join(config.dataDir, 'push', 'vapid.json'));
    return legacy ?? webpush.generateVAPIDKeys();
  });
  return { publicKey: keys.publicKey, privateKey: keys.privateKey, subject };
}

async function readLegacy(file: string): Promise<{ publicKey: string; privateKey: string } | null> {
  try {
    const stored = JSON.parse(await fs.readFile(file, 'utf8')) as Partial<VapidKeys>;
    return stored.publicKey && stored.privateKey
      ? { publicKey: stored.publicKey, privateKey: stored.privateKey }
      : null;
  } catch {
    return null;
  }
}
