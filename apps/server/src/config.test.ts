import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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
  ])('refuses %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });
});
