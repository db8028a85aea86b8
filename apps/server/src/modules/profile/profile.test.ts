import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestPerson } from '../../../test/harness.ts';

let ctx: TestContext;
let owner: TestPerson;
let other: TestPerson;
let club: string;
let foreignClub: string;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await ctx.createPerson({ firstName: 'Paula', lastName: 'Profil' });
  other = await ctx.createPerson();
  club = await ctx.createClub('Profilverein');
  foreignClub = await ctx.createClub('Andere');
  await ctx.addMembership(owner.personId, club);
  await ctx.addMembership(other.personId, foreignClub);
});
afterAll(() => ctx.close());

async function call(
  person: TestPerson | null,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) {
  const headers = person ? await ctx.auth(person) : {};
  return ctx.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
}

async function upload(person: TestPerson, url: string, data: Buffer, filename: string, type: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type }), filename);
  const encoded = new Response(form);
  return ctx.app.inject({
    method: 'PUT',
    url: `/api${url}`,
    headers: { ...(await ctx.auth(person)), 'content-type': encoded.headers.get('content-type')! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

const GPS_POINTER = Buffer.from([0x25, 0x88]);
const jpegWithGps = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SpyCam', Copyright: 'Paula' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 8/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '11/1 34/1 0/1',
      },
    })
    .toBuffer();

const valid = { firstName: 'Paula', lastName: 'Profil', birthdate: '1990-05-01', birthplace: 'Köln' };

