import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { loadConfig } from '../../config.ts';

const FINGERPRINT = Array.from({ length: 32 }, (_, i) => (i * 7).toString(16).padStart(2, '0')).join(':');

describe('App Links and Universal Links', () => {
  let configured: TestContext;
  let plain: TestContext;
  beforeAll(async () => {
    configured = await createTestContext({
      NATIVE_HTTPS_REDIRECT_URI: 'https://portal.example.org/app/signin-oidc',
      ANDROID_APP_PACKAGE: 'de.vereinsheim.app',
      ANDROID_APP_CERT_SHA256: `${FINGERPRINT.toLowerCase()}, ${FINGERPRINT.replace(/^00/, 'FF')}`,
      APPLE_TEAM_ID: 'ABCDE12345',
      IOS_BUNDLE_ID: 'de.vereinsheim.app',
    });
    plain = await createTestContext();
  });
  afterAll(async () => {
    await configured.close();
    await plain.close();
  });

  it('serves the Digital Asset Links statement from ANDROID_APP_PACKAGE and ANDROID_APP_CERT_SHA256', async () => {
    const res = await configured.app.inject({ method: 'GET', url: '/.well-known/assetlinks.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual([
      {
        relation: ['delegate_permission/common.handle_all_urls'],
        target: {
          namespace: 'android_app',
          package_name: 'de.vereinsheim.app',
          sha256_cert_fingerprints: [
            FINGERPRINT.toUpperCase(),
            FINGERPRINT.toUpperCase().replace(/^00/, 'FF'),
          ],
        },
      },
    ]);
  });

  it('serves apple-app-site-association for TEAMID.bundle with the /app/ paths, without redirect', async () => {
    const res = await configured.app.inject({
      method: 'GET',
      url: '/.well-known/apple-app-site-association',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json<{ applinks: { details: Record<string, unknown>[] } }>();
    expect(body.applinks.details).toEqual([
      expect.objectContaining({
        appIDs: ['ABCDE12345.de.vereinsheim.app'],
        components: [expect.objectContaining({ '/': '/app/*' })],
        appID: 'ABCDE12345.de.vereinsheim.app',
        paths: ['/app/*'],
      }),
    ]);
  });

  it('serves nothing when no app is configured', async () => {
    for (const url of ['/.well-known/assetlinks.json', '/.well-known/apple-app-site-association']) {
      const res = await plain.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });

  it('sends an unclaimed sign-in callback on to the app’s custom scheme, and other /app/ links to the web app', async () => {
    const callback = await configured.app.inject({
      method: 'GET',
      url: '/app/signin-oidc?code=abc&state=%2Fevents',
    });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('de.vereinsheim.app:/signin-oidc?code=abc&state=%2Fevents');
    const signedOut = await configured.app.inject({ method: 'GET', url: '/app/signed-out' });
    expect(signedOut.headers.location).toBe('de.vereinsheim.app:/signed-out');
    const deepLink = await configured.app.inject({ method: 'GET', url: '/app/events/123?x=1' });
    expect(deepLink.statusCode).toBe(302);
    expect(deepLink.headers.location).toBe('/events/123?x=1');
    const unknown = await configured.app.inject({ method: 'GET', url: '/app/nowhere' });
    expect(unknown.statusCode).toBe(404);
    // Without a claimed redirect URI the callback path is no route at all.
    const off = await plain.app.inject({ method: 'GET', url: '/app/signin-oidc?code=abc' });
    expect(off.statusCode).toBe(404);
  });

  it('refuses incomplete or malformed app link settings, naming the variable', () => {
    const env = { NODE_ENV: 'test' };
    expect(() => loadConfig({ ...env, ANDROID_APP_PACKAGE: 'de.vereinsheim.app' })).toThrow(
      /ANDROID_APP_CERT_SHA256: ANDROID_APP_PACKAGE and ANDROID_APP_CERT_SHA256 go together/,
    );
    expect(() => loadConfig({ ...env, APPLE_TEAM_ID: 'ABCDE12345' })).toThrow(/IOS_BUNDLE_ID/);
    expect(() =>
      loadConfig({ ...env, ANDROID_APP_PACKAGE: 'de.vereinsheim.app', ANDROID_APP_CERT_SHA256: 'AB:CD' }),
    ).toThrow(/^Invalid configuration: ANDROID_APP_CERT_SHA256: /);
    expect(() =>
      loadConfig({ ...env, NATIVE_HTTPS_REDIRECT_URI: 'http://portal.example.org/app/signin-oidc' }),
    ).toThrow(/^Invalid configuration: NATIVE_HTTPS_REDIRECT_URI: /);
    expect(() =>
      loadConfig({ ...env, NATIVE_HTTPS_REDIRECT_URI: 'https://portal.example.org/signin-oidc' }),
    ).toThrow(/^Invalid configuration: NATIVE_HTTPS_REDIRECT_URI: /);
    expect(() => loadConfig({ ...env, NATIVE_REDIRECT_URI: 'https://portal.example.org/x' })).toThrow(
      /^Invalid configuration: NATIVE_REDIRECT_URI: /,
    );
  });
});
