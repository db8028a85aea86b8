import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { SIGN_IN_ROUTE_IDS, WEB_ROUTE_IDS, WEB_ROUTES, type WebRouteId } from '@vereinsheim/contracts/routes';

/**
 * Every screen of the route table (packages/contracts/src/routes.ts) with a real path to open, for the route
 * checks (every-route.spec.ts) and the screenshots (`npm run screenshots`).
 */

type RouteWithParams = {
  [Id in WebRouteId]: (typeof WEB_ROUTES)[Id][0] extends `${string}:${string}` ? Id : never;
}[WebRouteId];

/** A missing id still opens the screen: its not-found state is checked like any other. */
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

async function firstId(page: Page, api: string, pick: (body: unknown) => unknown): Promise<string> {
  const res = await page.request.get(api);
  if (!res.ok()) return NO_SUCH_ID;
  const id = pick(await res.json());
  return typeof id === 'string' && id ? id : NO_SUCH_ID;
}
const firstItem = (body: unknown) => (body as { items?: { id?: string }[] }).items?.[0]?.id;

/** The first event of a club the signed-in person manages (the club side's own list), for the manage routes. */
async function firstManagedEvent(page: Page): Promise<string> {
  const clubs = await page.request.get('/api/me/tenant/find?page=1&top=200');
  if (!clubs.ok()) return NO_SUCH_ID;
  for (const club of ((await clubs.json()) as { items?: { id: string }[] }).items ?? []) {
    const id = await firstId(
      page,
      `/api/tenants/${encodeURIComponent(club.id)}/manage/event?pagesize=1`,
      firstItem,
    );
    if (id !== NO_SUCH_ID) return id;
  }
  return NO_SUCH_ID;
}

/** How to find an id for each route with a parameter, from the API as the signed-in person sees it. */
const ID_OF: Record<RouteWithParams, (page: Page) => Promise<string>> = {
  blogPost: (page) => firstId(page, '/api/me/cms2/blogpost?top=1', firstItem),
  event: (page) => firstId(page, '/api/event?top=1', firstItem),
  invoice: (page) => firstId(page, '/api/invoice?top=1', firstItem),
  team: (page) => firstId(page, '/api/me/team?top=1', firstItem),
  manageEvent: firstManagedEvent,
  manageEventParticipants: firstManagedEvent,
  validationProcess: (page) => firstId(page, '/api/me/profilevalidation?top=1', firstItem),
};

export const PAGE_ROUTES = WEB_ROUTE_IDS.filter(
  (id) => !(SIGN_IN_ROUTE_IDS as readonly WebRouteId[]).includes(id),
);

/**
 * Who opens each route in the route checks and screenshots: the club side as vorstand@ (committee, organiser and
 * admin of her club), the reviewer's screens as pruefer@, everything else as demo@ — so each screen is seen with
 * the data its users see, not as a refusal.
 */
export const PERSONA_OF = (id: WebRouteId): 'demo' | 'vorstand' | 'pruefer' =>
  id.startsWith('manage') ? 'vorstand' : id.startsWith('validation') ? 'pruefer' : 'demo';

export async function pathOf(page: Page, id: WebRouteId): Promise<string> {
  const pattern: string = WEB_ROUTES[id][0];
  if (!pattern.includes(':')) return pattern;
  const value = await ID_OF[id as RouteWithParams](page);
  return pattern.replace(/:[A-Za-z]+/, encodeURIComponent(value));
}

/** The page Ionic shows: it keeps the pages it has left in the DOM, hidden (the last match is the innermost). */
export const SHOWN_PAGE = 'ion-router-outlet > .ion-page:not(.ion-page-hidden)';

/** Waits until the screen has loaded: no request in flight, no spinner or skeleton left. */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  // A full page load restores the session first ('Seite wird geladen...'); slow on a busy CI machine.
  await expect(page.locator(SHOWN_PAGE).last()).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.locator('ion-spinner:visible, ion-skeleton-text:visible')).toHaveCount(0, {
    timeout: 15_000,
  });
}
