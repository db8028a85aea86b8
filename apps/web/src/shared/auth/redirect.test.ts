import { beforeEach, describe, expect, it } from 'vitest';
import {
  isValidRedirectTarget,
  locationTarget,
  REDIRECT_KEY,
  rememberRedirectTarget,
  takeRedirectTarget,
} from './redirect.ts';

describe('redirect targets', () => {
  beforeEach(() => sessionStorage.clear());

  it.each([
    ['/events', true],
    ['/events/42?tab=info#top', true],
    ['/', true],
    ['events', false],
    ['https://evil.example/', false],
    ['//evil.example/x', false],
    ['/\\evil.example', false],
    ['/signin-oidc', false],
    ['/signin', false],
    ['/signed-out', false],
    [null, false],
    [42, false],
  ])('%j valid: %s', (target, valid) => {
    expect(isValidRedirectTarget(target)).toBe(valid);
  });

  it('state carries path, query and hash', () => {
    expect(locationTarget({ pathname: '/events/7', search: '?a=1', hash: '#b' })).toBe('/events/7?a=1#b');
  });

  it('an unauthenticated visit stores the path unless it starts with /signin', () => {
    rememberRedirectTarget('/signin-oidc?code=x');
    expect(sessionStorage.getItem(REDIRECT_KEY)).toBeNull();
    rememberRedirectTarget('/calendar?view=month');
    expect(sessionStorage.getItem(REDIRECT_KEY)).toBe('/calendar?view=month');
  });

  it('after login the target is read and removed, and used only when it differs from the current location', () => {
    sessionStorage.setItem(REDIRECT_KEY, '/events');
    expect(takeRedirectTarget('/signin-oidc')).toBe('/events');
    expect(sessionStorage.getItem(REDIRECT_KEY)).toBeNull();
    expect(takeRedirectTarget('/signin-oidc')).toBeNull();

    sessionStorage.setItem(REDIRECT_KEY, '/events');
    expect(takeRedirectTarget('/events')).toBeNull();
    expect(sessionStorage.getItem(REDIRECT_KEY)).toBeNull();

    sessionStorage.setItem(REDIRECT_KEY, 'https://evil.example');
    expect(takeRedirectTarget('/')).toBeNull();
  });
});
