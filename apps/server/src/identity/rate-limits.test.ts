/**
 * Bounded brute-force loops against the real provider: limits per (account, address) pair and per
 * address with progressive waits, known devices, X-Forwarded-For only from the configured proxy.
 * Client addresses are simulated through the proxy the server trusts (TRUST_PROXY=127.0.0.1).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authLimits } from '../db/schema/index.ts';
import type { TestPerson } from '../../test/harness.ts';
import { CookieJar, formOf, startOidcDriver, type OidcDriver } from '../../test/oidc-browser.ts';
import { LIMITS, limitKeys } from './limits.ts';

let d: OidcDriver;

beforeAll(async () => {
  d = await startOidcDriver({ TRUST_PROXY: '127.0.0.1' });
});
afterAll(() => d.close());

const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One sign-in attempt from `ip` (a fresh login page each time); the status and Retry-After. */
async function attempt(ip: string, email: string, password: string, jar = new CookieJar()) {
  const flow = await d.startFlow(jar, { prompt: 'login' });
  const { html } = await d.openLogin(flow, from(ip));
  const { callback, page } = await d.submitLogin(flow, html, email, password, from(ip));
  return {
    status: callback ? 200 : page!.status,
    signedIn: !!callback?.searchParams.get('code'),
    retryAfter: Number(page?.headers.get('retry-after') ?? 0),
    text: page ? await page.text() : '',
  };
}

/**
 * Wrong passwords from `ip` until an attempt is refused with a wait of at least `seconds`: each wait that runs
 * out is followed by one more checked failure, which doubles the next wait.
 */
async function failUntilWaiting(ip: string, email: string, seconds: number) {
  for (let round = 0; round < 10; round++) {
    const refused = await attempt(ip, email, 'falsch');
    if (refused.status === 429 && refused.retryAfter >= seconds) return refused;
    if (refused.status === 429) await sleep(refused.retryAfter * 1000 + 200);
  }
  throw new Error(`no wait of ${seconds} s from ${ip}`);
}

