import { createHash } from 'node:crypto';
import { gt, inArray, and, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { loginThrottle } from '../db/schema/index.ts';
import { normalizeEmail } from './accounts.repository.ts';

/** Failed sign-ins allowed per window before the key is locked for LOCK_MINUTES. */
export const THROTTLE = {
  windowMinutes: 15,
  lockMinutes: 15,
  perEmail: 5,
  perAddress: 20,
} as const;

const hash = (value: string) => createHash('sha256').update(value).digest('hex');

/** Keys are hashed: the table holds no addresses in clear text. */
export function throttleKeys(email: string, ip: string) {
  return {
    email: { key: `email:${hash(normalizeEmail(email))}`, limit: THROTTLE.perEmail },
    address: { key: `ip:${hash(ip)}`, limit: THROTTLE.perAddress },
  };
}

export const loginThrottleService = {
  async isLocked(db: Database, keys: string[]): Promise<boolean> {
    const rows = await db
      .select({ key: loginThrottle.key })
      .from(loginThrottle)
      .where(and(inArray(loginThrottle.key, keys), gt(loginThrottle.lockedUntil, new Date())))
      .limit(1);
    return rows.length > 0;
  },

  /** Counts one failure; a key reaching its limit inside the window is locked. Returns whether any key is now locked. */
  async recordFailure(db: Database, entries: { key: string; limit: number }[]): Promise<boolean> {
    let locked = false;
    for (const { key, limit } of entries) {
      const windowStart = sql`now() - make_interval(mins => ${THROTTLE.windowMinutes})`;
      const expired = sql`${loginThrottle.windowStartedAt} < ${windowStart}`;
      const failures = sql`case when ${expired} then 1 else ${loginThrottle.failures} + 1 end`;
      const lockUntil = sql`now() + make_interval(mins => ${THROTTLE.lockMinutes})`;
      // One statement: count the failure (restarting an expired window) and lock at the limit.
      const [row] = await db
        .insert(loginThrottle)
        .values({
          key,
          failures: 1,
          windowStartedAt: sql`now()`,
          lockedUntil: limit <= 1 ? lockUntil : null,
        })
        .onConflictDoUpdate({
          target: loginThrottle.key,
          set: {
            failures,
            windowStartedAt: sql`case when ${expired} then now() else ${loginThrottle.windowStartedAt} end`,
            lockedUntil: sql`case when ${failures} >= ${limit} then ${lockUntil} else ${loginThrottle.lockedUntil} end`,
          },
        })
        .returning({ failures: loginThrottle.failures });
      if ((row?.failures ?? 0) >= limit) locked = true;
    }
    return locked;
  },

  async clear(db: Database, key: string): Promise<void> {
    await db.delete(loginThrottle).where(sql`${loginThrottle.key} = ${key}`);
  },
};
