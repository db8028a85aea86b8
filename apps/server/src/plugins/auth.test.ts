import { SignJWT, UnsecuredJWT, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestPerson } from '../../test/harness.ts';
import { VerifiedTokenCache } from './auth.ts';

let ctx: TestContext;
let person: TestPerson;

beforeAll(async () => {
  ctx = await createTestContext();
  person = await ctx.createPerson();
});
afterAll(() => ctx.close());

const get = (headers: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: '/api/me/tenant/find', headers });

describe('bearer access tokens', () => {
  it('accepts a valid token', async () => {
    const res = await get(await ctx.auth(person));
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['missing', async () => ({})],
    ['malformed', async () => ({ authorization: 'Bearer not-a-jwt' })],
    ['non-bearer scheme', async () => ({ authorization: `Basic ${Buffer.from('a:b').toString('base64')}` })],
    [
      'expired',
      async () => ({
        authorization: `Bearer ${await ctx.token(person.subject, { expiresIn: Math.floor(Date.now() / 1000) - 60 })}`,
      }),
    ],
    [
      'wrong audience',
      async () => ({
        authorization: `Bearer ${await ctx.token(person.subject, { payload: { aud: 'https://other.example/api' } })}`,
      }),
    ],
    [
      'wrong issuer',
      async () => {
        const token = await ctx.token(person.subject, { payload: { iss: 'https://evil.example/oidc' } });
        return { authorization: `Bearer ${token}` };
      },
    ],
    [
      'alg none',
      async () => {
        const token = new UnsecuredJWT({ sub: person.subject })
          .setIssuer(ctx.config.oidc.issuer)
          .setAudience(ctx.config.oidc.audience)
          .setExpirationTime('5m')
          .encode();
        return { authorization: `Bearer ${token}` };
      },
    ],
    [
      'signed by an unknown key',
      async () => {
        const { privateKey } = await generateKeyPair('RS256');
        const token = await new SignJWT({})
          .setProtectedHeader({ alg: 'RS256', kid: ctx.keys.publicJwks.keys[0]!.kid! })
          .setSubject(person.subject)
          .setIssuer(ctx.config.oidc.issuer)
          .setAudience(ctx.config.oidc.audience)
          .setExpirationTime('5m')
          .sign(privateKey);
        return { authorization: `Bearer ${token}` };
      },
    ],
    ['unknown subject', async () => ({ authorization: `Bearer ${await ctx.token('no-such-subject')}` })],
  ])('answers 401 problem+json for a %s token', async (name, headers) => {
    const res = await get(await headers());
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    // RFC 6750 §3.1: a request without a bearer token gets the bare challenge, a refused token invalid_token.
    const sent = name !== 'missing' && name !== 'non-bearer scheme';
    expect(res.headers['www-authenticate']).toMatch(
      sent ? /^Bearer error="invalid_token", error_description="[^"]+"$/ : /^Bearer$/,
    );
    expect(res.json()).toMatchObject({ status: 401, title: 'Unauthorized' });
  });

  it('answers 401 before it looks at the request’s input', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/me/tenant/find?page=0&orderbytype=sideways',
    });
    expect(res.statusCode).toBe(401);
  });

  it('ignores the userId, userid and oid headers', async () => {
    const other = await ctx.createPerson();
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/tenants/notenant/person/${other.personId}`,
      headers: {
        ...(await ctx.auth(person)),
        userId: other.personId,
        userid: other.personId,
        oid: other.personId,
      },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('verified-token cache', () => {
  it('answers a verified token until its exp and forgets it afterwards', () => {
    const cache = new VerifiedTokenCache();
    const now = Date.now();
    const payload = { sub: 'a', exp: Math.floor(now / 1000) + 60 };
    cache.set('token-a', payload);
    expect(cache.get('token-a', now)).toBe(payload);
    expect(cache.get('token-a', payload.exp * 1000 + 1)).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.get('token-b', now)).toBeUndefined();
  });

  it('keeps at most its maximum, dropping the oldest token first', () => {
    const cache = new VerifiedTokenCache(2);
    const exp = Math.floor(Date.now() / 1000) + 60;
    cache.set('one', { exp });
    cache.set('two', { exp });
    cache.set('three', { exp });
    expect([cache.get('one'), cache.get('two'), cache.get('three')].map(Boolean)).toEqual([
      false,
      true,
      true,
    ]);
  });

  it('still refuses a token that differs in its signature from a cached one', async () => {
    const headers = await ctx.auth(person);
    expect((await get(headers)).statusCode).toBe(200);
    // A character inside the signature (not the last one, whose low bits may be padding).
    const token = headers.authorization!;
    const at = token.length - 10;
    const tampered = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    expect((await get({ authorization: tampered })).statusCode).toBe(401);
  });
});
