import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, describeMode, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs on the embedded defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.embeddedIdp).toBe(true);
    expect(config.oidc.issuer).toBe('http://localhost:3000/oidc');
    expect(config.oidc.clientId).toBe('vereinsheim-web');
    expect(config.oidc.audience).toBe('http://localhost:3000/api');
    expect(config.demoData).toBe(true);
    expect(config.logLevel).toBe('info');
  });

  it('derives the issuer and audience from PUBLIC_URL without a trailing slash', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://portal.example.org/', PORT: '8080' });
    expect(config.publicUrl).toBe('https://portal.example.org');
    expect(config.oidc.issuer).toBe('https://portal.example.org/oidc');
    expect(config.port).toBe(8080);
  });

  it('turns demo data off by default with PostgreSQL or an external provider', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/x' }).demoData).toBe(false);
    expect(loadConfig({ OIDC_ISSUER: 'https://login.example.org', OIDC_CLIENT_ID: 'portal' }).demoData).toBe(
      false,
    );
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/x', DEMO_DATA: 'true' }).demoData).toBe(true);
  });

  it('uses an external provider when OIDC_ISSUER is set', () => {
    const config = loadConfig({
      OIDC_ISSUER: 'https://login.example.org/tenant/',
      OIDC_CLIENT_ID: 'portal',
      OIDC_AUDIENCE: 'api://portal',
    });
    expect(config.embeddedIdp).toBe(false);
    expect(config.oidc).toMatchObject({
      issuer: 'https://login.example.org/tenant',
      clientId: 'portal',
      audience: 'api://portal',
    });
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT: /],
    [{ PORT: '70000' }, /^Invalid configuration: PORT: expected 0–65535/],
    [{ PUBLIC_URL: 'not a url' }, /^Invalid configuration: PUBLIC_URL: /],
    [
      { DATABASE_URL: 'mysql://x' },
      /^Invalid configuration: DATABASE_URL: expected a postgres:\/\/ connection URL/,
    ],
    [{ DEMO_DATA: 'maybe' }, /^Invalid configuration: DEMO_DATA: expected true or false/],
    [{ LOG_LEVEL: 'loud' }, /^Invalid configuration: LOG_LEVEL: /],
    [{ OIDC_ISSUER: 'https://login.example.org' }, /^Invalid configuration: OIDC_CLIENT_ID: required/],
    [
      { NODE_ENV: 'production', PUBLIC_URL: 'https://p.example', DEMO_DATA: 'true' },
      /DEMO_DATA: demo data is refused in production/,
    ],
    [{ NODE_ENV: 'production', PUBLIC_URL: 'https://p.example' }, /OIDC_COOKIE_KEYS: required in production/],
    [{ METRICS_TOKEN: 'short' }, /^Invalid configuration: METRICS_TOKEN: expected at least 24 characters/],
    [{ METRICS_ALLOW: '10.0.0.0/8, not-an-address' }, /^Invalid configuration: METRICS_ALLOW: expected/],
    [
      { SESSION_IDLE_TIMEOUT_MINUTES: '1' },
      /^Invalid configuration: SESSION_IDLE_TIMEOUT_MINUTES: expected 5/,
    ],
    [
      { UNSAFE_TEST_CSP: 'true', PUBLIC_URL: 'https://p.example' },
      /^Invalid configuration: UNSAFE_TEST_CSP: only for tests/,
    ],
    [
      {
        UNSAFE_TEST_CSP: 'true',
        NODE_ENV: 'production',
        PUBLIC_URL: 'http://p.example',
        OIDC_COOKIE_KEYS: 'k'.repeat(32),
        SMTP_URL: 'smtp://mail.example',
      },
      /^Invalid configuration: UNSAFE_TEST_CSP: only for tests/,
    ],
    [
      { NODE_ENV: 'production', PUBLIC_URL: 'https://p.example', OIDC_COOKIE_KEYS: 'k'.repeat(32) },
      /SMTP_URL: required in production when the embedded provider runs/,
    ],
    [
      { DEV_FEATURES: 'true', PUBLIC_URL: 'https://p.example' },
      /DEV_FEATURES: refused with an https PUBLIC_URL/,
    ],
    [{ DEV_FEATURES: 'true', DATABASE_URL: 'postgres://u@db/x' }, /DEV_FEATURES: refused with DATABASE_URL/],
    [
      { DEV_FEATURES: 'true', OIDC_ISSUER: 'https://login.example.org', OIDC_CLIENT_ID: 'p' },
      /DEV_FEATURES: refused with OIDC_ISSUER/,
    ],
    [{ DEV_FEATURES: 'true', NODE_ENV: 'production' }, /DEV_FEATURES: refused with NODE_ENV=production/],
    [{ TRUST_PROXY: 'true' }, /TRUST_PROXY: expected the proxy addresses/],
    [{ TRUST_PROXY: '10.0.0.1,proxy.example' }, /TRUST_PROXY: .*'proxy.example' is neither/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY: .*'10.0.0.0\/33' is neither/],
  ])('refuses %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('keeps /metrics closed and sessions at 12 idle hours by default; reads the metrics access', () => {
    const defaults = loadConfig({});
    expect(defaults.metrics).toEqual({ token: undefined, allow: [] });
    expect(defaults.session.idleTimeoutSeconds).toBe(12 * 3600);
    expect(defaults.unsafeTestCsp).toBe(false);
    const set = loadConfig({
      METRICS_TOKEN: 'x'.repeat(24),
      METRICS_ALLOW: 'loopback, 10.0.0.0/8,2001:db8::1',
      SESSION_IDLE_TIMEOUT_MINUTES: '30',
    });
    expect(set.metrics).toEqual({ token: 'x'.repeat(24), allow: ['loopback', '10.0.0.0/8', '2001:db8::1'] });
    expect(set.session.idleTimeoutSeconds).toBe(1800);
  });

  describe('modes', () => {
    it('runs the embedded default on this machine in development mode', () => {
      expect(loadConfig({}).mode).toBe('development');
      expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:4000' }).mode).toBe('development');
      expect(loadConfig({ PUBLIC_URL: 'http://192.168.1.20:3000' }).mode).toBe('development');
      expect(loadConfig({}).push.allowAnyEndpoint).toBe(true);
      expect(describeMode(loadConfig({}))[0]).toMatch(/^Mode: DEVELOPMENT/);
    });

    it.each([
      ['PostgreSQL', { DATABASE_URL: 'postgres://u@db/x' }],
      ['PostgreSQL with demo data', { DATABASE_URL: 'postgres://u@db/x', DEMO_DATA: 'true' }],
      ['an external provider', { OIDC_ISSUER: 'https://login.example.org', OIDC_CLIENT_ID: 'portal' }],
      ['an https public address', { PUBLIC_URL: 'https://verein.example' }],
      ['a public http address', { PUBLIC_URL: 'http://verein.example' }],
      ['NODE_ENV=test without the flag', { NODE_ENV: 'test', PUBLIC_URL: 'http://verein.example' }],
      ['DEV_FEATURES=false', { DEV_FEATURES: 'false' }],
    ])('runs %s in production mode without development features', (_name, env) => {
      const config = loadConfig(env);
      expect(config.mode).toBe('production');
      expect(config.push.allowAnyEndpoint).toBe(false);
      expect(describeMode(config)[0]).toMatch(/^Mode: production/);
    });

    it('keeps DEMO_DATA=true on PostgreSQL valid, with mails to the log', () => {
      const config = loadConfig({ DATABASE_URL: 'postgres://u@db/x', DEMO_DATA: 'true' });
      expect(config.demoData).toBe(true);
      expect(describeMode(config).join('\n')).toContain('mails are written to the log only');
    });

    it('turns the development features on with DEV_FEATURES=true on an http address', () => {
      const config = loadConfig({ DEV_FEATURES: 'true', PUBLIC_URL: 'http://verein.test:3000' });
      expect(config.mode).toBe('development');
      expect(config.push.allowAnyEndpoint).toBe(true);
    });
  });

  it('reads TRUST_PROXY as off, a hop count or a list of proxy addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,loopback,::1' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'loopback',
      '::1',
    ]);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });
});
