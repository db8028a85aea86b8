/**
 * The benches' signing key: generated once per run and handed to the server as OIDC_SIGNING_KEYS, so that a
 * bench can sign access tokens the server verifies exactly like tokens of its embedded provider (JWKS
 * signature, iss, aud, exp, subject → person) without the interactive login.
 */
import { SignJWT, importJWK } from 'jose';
import { generateSigningKeys } from '../apps/server/src/identity/keys.ts';

const { privateJwks } = await generateSigningKeys();
const jwk = privateJwks.keys[0];
const key = await importJWK(jwk, jwk.alg);

/** Environment for startServer: the server signs and verifies with the bench's key. */
export const BENCH_KEY_ENV = { OIDC_SIGNING_KEYS: JSON.stringify(privateJwks) };

/** An access token for `subject` as the embedded provider of `baseURL` would issue it (30 min). */
export function signAccessToken(baseURL, subject) {
  return new SignJWT({ scope: 'openid profile email offline_access', client_id: 'vereinsheim-web' })
    .setProtectedHeader({ alg: jwk.alg, kid: jwk.kid, typ: 'at+jwt' })
    .setIssuer(`${baseURL}/oidc`)
    .setAudience(`${baseURL}/api`)
    .setSubject(subject)
    .setIssuedAt()
    .setExpirationTime('30m')
    .sign(key);
}
