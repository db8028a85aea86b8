import { describe, expect, it } from 'vitest';
import { nativePostLogoutRedirectUri } from '../config/app-config.ts';
import { deepLinkRoute } from './deep-links.ts';

describe('deep links of the native apps', () => {
  it.each([
    ['de.vereinsheim.app:/events/42', '/events/42'],
    ['de.vereinsheim.app://events/42?tab=info', '/events/42?tab=info'],
    ['de.vereinsheim.app:/invoices/7#pay', '/invoices/7#pay'],
    ['de.vereinsheim.app:/signin-oidc?code=x', null],
    ['de.vereinsheim.app:/signed-out', null],
    ['com.evil.app:/events/42', null],
    ['https://portal.example.org/app/events/42', null],
  ])('maps %s with the custom scheme to %s', (url, route) => {
    expect(deepLinkRoute(url, 'de.vereinsheim.app:/signin-oidc')).toBe(route);
  });

  it.each([
    ['https://portal.example.org/app/events/42', '/events/42'],
    ['https://portal.example.org/app/messages', '/messages'],
    ['https://portal.example.org/app/signin-oidc?code=x', null],
    ['https://portal.example.org/events/42', null],
    ['https://evil.example/app/events/42', null],
    ['de.vereinsheim.app:/events/42', null],
  ])('maps %s with the claimed https link to %s', (url, route) => {
    expect(deepLinkRoute(url, 'https://portal.example.org/app/signin-oidc')).toBe(route);
  });

  it('signs out to the page beside the redirect URI', () => {
    expect(nativePostLogoutRedirectUri('de.vereinsheim.app:/signin-oidc')).toBe(
      'de.vereinsheim.app:/signed-out',
    );
    expect(nativePostLogoutRedirectUri('https://portal.example.org/app/signin-oidc')).toBe(
      'https://portal.example.org/app/signed-out',
    );
  });
});
