import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from './routes.tsx';

const routes = APP_ROUTES.map(({ path }) => ({ path, caseSensitive: true }));
const matched = (pathname: string) => matchRoutes(routes, pathname)?.[0]?.route.path ?? null;

describe('routes of spec §2', () => {
  it.each([
    '/',
    '/clubs',
    '/blog',
    '/blog/42',
    '/events',
    '/events/7',
    '/calendar',
    '/profile',
    '/profile/address',
    '/profile/mail',
    '/profile/phone',
    '/profile/Phone',
    '/profile/bankaccount',
    '/profile/confectionInformations',
    '/profile/avatar',
    '/profile/miscellaneous',
    '/my-registrations',
    '/account',
    '/inbox',
    '/messages',
    '/invoices',
    '/logs',
    '/privacy',
    '/teams',
    '/teams/3',
    '/licenses',
    '/qualifications',
    '/honors',
    '/validation/profile',
    '/validation/profile/9',
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
    ].map((section) => `/validation/profile/9/${section}`),
  ])('%s is a route', (pathname) => {
    expect(matched(pathname)).not.toBeNull();
  });

  it.each([
    '/Events',
    '/profile/PHONE',
    '/profile/foo',
    '/validation/profile/9/foo',
    '/blog/1/2',
    '/signin',
    '/x',
  ])('%s is not a route (exact, case-sensitive)', (pathname) => {
    expect(matched(pathname)).toBeNull();
  });

  it('loads every page lazily', () => {
    for (const { page } of APP_ROUTES) expect(page.$$typeof).toBe(Symbol.for('react.lazy'));
  });
});
