import fs from 'node:fs/promises';
import path from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { DbOrTx } from '../db/client.ts';
import { sharedKey } from '../db/server-keys.ts';

export interface SigningKeys {
  /** Private JWKs (with `kid`, `alg`, `use`) for the embedded provider. */
  privateJwks: { keys: JWK[] };
  /** The public half, for verifying access tokens without an HTTP round trip. */
  publicJwks: { keys: JWK[] };
}

export async function generateSigningKeys(): Promise<SigningKeys> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  const kid = `k${Date.now().toString(36)}`;
  return fromPrivate({ keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }] });
}

export function fromPrivate(privateJwks: { keys: JWK[] }): SigningKeys {
  const publicJwks = {
    keys: privateJwks.keys.map(({ kty, n, e, crv, x, y, kid, alg, use }) =>
      Object.fromEntries(
        Object.entries({ kty, n, e, crv, x, y, kid, alg, use }).filter(([, v]) => v !== undefined),
      ),
    ),
  };
  return { privateJwks, publicJwks };
}

/**
 * Keys of the embedded provider: from OIDC_SIGNING_KEYS when configured, else shared through the database
 * (table server_keys, ADR 0015) so that every instance signs and verifies with the same keys. A key file
 * an earlier version left in DATA_DIR/oidc/jwks.json is taken over, so issued tokens stay valid.
 */
export async function loadOrCreateSigningKeys(
  db: DbOrTx,
  options: { dataDir: string; configured?: string },
): Promise<SigningKeys> {
  if (options.configured) return fromPrivate(JSON.parse(options.configured) as { keys: JWK[] });
  const privateJwks = await sharedKey(db, 'oidc.jwks', async () => {
    const legacy = await readLegacyFile<{ keys: JWK[] }>(path.join(options.dataDir, 'oidc', 'jwks.json'));
    return legacy ?? (await generateSigningKeys()).privateJwks;
  });
  return fromPrivate(privateJwks);
}

/** A key file of an earlier version (one instance, keys in DATA_DIR), or null. */
export async function readLegacyFile<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as T;
  } catch {
    return null;
  }
}
