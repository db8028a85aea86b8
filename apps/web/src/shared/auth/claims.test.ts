import { describe, expect, it } from 'vitest';
import { decodeJwtPayload, isClaimsErrorStatus, mergePersonClaims, parseClaims } from './claims.ts';

const jwt = (payload: object) =>
  `e30.${btoa(JSON.stringify(payload)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.sig`;

describe('claims', () => {
  it('decodes a base64url JWT payload with umlauts', () => {
    expect(decodeJwtPayload(jwt({ sub: 'a', name: 'Jörg' }).replace('Jörg', 'J')) ?? {}).toMatchObject({
      sub: 'a',
    });
    const token = `x.${Buffer.from(JSON.stringify({ given_name: 'Jörg' })).toString('base64url')}.y`;
    expect(decodeJwtPayload(token)).toEqual({ given_name: 'Jörg' });
    expect(decodeJwtPayload('garbage')).toBeNull();
  });

  it.each([
    [true, true],
    ['true', true],
    ['TRUE', true],
    [' True ', true],
    [false, false],
    ['false', false],
    ['yes', false],
    [1, false],
    [undefined, false],
  ])('boolean claim %j → %s', (value, expected) => {
    expect(parseClaims({ sub: 's', person_privacyaccepted: value }).person_privacyaccepted).toBe(expected);
  });

  it.each([
    [1700000000, 1700000000],
    ['1700000000', 1700000000],
    [' 12 ', 12],
    ['abc', undefined],
    ['', undefined],
    [null, undefined],
  ])('number claim %j → %s', (value, expected) => {
    expect(parseClaims({ sub: 's', exp: value }).exp).toBe(expected);
  });

  it('uses the cached person id when the claim is missing, else an empty string', () => {
    expect(parseClaims({ sub: 's' }, 'cached').person_id).toBe('cached');
    expect(parseClaims({ sub: 's' }).person_id).toBe('');
  });

  it('merges the person claims over the token claims and clears the error flag', () => {
    const token = parseClaims({ sub: 's', person_id: 'p1', given_name: 'Mia', person_claims_error: 'TRUE' });
    expect(token.person_claims_error).toBe(true);
    const merged = mergePersonClaims(token, {
      person_id: 'p2',
      person_setupcompleted: 'TRUE',
      person_privacyaccepted: false,
      family_name: 'Hoffmann',
      avatar_image_url: null,
    });
    expect(merged).toMatchObject({
      sub: 's',
      person_id: 'p2',
      person_setupcompleted: true,
      person_privacyaccepted: false,
      given_name: 'Mia',
      family_name: 'Hoffmann',
      person_claims_error: false,
    });
  });

  it.each([
    [404, true],
    [500, true],
    [401, false],
    [503, false],
    [undefined, false],
  ])('status %s sets the claims-error flag: %s', (status, expected) => {
    expect(isClaimsErrorStatus(status)).toBe(expected);
  });
});
