import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestPerson } from '../../../test/harness.ts';

let ctx: TestContext;
let person: TestPerson;
let baseUrl: string;

beforeAll(async () => {
  ctx = await createTestContext();
  person = await ctx.createPerson();
  // Over real HTTP: multipart parsing, temp files and the database all see truly parallel requests.
  baseUrl = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => ctx.close());

it('stores 8 identical avatar uploads sent at the same time without an error', async () => {
  const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
  const headers = await ctx.auth(person);
  const send = () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'avatar.png');
    return fetch(`${baseUrl}/api/me/image/0/upload`, { method: 'PUT', headers, body: form });
  };
  const responses = await Promise.all(Array.from({ length: 8 }, send));
  const bodies = await Promise.all(responses.map((r) => r.json() as Promise<{ url: string }>));
  expect(responses.map((r) => r.status)).toEqual(Array(8).fill(200));
  expect(new Set(bodies.map((b) => b.url)).size).toBe(1);

  const image = await fetch(`${baseUrl}${bodies[0]!.url}`);
  expect(image.status).toBe(200);
  expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).format).toBe('webp');
  const me = await fetch(`${baseUrl}/api/me`, { headers });
  expect(((await me.json()) as { avatarImageUrl: string }).avatarImageUrl).toBe(bodies[0]!.url);
});
