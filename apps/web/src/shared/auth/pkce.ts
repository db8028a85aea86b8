import { PKCE_VERIFIER_LENGTH, PKCE_VERIFIER_MAX, PKCE_VERIFIER_MIN } from '@vereinsheim/contracts/constants';
import { calculatePKCECodeChallenge } from 'oauth4webapi';

/** The 64 characters a verifier is generated from: letters, digits, hyphen and underscore (spec §5). */
export const PKCE_CHARSET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export type PkceErrorCode = 'ERR_PKCE_CODE_VERIFIER_INVALID_LENGTH' | 'ERR_PKCE_CRYPTO_NOTSUPPORTED';

export class PkceError extends Error {
  readonly code: PkceErrorCode;

  constructor(code: PkceErrorCode) {
    super(code);
    this.code = code;
    this.name = 'PkceError';
  }
}

type CryptoLike = Pick<Crypto, 'getRandomValues'> & { subtle?: SubtleCrypto | undefined };

function secureCrypto(): CryptoLike | undefined {
  return (globalThis as { crypto?: CryptoLike }).crypto;
}

export function assertVerifierLength(length: number): void {
  if (!Number.isInteger(length) || length < PKCE_VERIFIER_MIN || length > PKCE_VERIFIER_MAX) {
    throw new PkceError('ERR_PKCE_CODE_VERIFIER_INVALID_LENGTH');
  }
}

/** A random verifier of `length` characters (64 by default); needs a secure random source. */
export function generateCodeVerifier(
  length: number = PKCE_VERIFIER_LENGTH,
  crypto: CryptoLike | null | undefined = secureCrypto(),
): string {
  assertVerifierLength(length);
  if (typeof crypto?.getRandomValues !== 'function') throw new PkceError('ERR_PKCE_CRYPTO_NOTSUPPORTED');
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  // 256 is a multiple of 64, so masking keeps the distribution uniform.
  let verifier = '';
  for (const byte of bytes) verifier += PKCE_CHARSET[byte & 63]!;
  return verifier;
}

export interface PkceChallenge {
  challenge: string;
  method: 'S256';
}

/**
 * S256 only. The spec's `plain` fallback without the subtle crypto API is gone (ADR 0009): `plain` sends the
 * verifier itself, so whoever sees the authorization request can redeem the code; the provider refuses it
 * anyway. Without the subtle crypto API the sign-in fails with ERR_PKCE_CRYPTO_NOTSUPPORTED.
 */
export async function createCodeChallenge(
  verifier: string,
  crypto: CryptoLike | null | undefined = secureCrypto(),
): Promise<PkceChallenge> {
  assertVerifierLength(verifier.length);
  if (typeof crypto?.subtle?.digest !== 'function') throw new PkceError('ERR_PKCE_CRYPTO_NOTSUPPORTED');
  return { challenge: await calculatePKCECodeChallenge(verifier), method: 'S256' };
}