describe('GET and PUT /api/me', () => {
  it('answers 401 without a token', async () => {
    expect((await call(null, 'GET', '/me')).statusCode).toBe(401);
    expect((await call(null, 'PUT', '/me', valid)).statusCode).toBe(401);
  });

  it('returns the full profile with clubs and empty lists', async () => {
    const res = await call(owner, 'GET', '/me');
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(me).toMatchObject({
      id: owner.personId,
      firstName: 'Paula',
      b2cId: owner.subject,
      addresses: [],
      events: [],
    });
    expect(me.tenants.map((t: { name: string }) => t.name)).toEqual(['Profilverein']);
    expect(me.approvals).toHaveLength(2);
  });

  it('takes only the person fields, maps unknown gender to noinformation and logs old → new', async () => {
    const res = await call(owner, 'PUT', '/me', {
      ...valid,
      id: owner.personId,
      title: ' Dr. ',
      gender: 'Alien',
      birthplace: 'Bonn',
      age: 99,
      b2cId: 'evil',
      avatarImageUrl: 'https://evil.example/x.png',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Dr.',
      gender: 'noinformation',
      birthplace: 'Bonn',
      birthdate: '1990-05-01',
      firstName: 'Paula',
      b2cId: owner.subject,
      avatarImageUrl: null,
    });
    expect(typeof res.json().age).toBe('number');
    const logs = (await call(owner, 'GET', '/me/logmessages')).json().items as { summary: string }[];
    expect(logs.map((l) => l.summary)).toContainEqual(expect.stringContaining('Geburtsort: Köln → Bonn'));
  });

  it.each([
    ['firstName', { ...valid, firstName: '  ' }],
    ['lastName', { ...valid, lastName: undefined }],
    ['birthdate', { ...valid, birthdate: '1990-02-30' }],
    ['birthdate', { ...valid, birthdate: '2999-01-01' }],
    ['birthplace', { ...valid, birthplace: '' }],
  ])('refuses a missing or bad %s', async (field, body) => {
    const res = await call(owner, 'PUT', '/me', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('answers 404 when the body names another person', async () => {
    const res = await call(owner, 'PUT', '/me', { ...valid, id: other.personId, firstName: 'Gekapert' });
    expect(res.statusCode).toBe(404);
    const me = await call(other, 'GET', '/me');
    expect(me.json().firstName).not.toBe('Gekapert');
  });
});

describe('avatar uploads', () => {
  it('re-encodes a JPEG without its EXIF and GPS data and serves it with long cache headers', async () => {
    const input = await jpegWithGps();
    expect((await sharp(input).metadata()).exif?.includes(GPS_POINTER)).toBe(true);
    const res = await upload(owner, '/me/image/0/upload', input, 'holiday.jpg', 'image/jpeg');
    expect(res.statusCode, res.body).toBe(200);
    const { url, thumbnailUrl } = res.json();
    expect(url).toMatch(/^\/media\/files\/[a-f0-9]{64}-512\.webp$/);
    const file = await ctx.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toContain('immutable');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(file.rawPayload.includes(Buffer.from('SpyCam'))).toBe(false);
    const thumb = await ctx.app.inject({ method: 'GET', url: thumbnailUrl });
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(128);
    const me = await call(owner, 'GET', '/me');
    expect(me.json().avatarImageUrl).toBe(url);
  });

  it('refuses a text file named .jpg (415) and an oversized file (413)', async () => {
    const fake = await upload(
      owner,
      '/me/image/1/upload',
      Buffer.from('hello, I am text'),
      'photo.jpg',
      'image/jpeg',
    );
    expect(fake.statusCode).toBe(415);
    expect(fake.headers['content-type']).toMatch(/problem\+json/);
    const big = await upload(
      owner,
      '/me/image/1/upload',
      Buffer.alloc(6 * 1024 * 1024, 1),
      'big.jpg',
      'image/jpeg',
    );
    expect(big.statusCode).toBe(413);
    const me = await call(owner, 'GET', '/me');
    expect(me.json().externAvatarImageUrl).toBeNull();
  });

  it('refuses a bad scope and a club the person does not belong to', async () => {
    const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect((await upload(owner, '/me/image/3/upload', png, 'a.png', 'image/png')).statusCode).toBe(400);
    expect(
      (await upload(owner, `/me/image/tenant/${foreignClub}/0/upload`, png, 'a.png', 'image/png')).statusCode,
    ).toBe(404);
  });

  it('stores a club avatar and shows it in that club’s summary, falling back to the general one', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#0a0' } })
      .png()
      .toBuffer();
    const res = await upload(owner, `/me/image/tenant/${club}/2/upload`, png, 'club.png', 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    const clubs = await call(owner, 'GET', '/me/tenant/find');
    const summary = clubs.json().items[0];
    const me = await call(owner, 'GET', '/me');
    expect(summary.personInternAvatarImageUrl).toBe(res.json().url);
    expect(summary.personAvatarImageUrl).toBe(me.json().avatarImageUrl);
    expect(summary.personExternAvatarImageUrl).toBe(me.json().avatarImageUrl);
    expect(me.json().tenants[0].personInternAvatarImageUrl).toBe(res.json().url);
    expect(summary.personClubAvatarScopes).toEqual([2]);
  });
});

describe('avatar removal', () => {
  const png = (background: string) =>
    sharp({ create: { width: 80, height: 80, channels: 3, background } })
      .png()
      .toBuffer();

  it('takes the general avatar away: the profile shows none, its files are gone, the log says so', async () => {
    const up = await upload(owner, '/me/image/1/upload', await png('#123456'), 'a.png', 'image/png');
    expect(up.statusCode, up.body).toBe(200);
    const { url, thumbnailUrl } = up.json();
    expect((await call(owner, 'GET', '/me')).json().externAvatarImageUrl).toBe(url);

    const res = await call(owner, 'DELETE', '/me/image/1');
    expect(res.statusCode, res.body).toBe(204);
    expect((await call(owner, 'GET', '/me')).json().externAvatarImageUrl).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: thumbnailUrl })).statusCode).toBe(404);
    const logs = (await call(owner, 'GET', '/me/logmessages')).json().items as { summary: string }[];
    expect(logs[0]!.summary).toBe('Profilbild (extern) entfernt');

    const again = await call(owner, 'DELETE', '/me/image/1');
    expect(again.statusCode).toBe(404);
    expect(again.headers['content-type']).toMatch(/problem\+json/);
    expect(again.json().detail).toBe('Für diesen Bereich ist kein Profilbild hinterlegt.');
  });

  it('takes a club avatar away and keeps the file that another scope still shows', async () => {
    const image = await png('#abcdef');
    const general = await upload(owner, '/me/image/0/upload', image, 'a.png', 'image/png');
    const forClub = await upload(owner, `/me/image/tenant/${club}/2/upload`, image, 'a.png', 'image/png');
    expect(forClub.json().url).toBe(general.json().url);

    const res = await call(owner, 'DELETE', `/me/image/tenant/${club}/2`);
    expect(res.statusCode, res.body).toBe(204);
    const summary = (await call(owner, 'GET', '/me/tenant/find')).json().items[0];
    // The club falls back to the general avatar, whose file is still there.
    expect(summary.personInternAvatarImageUrl).toBe(general.json().url);
    expect(summary.personClubAvatarScopes).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: general.json().url })).statusCode).toBe(200);
    const logs = (await call(owner, 'GET', '/me/logmessages')).json().items as { summary: string }[];
    expect(logs[0]!.summary).toBe('Profilbild (intern) für Profilverein entfernt');
  });

  it('refuses a bad scope, a club the person does not belong to and a missing token, changing nothing', async () => {
    const bad = await call(owner, 'DELETE', '/me/image/3');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/problem\+json/);
    expect((await call(owner, 'DELETE', `/me/image/tenant/${foreignClub}/0`)).statusCode).toBe(404);
    expect((await call(null, 'DELETE', '/me/image/0')).statusCode).toBe(401);
    expect((await call(owner, 'GET', '/me')).json().avatarImageUrl).not.toBeNull();
  });
});

