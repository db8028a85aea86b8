import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import pLimit from 'p-limit';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

const PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEYLEN = 32;

/**
 * scrypt runs on libuv's thread pool (UV_THREADPOOL_SIZE, 4 by default), which file reads (static
 * files, uploads) and DNS share. At most HASH_CONCURRENCY hashes run at once, so a burst of sign-ins or
 * sign-ups leaves threads for everything else; further hashes wait in a queue of at most
 * HASH_QUEUE_LIMIT, and beyond that the request is refused (PasswordHashingBusyError → 503) instead of
 * waiting for ever.
 */
const THREADPOOL = Number(process.env.UV_THREADPOOL_SIZE) || 4;
export const HASH_CONCURRENCY = Math.max(1, Math.floor(THREADPOOL / 2));
export const HASH_QUEUE_LIMIT = 64;
const limit = pLimit(HASH_CONCURRENCY);

export class PasswordHashingBusyError extends Error {
  override name = 'PasswordHashingBusyError';
  constructor() {
    super('Too many password hashes are waiting.');
  }
}

function bounded<T>(work: () => Promise<T>): Promise<T> {
  if (limit.pendingCount >= HASH_QUEUE_LIMIT) return Promise.reject(new PasswordHashingBusyError());
  return limit(work);
}

/** Hashes waiting and running now (for tests and metrics). */
export function hashingLoad(): { active: number; pending: number } {
  return { active: limit.activeCount, pending: limit.pendingCount };
}

/** scrypt$N$r$p$salt$hash (base64url). */
export function hashPassword(password: string): Promise<string> {
  return bounded(async () => {
    const salt = randomBytes(16);
    const hash = await scrypt(password.normalize('NFKC'), salt, KEYLEN, PARAMS);
    return [
      'scrypt',
      PARAMS.N,
      PARAMS.r,
      PARAMS.p,
      salt.toString('base64url'),
      hash.toString('base64url'),
    ].join('$');
  });
}

export function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, hashB64] = stored.split('$');
  if (scheme !== 'scrypt' || !saltB64 || !hashB64) return Promise.resolve(false);
  return bounded(async () => {
    const expected = Buffer.from(hashB64, 'base64url');
    const actual = await scrypt(
      password.normalize('NFKC'),
      Buffer.from(saltB64, 'base64url'),
      expected.length,
      {
        N: Number(n),
        r: Number(r),
        p: Number(p),
        maxmem: PARAMS.maxmem,
      },
    );
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  });
}