describe('sign-in limits that cannot be turned against members', () => {
  let owner: TestPerson;
  beforeAll(async () => {
    owner = await d.ctx.createPerson();
  });

  it('an attacker hammering an account is slowed down; the owner signs in from elsewhere', async () => {
    const attacker = '203.0.113.7';
    const statuses: number[] = [];
    const started = performance.now();
    for (let i = 0; i < 20; i++) statuses.push((await attempt(attacker, owner.email, `falsch-${i}`)).status);
    const seconds = (performance.now() - started) / 1000;
    // Figures: 20 attempts in a burst → the first pairFree + 1 were checked (401), the rest waited (429). A wait
    // that ran out during the burst lets one more attempt be checked, and the waits double (1 s, 2 s, 4 s …): a
    // burst of `seconds` outlasts at most log2(seconds + 1) of them (none when it takes less than a second; a
    // loaded CI machine needs longer for 60 requests).
    const checked = statuses.filter((s) => s === 401).length;
    const refused = statuses.filter((s) => s === 429).length;
    expect(checked).toBeGreaterThanOrEqual(LIMITS.login.pairFree + 1);
    expect(checked).toBeLessThanOrEqual(LIMITS.login.pairFree + 1 + Math.floor(Math.log2(seconds + 1)));
    expect(refused).toBe(20 - checked);
    // The wait running after the burst may be about to end (a slow machine spends it on the burst); the next
    // checks need one that lasts, so the attacker keeps failing until a wait of several seconds runs.
    const waiting = await failUntilWaiting(attacker, owner.email, 4);
    expect(waiting.status).toBe(429);
    expect(waiting.text).toContain(`Bitte warte ${waiting.retryAfter} Sekunden`);
    // Even the right password waits from the attacker's address without the owner's device …
    expect((await attempt(attacker, owner.email, owner.password)).status).toBe(429);
    // … but from the owner's own address the account is open: no lock per account.
    const home = await attempt('198.51.100.23', owner.email, owner.password);
    expect(home.signedIn).toBe(true);
  });

  it('waits grow with every further failure (progressive delays)', async () => {
    const person = await d.ctx.createPerson();
    const ip = '203.0.113.8';
    for (let i = 0; i < LIMITS.login.pairFree; i++) await attempt(ip, person.email, `falsch-${i}`);
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      expect((await attempt(ip, person.email, 'falsch')).status).toBe(401);
      const refused = await attempt(ip, person.email, 'falsch');
      expect(refused.status).toBe(429);
      waits.push(refused.retryAfter);
      await sleep(refused.retryAfter * 1000 + 200);
    }
    expect(waits).toEqual([1, 2, 4]);
  });

  it('the owner’s known device signs in even from the attacker’s address', async () => {
    const person = await d.ctx.createPerson();
    const shared = '203.0.113.9';
    const device = new CookieJar();
    expect((await attempt(shared, person.email, person.password, device)).signedIn).toBe(true);
    expect(device.names()).toContain('vh_device');
    for (let i = 0; i < LIMITS.login.pairFree + 3; i++) await attempt(shared, person.email, `falsch-${i}`);
    expect((await attempt(shared, person.email, person.password)).status).toBe(429);
    expect((await attempt(shared, person.email, person.password, device)).signedIn).toBe(true);
    // The device cookie is bound to its account: it does not help someone else's account.
    const other = await d.ctx.createPerson();
    for (let i = 0; i < LIMITS.login.pairFree + 1; i++) await attempt(shared, other.email, `falsch-${i}`);
    expect((await attempt(shared, other.email, other.password, device)).status).toBe(429);
  });

  it('one bad actor behind a NAT uses up only the address budget; members keep signing in', async () => {
    const nat = '192.0.2.44';
    const colleague = await d.ctx.createPerson();
    const device = new CookieJar();
    expect((await attempt(nat, colleague.email, colleague.password, device)).signedIn).toBe(true);
    // Failures spread over many accounts: no pair reaches its limit, the address counts them all.
    let failures = 0;
    for (; failures < LIMITS.login.addressFree - 1; failures++) {
      expect((await attempt(nat, `opfer-${failures}@test.example`, 'falsch')).status).toBe(401);
    }
    // Within the budget the colleague signs in from the same address without any device cookie.
    expect((await attempt(nat, colleague.email, colleague.password)).signedIn).toBe(true);
    // The budget's last failures start the address wait …
    for (; failures < LIMITS.login.addressFree + 1; failures++) {
      await attempt(nat, `opfer-${failures}@test.example`, 'falsch');
    }
    const blocked = await attempt(nat, colleague.email, colleague.password);
    expect(blocked.status).toBe(429);
    // … which a member's known device does not share; other addresses are not affected at all.
    expect((await attempt(nat, colleague.email, colleague.password, device)).signedIn).toBe(true);
    expect((await attempt('198.51.100.99', colleague.email, colleague.password)).signedIn).toBe(true);
  });
});

describe('X-Forwarded-For', () => {
  it('is believed only from the configured proxy', async () => {
    const direct = await startOidcDriver();
    try {
      const person = await direct.ctx.createPerson();
      const statuses: number[] = [];
      for (let i = 0; i < LIMITS.login.pairFree + 3; i++) {
        // A rotating X-Forwarded-For from a client the server does not trust changes nothing.
        const flow = await direct.startFlow();
        const spoofed = from(`10.9.${i}.1`);
        const { html } = await direct.openLogin(flow, spoofed);
        const { page } = await direct.submitLogin(flow, html, person.email, `falsch-${i}`, spoofed);
        statuses.push(page!.status);
      }
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    } finally {
      await direct.close();
    }
  });
});

