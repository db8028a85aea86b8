import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Known devices (OWASP's "device cookies"): after a successful sign-in the browser gets an HttpOnly
 * cookie with a token bound to the account (random id + HMAC over account and id, keyed with the
 * provider's cookie keys). A later sign-in to that account from that browser is limited per device, not
 * per client address, so an attack on the account from elsewhere — or from the same NAT — does not keep
 * its owner out. Stateless: nothing is stored; up to MAX_ENTRIES accounts per browser.
 */
export const DEVICE_COOKIE = 'vh_device';
const MAX_ENTRIES = 5;
const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

function mac(key: string, accountId: string, id: string): string {
  return createHmac('sha256', key).update(`vh-device\0${accountId}\0${id}`).digest('base64url');
}

function entries(request: FastifyRequest): string[] {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === DEVICE_COOKIE) {
      return decodeURIComponent(part.slice(eq + 1).trim())
        .split('~')
        .filter((e) => /^[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{43}$/.test(e))
        .slice(0, MAX_ENTRIES);
    }
  }
  return [];
}

export function createDeviceCookies(options: { keys: string[]; path: string; secure: boolean }) {
  const { keys, path, secure } = options;
  const [signingKey] = keys;
  if (!signingKey) throw new Error('device cookies need a key');

  return {
    /** The device id this browser proves for the account, if any. */
    knownDevice(request: FastifyRequest, accountId: string): string | undefined {
      for (const entry of entries(request)) {
        const [id, given] = entry.split('.') as [string, string];
        for (const key of keys) {
          const expected = Buffer.from(mac(key, accountId, id));
          const actual = Buffer.from(given);
          if (expected.length === actual.length && timingSafeEqual(expected, actual)) return id;
        }
      }
      return undefined;
    },

    /** Remembers this browser for the account (keeps the other accounts' entries, newest first). */
    remember(request: FastifyRequest, reply: FastifyReply, accountId: string, existing?: string): void {
      const id = existing ?? randomBytes(16).toString('base64url');
      const mine = `${id}.${mac(signingKey, accountId, id)}`;
      const others = entries(request).filter((e) => !e.startsWith(`${id}.`) && e !== mine);
      const value = [mine, ...others].slice(0, MAX_ENTRIES).join('~');
      const cookie = `${DEVICE_COOKIE}=${value}; Path=${path}; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
      // Appended on the raw response: the provider sets its own cookies there too.
      const previous = reply.raw.getHeader('set-cookie');
      const list = previous === undefined ? [] : Array.isArray(previous) ? previous : [String(previous)];
      reply.raw.setHeader('set-cookie', [...list, cookie]);
    },
  };
}

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;
