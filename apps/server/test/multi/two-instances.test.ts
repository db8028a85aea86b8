import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { and, eq, isNull, like } from 'drizzle-orm';
import { jobs, pushSubscriptions } from '../../src/db/schema/index.ts';
import { createTestContext, type TestContext, type TestPerson } from '../harness.ts';
import { browserKeys, decryptWebPush, FakePushService } from '../web-push-receiver.ts';
import { CookieJar, formOf, freePort, WEB_SCOPE } from '../oidc-browser.ts';

/**
 * Two server processes on one PostgreSQL database (issue 17 §2, ADR 0015, 0021): a sign-in on one gives a token
 * the other accepts (keys shared through the database), a rate limit counts across both, both run job workers
 * and every recipient's device gets exactly one push per message, and a job whose instance is killed after
 * claiming it is sent by the other.
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
  if (!instance || instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  const ended = new Promise((resolve) => instance.child.once('exit', resolve));
  process.kill(-instance.child.pid!, 'SIGTERM');
  const timer = setTimeout(() => process.kill(-instance.child.pid!, 'SIGKILL'), 10_000);
  await ended;
  clearTimeout(timer);
}

/** A real sign-in (authorization code + PKCE) on the instance's embedded provider; the access token. */
async function signIn(instance: Instance, person: TestPerson): Promise<string> {
  const a = instance;
  const config = await oidc.discovery(
    new URL(`${a.baseUrl}/oidc`),
    'vereinsheim-web',
    undefined,
    oidc.None(),
    { execute: [oidc.allowInsecureRequests] },
  );
  const jar = new CookieJar();
  const browse = async (url: string, form?: Record<string, string>) => {
    const res = await fetch(new URL(url, a.baseUrl), {
      method: form ? 'POST' : 'GET',
      headers: {
        accept: 'text/html',
        cookie: jar.header(new URL(url, a.baseUrl)),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
      redirect: 'manual',
    });
    jar.store(res);
    return res;
  };
  const redirectUri = `${a.baseUrl}/signin-oidc`;
  const follow = async (res: Response) => {
    for (let i = 0; i < 10; i++) {
      const location = res.headers.get('location');
      if (!location || res.status < 300 || res.status >= 400) return { page: res };
      const next = new URL(location, a.baseUrl);
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
  return tokens.access_token;
}

describe.skipIf(!databaseUrl)('two instances on one PostgreSQL database', () => {
  let ctx: TestContext;
  let a: Instance | undefined;
  let b: Instance | undefined;
  const dirs: string[] = [];
  const receiver = new FakePushService();

  beforeAll(async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    // Behind one load balancer both instances have the same public address (the issuer); here: A's.
    const publicUrl = `http://127.0.0.1:${portA}`;
    // The test's own app only writes rows; jobs are run by the two instances' workers alone.
    ctx = await createTestContext({ PUBLIC_URL: publicUrl, JOB_WORKER: 'false' });
    await receiver.start();
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
        // Push endpoints on this machine (the local receiver) are allowed.
        UNSAFE_TEST_PUSH_ENDPOINTS: 'true',
        // A short lease, so the crash test does not wait a minute for the job of the killed instance.
        JOB_LEASE_SECONDS: '3',
        JOB_POLL_MS: '200',
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
    await receiver.stop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('publish the same signing keys', async () => {
    const jwks = async (i: Instance) => (await fetch(`${i.baseUrl}/oidc/jwks`)).json();
    const [ja, jb] = await Promise.all([jwks(a!), jwks(b!)]);
    expect(ja).toEqual(jb);
  });

  it('accept on one instance the token of a sign-in on the other', async () => {
    const person = await ctx.createPerson();
    const accessToken = await signIn(a!, person);
    const me = async (i: Instance) =>
      fetch(`${i.baseUrl}/api/me`, { headers: { authorization: `Bearer ${accessToken}` } });
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

  /** A device of the person at the local receiver (the browser side keeps its keys to decrypt). */
  async function device(person: TestPerson, path: string) {
    const keys = browserKeys();
    await ctx.db.insert(pushSubscriptions).values({
      personId: person.personId,
      platform: 'web',
      address: `${receiver.origin}${path}`,
      p256dh: keys.json.p256dh,
      auth: keys.json.auth,
    });
    return keys;
  }

  async function clubMessage(i: Instance, token: string, tenantId: string, title: string) {
    const res = await fetch(`${i.baseUrl}/api/tenants/${tenantId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title, body: `${title}: Text` }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { recipients: number }).recipients;
  }

  const openPushJobs = () =>
    ctx.db
      .select()
      .from(jobs)
      .where(and(like(jobs.key, 'push:message:%'), isNull(jobs.doneAt)));

  async function settled(timeoutMs = 20_000) {
    const until = Date.now() + timeoutMs;
    while ((await openPushJobs()).length > 0) {
      if (Date.now() > until) throw new Error('push jobs still open');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('push every club message exactly once to each recipient while both instances run workers', async () => {
    const club = await ctx.createClub();
    const chair = await ctx.createPerson();
    await ctx.addMembership(chair.personId, club, 'committee');
    const members = await Promise.all([0, 1, 2].map(() => ctx.createPerson()));
    const keys = new Map<string, ReturnType<typeof browserKeys>>();
    for (const [n, member] of members.entries()) {
      await ctx.addMembership(member.personId, club);
      keys.set(`/push/member-${n}`, await device(member, `/push/member-${n}`));
    }
    const token = await signIn(a!, chair);
    const titles = ['Training A1', 'Training B1', 'Training A2', 'Training B2', 'Training A3', 'Training B3'];
    for (const [n, title] of titles.entries()) {
      // Alternating: the job is enqueued by the instance that answered, either worker may send it.
      expect(await clubMessage(n % 2 === 0 ? a! : b!, token, club, title)).toBe(4);
    }
    await settled();
    // Time for a duplicate to show up, if any worker were to send one.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const perDevice = [...keys.keys()].map((p) => receiver.received.filter((r) => r.path === p));
    const figures = perDevice.map((hits) => hits.length);
    console.info(
      `two instances: ${titles.length} club messages × ${members.length} recipients, pushes per device ${figures.join('/')}`,
    );
    for (const [n, hits] of perDevice.entries()) {
      const received = hits.map(
        (h) =>
          (JSON.parse(decryptWebPush(h.body, keys.get(`/push/member-${n}`)!)) as { title: string }).title,
      );
      expect(received.sort()).toEqual([...titles].sort());
      // One Topic per message (RFC 8030 §5.4): distinct for the distinct messages.
      expect(new Set(hits.map((h) => h.headers.topic)).size).toBe(titles.length);
    }
  });

  it('send the push of a job whose instance was killed after claiming it, from the other instance', async () => {
    const club = await ctx.createClub();
    const chair = await ctx.createPerson();
    await ctx.addMembership(chair.personId, club, 'committee');
    const member = await ctx.createPerson();
    await ctx.addMembership(member.personId, club);
    const keys = await device(member, '/push/crash');
    const token = await signIn(a!, chair);
    // The receiver takes the request and does not answer: the sending instance waits inside the job.
    receiver.hold.add('/push/crash');
    expect(await clubMessage(a!, token, club, 'Abgesagt')).toBe(2);
    const [first] = await receiver.waitFor('/push/crash', 1, 20_000);
    const [claimed] = (await openPushJobs()).filter((j) => j.lockedBy);
    const pid = Number(claimed!.lockedBy!.split(':').pop());
    const victim = [a!, b!].find((i) => i.child.pid === pid)!;
    const survivor = victim === a ? b! : a!;
    expect(victim, `locked by ${claimed!.lockedBy}`).toBeDefined();
    const killedAt = Date.now();
    process.kill(-pid, 'SIGKILL');
    await new Promise((resolve) => victim.child.once('exit', resolve));
    receiver.hold.delete('/push/crash');

    // After the lease (3 s) the survivor takes the job, pushes again with the same Topic, and finishes it.
    const [, second] = await receiver.waitFor('/push/crash', 2, 30_000);
    await settled();
    const seconds = ((Date.now() - killedAt) / 1000).toFixed(1);
    const [done] = await ctx.db.select().from(jobs).where(eq(jobs.key, claimed!.key));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const hits = receiver.received.filter((r) => r.path === '/push/crash');
    console.info(
      `two instances: instance ${victim === a ? 'A' : 'B'} killed after claiming a push job; ` +
        `${hits.length} requests at the receiver (same Topic: ${first!.headers.topic === second!.headers.topic}), ` +
        `sent by ${survivor === a ? 'A' : 'B'} after ${seconds} s, attempts ${done!.attempts}`,
    );
    expect(hits).toHaveLength(2);
    expect(second!.headers.topic).toBe(first!.headers.topic);
    expect(decryptWebPush(second!.body, keys)).toBe(decryptWebPush(first!.body, keys));
    expect(done).toMatchObject({
      attempts: 2,
      lockedBy: `${done!.lockedBy!.split(':')[0]}:${survivor.child.pid}`,
    });
    expect(done!.doneAt).not.toBeNull();
  });
});
