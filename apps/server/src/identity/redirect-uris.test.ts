import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { widenFormAction } from './index.ts';
import { redirectUris } from './provider.ts';

const env = { PUBLIC_URL: 'https://portal.example.org', NODE_ENV: 'test' };

describe('redirect URIs of the embedded provider’s client', () => {
  it('registers the web callback, the native scheme and their sign-out pages', () => {
    const uris = redirectUris(loadConfig(env));
    expect(uris.web).toEqual(['https://portal.example.org/signin-oidc']);
    expect(uris.native).toEqual(['de.vereinsheim.app:/signin-oidc']);
    expect(uris.postLogoutWeb).toEqual([
      'https://portal.example.org/',
      'https://portal.example.org/signed-out',
    ]);
    expect(uris.postLogoutNative).toEqual(['de.vereinsheim.app:/', 'de.vereinsheim.app:/signed-out']);
  });

  it('adds OIDC_EXTRA_REDIRECT_URIS (e.g. a Vite dev server) exactly', () => {
    const config = loadConfig({
      ...env,
      OIDC_EXTRA_REDIRECT_URIS: ' http://localhost:5173/signin-oidc , http://127.0.0.1:5173/signin-oidc',
    });
    const uris = redirectUris(config);
    expect(uris.web).toEqual([
      'https://portal.example.org/signin-oidc',
      'http://localhost:5173/signin-oidc',
      'http://127.0.0.1:5173/signin-oidc',
    ]);
    expect(uris.postLogoutWeb).toContain('http://localhost:5173/signed-out');
  });

  it('refuses an extra redirect URI that is not http(s), naming the variable', () => {
    expect(() => loadConfig({ ...env, OIDC_EXTRA_REDIRECT_URIS: 'javascript:alert(1)' })).toThrow(
      /^Invalid configuration: OIDC_EXTRA_REDIRECT_URIS: /,
    );
  });

  it('widens the CSP form-action by the extra origins only', () => {
    const headers = new Map<string, string>([
      [
        'content-security-policy',
        "default-src 'self';form-action 'self' de.vereinsheim.app:;base-uri 'self'",
      ],
    ]);
    const res = {
      getHeader: (name: string) => headers.get(name),
      setHeader: (name: string, value: string) => headers.set(name, value),
    } as unknown as Parameters<typeof widenFormAction>[0];
    widenFormAction(res, ['http://localhost:5173']);
    expect(headers.get('content-security-policy')).toBe(
      "default-src 'self';form-action 'self' de.vereinsheim.app: http://localhost:5173;base-uri 'self'",
    );
  });
});
