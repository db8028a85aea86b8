import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, testConfig, type TestContext } from '../../../test/harness.ts';
import { fileStoreFor } from './file-store.factory.ts';
import type { FileStore } from './file-store.ts';

const avatar = `${'ab'.repeat(32)}-512.webp`;
const document = `events/${randomUUID()}/${randomUUID()}`;

/** What every store must do: keep bytes exactly, answer null for what it does not hold, refuse odd names. */
async function roundTrip(store: FileStore) {
  const bytes = randomBytes(70_000);
  await store.put(avatar, bytes);
  await store.put(document, Buffer.from('Hallo'));
  expect(Buffer.compare((await store.get(avatar))!, bytes)).toBe(0);
  expect((await store.get(document))!.toString()).toBe('Hallo');
  // The same content-addressed name twice (identical uploads at once) is fine.
  await Promise.all([store.put(avatar, bytes), store.put(avatar, bytes)]);
  await store.delete(avatar);
  expect(await store.get(avatar)).toBeNull();
  expect(await store.get(`teams/${randomUUID()}/${randomUUID()}`)).toBeNull();
  await expect(store.put('../etc/passwd', bytes)).rejects.toThrow(/Refusing/);
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('file stores', () => {
  it('keep files in PostgreSQL by default, visible to every instance on the database', async () => {
    expect(ctx.config.files.kind).toBe('postgres');
    await roundTrip(ctx.files);
    // A second store on the same database (another instance) reads what the first wrote.
    const other = await fileStoreFor(testConfig(), ctx.db);
    await ctx.files.put(avatar, Buffer.from('geteilt'));
    expect((await other.get(avatar))!.toString()).toBe('geteilt');
  });

  it('keep files in an S3-compatible bucket with FILE_STORE=s3 (a local S3 server)', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vh-s3-'));
    const server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'vereinsheim' }],
    });
    const address = await server.run();
    try {
      const config = testConfig({
        FILE_STORE: 's3',
        S3_BUCKET: 'vereinsheim',
        S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_PREFIX: 'portal/',
      });
      const store = await fileStoreFor(config, ctx.db);
      await roundTrip(store);
      // The objects really are in the bucket, under the prefix.
      const listing = await fetch(`http://127.0.0.1:${address.port}/vereinsheim?list-type=2`);
      expect(await listing.text()).toContain(`<Key>portal/${document}</Key>`);
    } finally {
      await server.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('FILE_STORE=s3 needs a bucket', () => {
    expect(() => testConfig({ FILE_STORE: 's3' })).toThrow(/S3_BUCKET/);
  });
});
