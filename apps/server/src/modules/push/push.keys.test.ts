import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { loadVapidKeys } from './push.keys.ts';

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vh-vapid-'));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('VAPID keys', () => {
  it('are generated once and kept in DATA_DIR/push/vapid.json', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir });
    const first = await loadVapidKeys(config);
    const second = await loadVapidKeys(config);
    expect(second).toEqual(first);
    const stored = JSON.parse(await fs.readFile(path.join(dir, 'push', 'vapid.json'), 'utf8')) as object;
    expect(stored).toMatchObject({ publicKey: first.publicKey, privateKey: first.privateKey });
    expect(first.subject).toBe('mailto:support@vereinsheim.example');
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
    expect(await loadVapidKeys(config)).toEqual({ ...keys, subject: 'https://verein.example/kontakt' });
    await expect(fs.access(path.join(dir, 'unused'))).rejects.toThrow();
  });

  it('must be configured as a pair', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'test', VAPID_PUBLIC_KEY: webpush.generateVAPIDKeys().publicKey }),
    ).toThrow(/VAPID_PRIVATE_KEY/);
  });
});
