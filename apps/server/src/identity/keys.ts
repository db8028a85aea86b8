import fs from 'node:fs/promises';
import path from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';

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

/** Keys of the embedded provider, generated on first start and kept in DATA_DIR (mode 0600). */
export async function loadOrCreateSigningKeys(dataDir: string): Promise<SigningKeys> {
  const file = path.join(dataDir, 'oidc', 'jwks.json');
  try {
    return fromPrivate(JSON.parse(await fs.readFile(file, 'utf8')) as { keys: JWK[] });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const keys = await generateSigningKeys();
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, JSON.stringify(keys.privateJwks), { mode: 0o600 });
  return keys;
}
