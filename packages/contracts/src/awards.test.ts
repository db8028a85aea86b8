import { describe, expect, it } from 'vitest';
import { credentialStatus, EXPIRING_WITHIN_DAYS } from './awards.ts';

describe('credentialStatus', () => {
  const today = '2026-11-21';

  it.each([
    [null, 'valid'],
    ['2027-11-21', 'valid'],
    ['2027-02-20', 'valid'], // 91 days left
    ['2027-02-19', 'expiring'], // exactly 90 days left
    ['2026-12-01', 'expiring'],
    ['2026-11-21', 'expiring'], // last valid day
    ['2026-11-20', 'expired'],
    ['2020-01-01', 'expired'],
  ] as const)('validUntil %s on 2026-11-21 is %s', (validUntil, expected) => {
    expect(credentialStatus(validUntil, today)).toBe(expected);
  });

  it('counts days across a daylight-saving change and a leap day', () => {
    expect(EXPIRING_WITHIN_DAYS).toBe(90);
    expect(credentialStatus('2028-05-29', '2028-02-29')).toBe('expiring'); // 90 days
    expect(credentialStatus('2028-05-30', '2028-02-29')).toBe('valid'); // 91 days
  });
});
