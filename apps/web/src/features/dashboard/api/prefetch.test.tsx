import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../shared/api/client.ts';
import { memoryStore } from '../../../shared/platform/storage.ts';
import { resetTenantSelection, TENANT_SELECTION_KEY } from '../../../shared/tenant-selection/selection.ts';
import { myRegistration, myRegistrationPage, ORIGIN, tenant, tenantList } from '../../../test/fixtures.ts';
import { server } from '../../../test/msw-server.ts';
import { SignedIn } from '../../../test/signed-in.tsx';
import DashboardPage from '../pages/DashboardPage.tsx';
import { prefetchDashboard } from './prefetch.ts';

beforeAll(() => {
  configureApiClient({
    baseUrl: ORIGIN,
    getAccessToken: () => Promise.resolve('t'),
    getPersonId: () => null,
  });
});

const first = tenant(1);
const second = tenant(2);

describe('the dashboard prefetch', () => {
  let asked: string[];

  beforeEach(() => {
    asked = [];
    // The person chose the second club on this device earlier, and a club she has left since.
    resetTenantSelection(
      memoryStore({
        [TENANT_SELECTION_KEY]: JSON.stringify([second.id, '00000000-0000-4000-8000-000000000099']),
      }),
    );
    const emptyPage = { items: [], maximumcount: 0, page: 1, pagesize: 4, top: 4, orderbytype: 'descending' };
    server.use(
      http.get(`${ORIGIN}/api/me/tenant/find`, () => {
        asked.push('clubs');
        return HttpResponse.json(tenantList([first, second]));
      }),
      http.get(`${ORIGIN}/api/me/event/registrations`, ({ request }) => {
        asked.push(`next events in ${new URL(request.url).searchParams.get('tenantIds')}`);
        return HttpResponse.json(myRegistrationPage([myRegistration(1, second, { name: 'Wintertraining' })]));
      }),
      http.get(`${ORIGIN}/api/me/cms2/blogpost`, () => {
        asked.push('news');
        return HttpResponse.json(emptyPage);
      }),
      http.get(`${ORIGIN}/api/me/messages`, () => {
        asked.push('messages');
        return HttpResponse.json({ ...emptyPage, pagesize: 3, unreadcount: 0 });
      }),
    );
  });

  it('loads what the page shows, in its club scope, so that the page asks for none of it again', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await prefetchDashboard(queryClient);
    // The next events are asked for in the stored scope (the club she left is not sent).
    expect([...asked].sort()).toEqual(['clubs', 'messages', 'news', `next events in ${second.id}`]);

    render(
      <SignedIn queryClient={queryClient}>
        <DashboardPage />
      </SignedIn>,
    );
    const upcoming = await screen.findByRole('region', { name: 'Deine nächsten Termine' });
    expect(await within(upcoming).findByText('Wintertraining')).toBeInTheDocument();
    expect(await screen.findByText('Im Moment gibt es keine Neuigkeiten.')).toBeInTheDocument();
    expect(screen.getByText('Keine ungelesenen Nachrichten.')).toBeInTheDocument();
    expect(asked).toHaveLength(4);
  });

  it('with no club chosen, asks for the next events beside the clubs, not after their answer', async () => {
    resetTenantSelection(memoryStore());
    let nextEventsAsked = () => {};
    const nextEvents = new Promise<void>((resolve) => (nextEventsAsked = resolve));
    server.use(
      // The clubs answer only once the next events have been asked for (or after 2 s, too late).
      http.get(`${ORIGIN}/api/me/tenant/find`, async () => {
        await Promise.race([nextEvents, new Promise((resolve) => setTimeout(resolve, 2000))]);
        asked.push('clubs');
        return HttpResponse.json(tenantList([first, second]));
      }),
      http.get(`${ORIGIN}/api/me/event/registrations`, ({ request }) => {
        asked.push(`next events in ${new URL(request.url).searchParams.get('tenantIds')}`);
        nextEventsAsked();
        return HttpResponse.json(myRegistrationPage([myRegistration(1, first, { name: 'Wintertraining' })]));
      }),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const started = Date.now();
    await prefetchDashboard(queryClient);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(asked.filter((what) => what !== 'news' && what !== 'messages')).toEqual([
      'next events in null',
      'clubs',
    ]);
  });
});
