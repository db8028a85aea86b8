import { describe, expect, it } from 'vitest';
import { createCodeChallenge, generateCodeVerifier, PkceError } from './pkce.ts';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof PkceError ? error.code : String(error);
  }
  return null;
};

describe('PKCE verifier', () => {
  it('is 64 characters from letters, digits, hyphen and underscore by default', () => {
    const verifiers = Array.from({ length: 50 }, () => generateCodeVerifier());
    for (const verifier of verifiers) expect(verifier).toMatch(/^[A-Za-z0-9\-_]{64}$/);
    expect(new Set(verifiers).size).toBe(50);
  });

  it('accepts lengths 43 to 128', () => {
    expect(generateCodeVerifier(43)).toHaveLength(43);
    expect(generateCodeVerifier(128)).toHaveLength(128);
  });

  it.each([0, 42, 129, 64.5])('refuses length %s with ERR_PKCE_CODE_VERIFIER_INVALID_LENGTH', (length) => {
    expect(codeOf(() => generateCodeVerifier(length))).toBe('ERR_PKCE_CODE_VERIFIER_INVALID_LENGTH');
  });

  it('fails with ERR_PKCE_CRYPTO_NOTSUPPORTED without a secure random source', () => {
    expect(codeOf(() => generateCodeVerifier(64, null))).toBe('ERR_PKCE_CRYPTO_NOTSUPPORTED');
    expect(codeOf(() => generateCodeVerifier(64, {} as Crypto))).toBe('ERR_PKCE_CRYPTO_NOTSUPPORTED');
  });
});

describe('PKCE challenge', () => {
  it('uses S256 with the subtle crypto API (RFC 7636 appendix B)', async () => {
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    await expect(createCodeChallenge(verifier)).resolves.toEqual({
      challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      method: 'S256',
    });
  });

  it('never falls back to plain: without the subtle crypto API it fails with ERR_PKCE_CRYPTO_NOTSUPPORTED', async () => {
    const verifier = generateCodeVerifier();
    const noSubtle = { getRandomValues: crypto.getRandomValues.bind(crypto) };
    await expect(createCodeChallenge(verifier, noSubtle)).rejects.toMatchObject({
      code: 'ERR_PKCE_CRYPTO_NOTSUPPORTED',
    });
    await expect(createCodeChallenge(verifier, null)).rejects.toMatchObject({
      code: 'ERR_PKCE_CRYPTO_NOTSUPPORTED',
    });
  });

  it('refuses a verifier of invalid length', async () => {
    await expect(createCodeChallenge('x'.repeat(42))).rejects.toMatchObject({
      code: 'ERR_PKCE_CODE_VERIFIER_INVALID_LENGTH',
    });
  });
});