describe('sign-up and reset limits', () => {
  it('limits sign-ups and reset requests per address with 429 and Retry-After', async () => {
    const ip = '203.0.113.50';
    const flow = await d.startFlow();
    const { html } = await d.openLogin(flow, from(ip));
    const signupUrl = /href="([^"]+\/signup)"/.exec(html)![1]!;
    const signup = formOf(await (await d.browse(flow.jar, signupUrl, from(ip))).text()).action;
    const forgotUrl = /href="([^"]+\/forgot)"/.exec(html)![1]!;
    const forgot = formOf(await (await d.browse(flow.jar, forgotUrl, from(ip))).text()).action;

    const signups: number[] = [];
    for (let i = 0; i <= LIMITS.signupPerAddress.points; i++) {
      const res = await d.browse(flow.jar, signup, {
        ...from(ip),
        form: {
          firstName: 'Viel',
          lastName: 'Zuviel',
          email: `flut-${Date.now()}-${i}@test.example`,
          password: 'Kanu-Halle-Ostwind-7',
        },
      });
      signups.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await res.text()).toContain('Zu viele Versuche');
      }
    }
    expect(signups.filter((s) => s === 200)).toHaveLength(LIMITS.signupPerAddress.points);
    expect(signups.at(-1)).toBe(429);

    const resets: number[] = [];
    for (let i = 0; i <= LIMITS.resetPerAddress.points; i++) {
      const res = await d.browse(flow.jar, forgot, { ...from(ip), form: { email: `x${i}@test.example` } });
      resets.push(res.status);
    }
    expect(resets.filter((s) => s === 200)).toHaveLength(LIMITS.resetPerAddress.points);
    expect(resets.at(-1)).toBe(429);
    // Another address is not affected.
    const other = await d.browse(flow.jar, forgot, {
      ...from('198.51.100.70'),
      form: { email: 'y@test.example' },
    });
    expect(other.status).toBe(200);
  });

  /** The "forgot password" form of a fresh sign-in flow, and a request of it for `email` from `ip`. */
  async function openForgot(ip: string) {
    const flow = await d.startFlow();
    const { html } = await d.openLogin(flow, from(ip));
    const forgotUrl = /href="([^"]+\/forgot)"/.exec(html)![1]!;
    const forgot = formOf(await (await d.browse(flow.jar, forgotUrl, from(ip))).text()).action;
    return async (email: string, requestIp: string) => {
      const res = await d.browse(flow.jar, forgot, { ...from(requestIp), form: { email } });
      expect(res.status).toBe(200);
    };
  }

  it('sends at most a few mails per hour to one recipient', async () => {
    const person = await d.ctx.createPerson();
    const forgot = await openForgot('198.51.100.80');
    for (let i = 0; i < LIMITS.mailsPerRecipient.points + 3; i++) {
      await forgot(person.email, `198.51.100.${81 + i}`);
    }
    // Mails leave through the job worker (ADR 0021): wait for the allowed ones, then for any extra one.
    const mails = () => d.ctx.mailer.sent.filter((m) => m.to === person.email);
    for (let waited = 0; mails().length < LIMITS.mailsPerRecipient.points && waited < 15_000; waited += 100) {
      await sleep(100);
    }
    await sleep(1_500);
    expect(mails()).toHaveLength(LIMITS.mailsPerRecipient.points);
  });

  it('keeps the link of the last mail working when more requests to the recipient are refused', async () => {
    const person = await d.ctx.createPerson();
    const forgot = await openForgot('198.51.100.120');
    const mails = () => d.ctx.mailer.sent.filter((m) => m.to === person.email);
    const { points } = LIMITS.mailsPerRecipient;
    for (let i = 0; i < points; i++) {
      await forgot(person.email, `198.51.100.${121 + i}`);
      for (let waited = 0; mails().length <= i && waited < 15_000; waited += 50) await sleep(50);
    }
    expect(mails()).toHaveLength(points);
    // Someone keeps asking for the address's reset: refused by the limit, which counts every request.
    for (let i = 0; i < 3; i++) await forgot(person.email, `198.51.100.${131 + i}`);
    const counted = async () =>
      (
        await d.ctx.db
          .select({ points: authLimits.points })
          .from(authLimits)
          .where(eq(authLimits.key, `mail-to:${limitKeys.account(person.email)}`))
      )[0]?.points ?? 0;
    for (let waited = 0; (await counted()) < points + 3 && waited < 15_000; waited += 50) await sleep(50);
    expect(await counted()).toBe(points + 3);
    const link = /(http\S+\/password\/reset\?token=\S+)/.exec(mails().at(-1)!.text)![1]!;
    expect((await d.browse(new CookieJar(), link)).status).toBe(200);
  });
});
