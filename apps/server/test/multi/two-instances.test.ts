import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createTestContext, type TestContext } from '../harness.ts';
import { CookieJar, formOf, freePort, WEB_SCOPE } from '../oidc-browser.ts';

/**
 * Two server processes on one PostgreSQL database (issue 17 §2, ADR 0015): a sign-in on one gives a token the
 * other accepts (keys shared through the database), and a rate limit counts across both.
 */
const databaseUrl = inject('databaseUrl');
const SKIP_REASON = 'two-instance test skipped: needs DATABASE_URL (PGlite runs in one process only)';
if (!databaseUrl) console.warn(SKIP_REASON);

const KEY = '6f1c2e9a-1b2c-4d3e-8f90-a1b2c3d4e5f6';
const serverMain = path.resolve(import.meta.dirname, '../../src/main.ts');

interface Instance {
  child: ChildProcess;
  baseUrl: string;
  log: string[];
}

async function startInstance(port: number, env: Record<string, string>): Promise<Instance> {
  const log: string[] = [];
  const child = spawn(process.execPath, [serverMain], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: killed by group id, children included.
    detached: true,
  });
  child.stdout.on('data', (c: Buffer) => log.push(c.toString()));
  child.stderr.on('data', (c: Buffer) => log.push(c.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    if (child.exitCode !== null) throw new Error(`instance ended:\n${log.join('').slice(-3000)}`);
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      if (res.status === 200) return { child, baseUrl, log };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`instance not ready:\n${log.join('').slice(-3000)}`);
}

async function stopInstance(instance: Instance | undefined) {
  if (!instance || instance.child.exitCode !== null) return;
  const ended = new Promise((resolve) => instance.child.once('exit', resolve));
  process.kill(-instance.child.pid!, 'SIGTERM');
  const timer = setTimeout(() => process.kill(-instance.child.pid!, 'SIGKILL'), 10_000);
  await ended;
  clearTimeout(timer);
}

describe.skipIf(!databaseUrl)('two instances on one PostgreSQL database', () => {
  let ctx: TestContext;
  let a: Instance | undefined;
  let b: Instance | undefined;
  const dirs: string[] = [];

  beforeAll(async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    // Behind one load balancer both instances have the same public address (the issuer); here: A's.
    const publicUrl = `http://127.0.0.1:${portA}`;
    ctx = await createTestContext({ PUBLIC_URL: publicUrl });
    const url = ctx.database.pool!.options.connectionString!;
    const env = (name: string) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `vh-multi-${name}-`));
      dirs.push(dir);
      return {
        NODE_ENV: 'test',
        DATABASE_URL: url,
        PUBLIC_URL: publicUrl,
        DATA_DIR: dir,
        DEV_FEATURES: 'false',
        DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
        WEB_DIST: path.join(dir, 'no-web-build'),
        TELEMETRY_INSTRUMENTATION_KEY: KEY,
      };
    };
    // Both at once: the keys are created by whichever instance is first, the other reads them.
    [a, b] = await Promise.all([startInstance(portA, env('a')), startInstance(portB, env('b'))]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stopInstance(a), stopInstance(b)]);
    await ctx?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('publish the same signing keys', async () => {
    const jwks = async (i: Instance) => (await fetch(`${i.baseUrl}/oidc/jwks`)).json();
    const [ja, jb] = await Promise.all([jwks(a!), jwks(b!)]);
    expect(ja).toEqual(jb);
  });

  it('accept on one instance the token of a sign-in on the other', async () => {
    const person = await ctx.createPerson();
    const config = await oidc.discovery(
      new URL(`${a!.baseUrl}/oidc`),
      'vereinsheim-web',
      undefined,
      oidc.None(),
      { execute: [oidc.allowInsecureRequests] },
    );
    const jar = new CookieJar();
    const browse = async (url: string, form?: Record<string, string>) => {
      const res = await fetch(new URL(url, a!.baseUrl), {
        method: form ? 'POST' : 'GET',
        headers: {
          accept: 'text/html',
          cookie: jar.header(new URL(url, a!.baseUrl)),
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: form ? new URLSearchParams(form).toString() : undefined,
        redirect: 'manual',
      });
      jar.store(res);
      return res;
    };
    const redirectUri = `${a!.baseUrl}/signin-oidc`;
    const follow = async (res: Response) => {
      for (let i = 0; i < 10; i++) {
        const location = res.headers.get('location');
        if (!location || res.status < 300 || res.status >= 400) return { page: res };
        const next = new URL(location, a!.baseUrl);
        if (next.href.startsWith(redirectUri)) return { callback: next };
        res = await browse(next.href);
      }
      throw new Error('too many redirects');
    };
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const authUrl = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: WEB_SCOPE,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
    });
    const login = await follow(await browse(authUrl.href));
    const html = await login.page!.text();
    const { callback, page } = await follow(
      await browse(formOf(html).action, { email: person.email, password: person.password }),
    );
    expect(page?.status, await page?.text()).toBeUndefined();
    const tokens = await oidc.authorizationCodeGrant(config, callback!, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });

    const me = async (i: Instance) =>
      fetch(`${i.baseUrl}/api/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    const [onA, onB] = await Promise.all([me(a!), me(b!)]);
    expect(onA.status, `${onA.headers.get('www-authenticate')} ${await onA.clone().text()}`).toBe(200);
    expect(onB.status).toBe(200);
    expect(await onB.json()).toMatchObject({ firstName: expect.any(String) as string });
    console.info(`two instances: sign-in on A, /api/me on A ${onA.status}, on B ${onB.status}`);
  });

  it('share the rate limit: 120 telemetry batches per minute across both, then 429 on either', async () => {
    const body = JSON.stringify({
      instrumentationKey: KEY,
      events: [{ type: 'pageView', path: '/', device: 'desktop' }],
    });
    const track = async (i: Instance) =>
      (
        await fetch(`${i.baseUrl}/api/telemetry/track`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        })
      ).status;
    const statuses: number[] = [];
    for (let n = 0; n < 60; n++) statuses.push(await track(a!), await track(b!));
    const accepted = statuses.filter((s) => s === 202).length;
    const [nextA, nextB] = [await track(a!), await track(b!)];
    console.info(`two instances: ${accepted} of 120 accepted alternating A/B, then A ${nextA}, B ${nextB}`);
    expect(accepted).toBe(120);
    expect(nextA).toBe(429);
    expect(nextB).toBe(429);
  });
});
