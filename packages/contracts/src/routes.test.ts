import { describe, expect, it } from 'vitest';
import { matchWebRoute, pathTo, WEB_ROUTE_IDS, WEB_ROUTES, webRoutePattern } from './routes.ts';

describe('the routes of spec §2', () => {
  it.each([
    ['/signin-oidc', 'signinCallback'],
    ['/', 'dashboard'],
    ['/clubs', 'clubs'],
    ['/blog', 'blog'],
    ['/blog/42', 'blogPost'],
    ['/events', 'events'],
    ['/events/7', 'event'],
    ['/calendar', 'calendar'],
    ['/profile', 'profile'],
    ['/profile/address', 'profileAddress'],
    ['/profile/mail', 'profileMail'],
    ['/profile/phone', 'profilePhone'],
    ['/profile/Phone', 'profilePhone'],
    ['/profile/bankaccount', 'profileBankAccount'],
    ['/profile/confectionInformations', 'profileConfection'],
    ['/profile/avatar', 'profileAvatar'],
    ['/profile/miscellaneous', 'profileMiscellaneous'],
    ['/my-registrations', 'myRegistrations'],
    ['/account', 'account'],
    ['/inbox', 'inbox'],
    ['/messages', 'messages'],
    ['/invoices', 'invoices'],
    ['/invoices/inv-1', 'invoice'],
    ['/logs', 'logs'],
    ['/privacy', 'privacy'],
    ['/teams', 'teams'],
    ['/teams/3', 'team'],
    ['/licenses', 'licenses'],
    ['/qualifications', 'qualifications'],
    ['/honors', 'honors'],
    ['/validation/profile', 'validationList'],
    ['/validation/profile/9', 'validationProcess'],
    ...[
      'info',
      'profile',
      'address',
      'mail',
      'phone',
      'confectioninformation',
      'bank',
      'miscellaneous',
      'agb',
      'clubs',
    ].map((section) => [`/validation/profile/9/${section}`, 'validationProcess']),
    ['/signed-out', 'signedOut'],
  ])('%s opens %s', (pathname, id) => {
    expect(matchWebRoute(pathname)).toBe(id);
  });

  it.each([
    '/Events',
    '/profile/PHONE',
    '/profile/foo',
    '/validation/profile/9/foo',
    '/validation/profile/9/info/x',
    '/blog/1/2',
    '/blog/',
    '/events//',
    '/signin',
    '/x',
    '/api/me',
    '',
  ])('%j is not a route (exact, case-sensitive)', (pathname) => {
    expect(matchWebRoute(pathname)).toBeNull();
  });

  it('gives every route at least one pattern, and no pattern to two routes', () => {
    const patterns = WEB_ROUTE_IDS.flatMap((id) => [...WEB_ROUTES[id]]);
    expect(new Set(patterns).size).toBe(patterns.length);
    for (const id of WEB_ROUTE_IDS)
      for (const pattern of WEB_ROUTES[id]) expect(matchWebRoute(pattern.replace(':id', 'x1'))).toBe(id);
  });

  it('builds links with encoded parameters', () => {
    expect(pathTo('dashboard')).toBe('/');
    expect(pathTo('profilePhone')).toBe('/profile/phone');
    expect(pathTo('event', { id: '42' })).toBe('/events/42');
    expect(pathTo('blogPost', { id: 'a/b c' })).toBe('/blog/a%2Fb%20c');
    expect(matchWebRoute(pathTo('blogPost', { id: 'a/b c' }))).toBe('blogPost');
  });

  it('escapes what a pattern means literally', () => {
    expect(webRoutePattern('/a.b').test('/aXb')).toBe(false);
    expect(webRoutePattern('/a.b').test('/a.b')).toBe(true);
  });
});
