import fs from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../config.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * VAPID keys: from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when configured (production, several
 * instances), else generated once and kept in DATA_DIR/push/vapid.json (embedded default). Browsers
 * bind a subscription to the public key, so the keys must not change while subscriptions exist.
 */
export async function loadVapidKeys(config: Config): Promise<VapidKeys> {
  const subject = config.push.vapidSubject;
  if (config.push.vapidPublicKey && config.push.vapidPrivateKey) {
    return { publicKey: config.push.vapidPublicKey, privateKey: config.push.vapidPrivateKey, subject };
  }
  const file = path.join(config.dataDir, 'push', 'vapid.json');
  try {
    const stored = JSON.parse(await fs.readFile(file, 'utf8')) as Partial<VapidKeys>;
    if (stored.publicKey && stored.privateKey) {
      return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const keys = webpush.generateVAPIDKeys();
  await fs.mkdir(path.dirname(file), { recursive: true });
  // `wx`: a concurrent start that wrote first wins; then read its keys.
  try {
    await fs.writeFile(file, JSON.stringify(keys), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return loadVapidKeys(config);
  }
  return { ...keys, subject };
}
