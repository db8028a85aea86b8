import { describe, expect, it } from 'vitest';
import { parseTokenRecord, tokenLifecycle, type TokenRecord } from './token-record.ts';

const NOW = 1_800_000_000_000;
const record = (overrides: Partial<TokenRecord> = {}): TokenRecord => ({
  id_token: 'id',
  access_token: 'access',
  refresh_token: 'refresh',
  expires_in: 3600,
  refresh_token_expires_in: 86_400,
  createdAt: NOW,
  scope: 'openid offline_access',
  ...overrides,
});

describe('token lifecycle (spec §4)', () => {
  it.each<[string, TokenRecord | null, ReturnType<typeof tokenLifecycle>]>([
    ['no token → authorize', null, 'authorize'],
    ['record without id_token → authorize', record({ id_token: '' }), 'authorize'],
    ['access token valid → use', record(), 'use'],
    ['access token expired, refresh valid → refresh', record({ createdAt: NOW - 2 * 3600_000 }), 'refresh'],
    ['access and refresh token expired → clear', record({ createdAt: NOW - 2 * 86_400_000 }), 'clear'],
    [
      'access token expired, no refresh token → clear',
      record({ createdAt: NOW - 2 * 3600_000, refresh_token: undefined }),
      'clear',
    ],
    [
      'refresh lifetime unknown → refresh (the provider decides)',
      record({ createdAt: NOW - 2 * 3600_000, refresh_token_expires_in: undefined }),
      'refresh',
    ],
    [
      'access token expiring within the skew → refresh',
      record({ createdAt: NOW - 3600_000 + 10_000 }),
      'refresh',
    ],
  ])('%s', (_name, input, decision) => {
    expect(tokenLifecycle(input, NOW)).toBe(decision);
  });
});

describe('stored token record', () => {
  it('round-trips the spec §3 shape with createdAt in milliseconds', () => {
    expect(parseTokenRecord(JSON.stringify(record()))).toEqual(record());
  });

  it.each([
    '',
    'not json',
    '{}',
    JSON.stringify({ id_token: 'x', access_token: 'y', expires_in: '1', createdAt: 1 }),
  ])('rejects %j', (raw) => {
    expect(parseTokenRecord(raw)).toBeNull();
  });
});
