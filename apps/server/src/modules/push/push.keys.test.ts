import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { serverKeys } from '../../db/schema/index.ts';
import { openTestDatabase } from '../../../test/harness.ts';
import { loadVapidKeys } from './push.keys.ts';

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vh-vapid-'));
const database = await openTestDatabase();
afterAll(async () => {
  await database.drop();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('VAPID keys', () => {
  it('are generated once and shared through the database, also when two instances ask at once', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(dir, 'a') });
    const other = loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(dir, 'b') });
    const [first, second] = await Promise.all([
      loadVapidKeys(config, database.db),
      loadVapidKeys(other, database.db),
    ]);
    expect(second).toEqual(first);
    expect(first.subject).toBe('mailto:support@vereinsheim.example');
    const rows = await database.db.select().from(serverKeys);
    expect(rows.filter((r) => r.name === 'push.vapid')).toHaveLength(1);
    // Nothing is written to DATA_DIR any more.
    await expect(fs.access(path.join(dir, 'a'))).rejects.toThrow();
  });

  it('come from the environment when configured', async () => {
    const keys = webpush.generateVAPIDKeys();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: path.join(dir, 'unused'),
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'https://verein.example/kontakt',
    });
    expect(await loadVapidKeys(config, database.db)).toEqual({
      ...keys,
      subject: 'https://verein.example/kontakt',
    });
    await expect(fs.access(path.join(dir, 'unused'))).rejects.toThrow();
  });

  it('must be configured as a pair', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'test', VAPID_PUBLIC_KEY: webpush.generateVAPIDKeys().publicKey }),
    ).toThrow(/VAPID_PRIVATE_KEY/);
  });
});
