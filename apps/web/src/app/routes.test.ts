import { WEB_ROUTE_IDS, WEB_ROUTES, SIGN_IN_ROUTE_IDS } from '@vereinsheim/contracts/routes';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PAGE_ROUTE_IDS, routeView } from './routes.tsx';

// The router as AppShell builds it: every pattern of every page route, case-sensitive.
const routes = PAGE_ROUTE_IDS.flatMap((id) =>
  WEB_ROUTES[id].map((path) => ({ path, caseSensitive: true, id })),
);
const matched = (pathname: string) => matchRoutes(routes, pathname)?.[0]?.route.id ?? null;
const sample = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, 'x1');

describe('the web router (route table of @vereinsheim/contracts/routes)', () => {
  it('has a page for every route of the table except the sign-in ones', () => {
    expect([...PAGE_ROUTE_IDS].sort()).toEqual(
      WEB_ROUTE_IDS.filter((id) => !(SIGN_IN_ROUTE_IDS as readonly string[]).includes(id)).sort(),
    );
  });

  it.each(PAGE_ROUTE_IDS.flatMap((id) => WEB_ROUTES[id].map((pattern) => [sample(pattern), id])))(
    '%s opens the page of %s',
    (pathname, id) => {
      expect(matched(pathname)).toBe(id);
    },
  );

  it.each(['/Events', '/profile/PHONE', '/profile/foo', '/validation/profile/9/foo', '/blog/1/2', '/x'])(
    '%s is not a route (exact, case-sensitive)',
    (pathname) => {
      expect(matched(pathname)).toBeNull();
    },
  );

  it('loads every page lazily', () => {
    for (const id of PAGE_ROUTE_IDS) expect(routeView(id).page.$$typeof).toBe(Symbol.for('react.lazy'));
  });

  it('gates /privacy, every /validation… and every /manage… route', () => {
    const gated = PAGE_ROUTE_IDS.filter((id) => routeView(id).gate).map((id) => [id, routeView(id).gate]);
    expect(gated).toEqual([
      ['privacy', 'privacy'],
      ['validationList', 'validation'],
      ['validationProcess', 'validation'],
      ['manage', 'manage'],
      ['manageEvents', 'manage'],
      ['manageEventNew', 'manage'],
      ['manageEvent', 'manage'],
      ['manageEventParticipants', 'manage'],
      ['manageNews', 'manage'],
      ['manageMessages', 'manage'],
      ['manageMembers', 'manage'],
      ['manageInvoices', 'manage'],
      ['manageClubSettings', 'manage'],
      ['manageInvitations', 'manage'],
      ['manageChatReports', 'manage'],
    ]);
  });
});
