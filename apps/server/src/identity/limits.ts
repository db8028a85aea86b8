import { createHash } from 'node:crypto';
import { lt } from 'drizzle-orm';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from '../db/client.ts';
import { authLimits } from '../db/schema/index.ts';
import { normalizeEmail } from './accounts.repository.ts';

/**
 * The limits of the sign-in, sign-up and reset pages (rate-limiter-flexible on the `auth_limits` table,
 * so every instance on one PostgreSQL shares them; PGlite is one process anyway).
 *
 * Sign-in failures are counted per (account, client address) pair — or per (account, known device) when
 * the browser shows a device cookie from an earlier sign-in to that account — and per client address.
 * Each failure beyond a free number makes the next attempt wait, doubling up to a cap (progressive
 * delays). There is no lock per account: someone hammering an account from elsewhere delays only their
 * own pair and address, so the owner still signs in from their own address or known device. A known
 * device is also exempt from the address limit: one bad actor behind a club's NAT exhausts that
 * address's budget for unknown browsers only.
 */
export const LIMITS = {
  login: {
    /** Failures of one (account, address) or (account, device) pair before waits begin. */
    pairFree: 5,
    /** Failures from one address (any accounts) before waits begin. */
    addressFree: 30,
    /** The first wait, doubled with every further failure, up to the caps. */
    firstWaitSeconds: 1,
    pairMaxWaitSeconds: 15 * 60,
    addressMaxWaitSeconds: 60 * 60,
    /** Failures are counted in a window of this length from the first one. */
    memorySeconds: 24 * 60 * 60,
  },
  /** Sign-ups per address per hour. */
  signupPerAddress: { points: 10, seconds: 60 * 60 },
  /** Reset requests per address per hour (the page's answer). */
  resetPerAddress: { points: 10, seconds: 60 * 60 },
  /** Mails to one e-mail address per hour (reset links, verification links, "you have an account"). */
  mailsPerRecipient: { points: 3, seconds: 60 * 60 },
} as const;

const hash = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);

/** The hashed key parts: the table holds no e-mail or IP address in clear text. */
export const limitKeys = {
  account: (email: string) => hash(`account:${normalizeEmail(email)}`),
  address: (ip: string) => hash(`ip:${ip}`),
  device: (accountId: string, device: string) => hash(`device:${accountId}:${device}`),
};

export interface Wait {
  /** Seconds until the next attempt is allowed (0: now). */
  seconds: number;
}

export function progressiveWaitSeconds(failures: number, free: number, cap: number): number {
  if (failures <= free) return 0;
  return Math.min(cap, LIMITS.login.firstWaitSeconds * 2 ** Math.min(30, failures - free - 1));
}

const waitOf = (res: RateLimiterRes | null) =>
  res && res.remainingPoints === 0 && res.msBeforeNext > 0 ? Math.ceil(res.msBeforeNext / 1000) : 0;

export interface LoginSubject {
  /** Hashed account part (the e-mail address as typed). */
  account: string;
  /** Hashed client address. */
  address: string;
  /** Hashed known device, when the browser proves one for this account. */
  device?: string;
}

export function createAuthLimits(db: Database) {
  const limiter = (keyPrefix: string, points: number, duration: number) =>
    new RateLimiterDrizzle({
      storeClient: db,
      schema: authLimits,
      keyPrefix,
      points,
      duration,
      clearExpiredByTimeout: false,
    });
  const { login } = LIMITS;
  // Counters (high point limits, they only count) and gates (blocked for the current wait).
  const pairFailures = limiter('login-pair-n', 1_000_000, login.memorySeconds);
  const addressFailures = limiter('login-ip-n', 1_000_000, login.memorySeconds);
  const pairGate = limiter('login-pair-wait', 1, 1);
  const addressGate = limiter('login-ip-wait', 1, 1);
  const signups = limiter('signup-ip', LIMITS.signupPerAddress.points, LIMITS.signupPerAddress.seconds);
  const resets = limiter('reset-ip', LIMITS.resetPerAddress.points, LIMITS.resetPerAddress.seconds);
  const mails = limiter('mail-to', LIMITS.mailsPerRecipient.points, LIMITS.mailsPerRecipient.seconds);

  const pairKey = (s: LoginSubject) => (s.device ? `d:${s.device}` : `p:${s.account}:${s.address}`);

  /** Consumes a point; answers the wait in seconds (0 when the point was available). */
  async function take(l: RateLimiterDrizzle, key: string): Promise<Wait> {
    try {
      await l.consume(key);
      return { seconds: 0 };
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return { seconds: Math.ceil(rejection.msBeforeNext / 1000) };
      throw rejection;
    }
  }

  return {
    /** Before a password is checked: the wait still running for this attempt, if any. */
    async loginWait(s: LoginSubject): Promise<Wait> {
      const pair = waitOf(await pairGate.get(pairKey(s)));
      const address = s.device ? 0 : waitOf(await addressGate.get(s.address));
      return { seconds: Math.max(pair, address) };
    },

    /** A wrong password: counts it for the pair and the address and starts their waits. */
    async loginFailed(s: LoginSubject): Promise<Wait> {
      const pairN = (await pairFailures.penalty(pairKey(s))).consumedPoints;
      const addressN = (await addressFailures.penalty(s.address)).consumedPoints;
      const pairWait = progressiveWaitSeconds(pairN, login.pairFree, login.pairMaxWaitSeconds);
      const addressWait = progressiveWaitSeconds(addressN, login.addressFree, login.addressMaxWaitSeconds);
      if (pairWait > 0) await pairGate.block(pairKey(s), pairWait);
      if (addressWait > 0) await addressGate.block(s.address, addressWait);
      return { seconds: Math.max(pairWait, s.device ? 0 : addressWait) };
    },

    /** The right password: the pair starts afresh (the address does not: it may be an attacker's). */
    async loginSucceeded(s: LoginSubject): Promise<void> {
      await pairFailures.delete(pairKey(s));
      await pairGate.delete(pairKey(s));
    },

    signup: (address: string) => take(signups, address),
    reset: (address: string) => take(resets, address),
    /** Whether another mail may go to this recipient now (silently skipped otherwise). */
    async mailAllowed(email: string): Promise<boolean> {
      return (await take(mails, limitKeys.account(email))).seconds === 0;
    },
  };
}

export type AuthLimits = ReturnType<typeof createAuthLimits>;

/** Deletes counters that ran out (called with the provider's periodic purge). */
export async function purgeExpiredLimits(db: Database): Promise<void> {
  await db.delete(authLimits).where(lt(authLimits.expire, new Date()));
}