describe('privacy approvals', () => {
  it('lists both kinds per club, approves, and the claim follows', async () => {
    const claim = async () =>
      (await call(owner, 'GET', `/b2c/person/${owner.subject}`)).json().person_privacyaccepted;
    expect(await claim()).toBe(false);
    const list = await call(owner, 'GET', '/me/approvals');
    expect(list.json()).toEqual([
      expect.objectContaining({ tenantId: club, kind: 'privacy', approved: false, approvedAt: null }),
      expect.objectContaining({ tenantId: club, kind: 'terms', approved: false }),
    ]);
    const approved = await call(owner, 'POST', '/me/approvals', { tenantId: club, kind: 'Privacy' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()[0]).toMatchObject({ kind: 'privacy', approved: true, version: '2025-01' });
    expect(await claim()).toBe(true);
    const logs = (await call(owner, 'GET', '/me/logmessages')).json().items as { summary: string }[];
    expect(logs.map((l) => l.summary)).toContainEqual(
      expect.stringContaining('Datenschutzerklärung von Profilverein'),
    );
  });

  it('refuses a club the person does not belong to and a bad kind', async () => {
    expect(
      (await call(owner, 'POST', '/me/approvals', { tenantId: foreignClub, kind: 'privacy' })).statusCode,
    ).toBe(404);
    const bad = await call(owner, 'POST', '/me/approvals', { tenantId: club, kind: 'cookies' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('kind');
    expect((await call(null, 'GET', '/me/approvals')).statusCode).toBe(401);
  });
});

describe('GET /api/me/logmessages', () => {
  it('lists only my own entries, newest first, paged', async () => {
    const res = await call(owner, 'GET', '/me/logmessages?page=1&pagesize=2');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ page: 1, pagesize: 2, orderbytype: 'descending' });
    expect(page.items).toHaveLength(2);
    expect(page.maximumcount).toBeGreaterThan(2);
    expect(page.items[0].createdAt >= page.items[1].createdAt).toBe(true);
    expect(page.items[0].actor).toMatchObject({ id: owner.personId });
    const theirs = await call(other, 'GET', '/me/logmessages');
    expect(theirs.json().items).toEqual([]);
    expect((await call(owner, 'GET', '/me/logmessages?orderby=summary')).statusCode).toBe(400);
    expect((await call(null, 'GET', '/me/logmessages')).statusCode).toBe(401);
  });
});
