import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { MyRegistration } from '@vereinsheim/contracts/events';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../shared/api/client.ts';
import { memoryStore } from '../../../shared/platform/storage.ts';
import { resetTenantSelection, TENANT_SELECTION_KEY } from '../../../shared/tenant-selection/selection.ts';
import { myRegistration, myRegistrationPage, ORIGIN, tenant, tenantList } from '../../../test/fixtures.ts';
import { server } from '../../../test/msw-server.ts';
import { LatestNews, UnreadMessages, UpcomingEvents } from './DashboardSections.tsx';
import { ShellDashboardParts } from './shell-parts.tsx';

beforeAll(() => {
  configureApiClient({
    baseUrl: ORIGIN,
    getAccessToken: () => Promise.resolve('t'),
    getPersonId: () => null,
  });
});

describe('dashboard sections', () => {
  it('load and fail each on their own', async () => {
    server.use(
      http.get(`${ORIGIN}/api/me/cms2/blogpost`, () =>
        HttpResponse.json({ type: 'about:blank', title: 'Server Error', status: 503 }, { status: 503 }),
      ),
      http.get(`${ORIGIN}/api/me/messages`, ({ request }) => {
        expect(new URL(request.url).searchParams.get('unreadOnly')).toBe('true');
        return HttpResponse.json({
          items: [
            {
              id: '00000000-0000-4000-8000-000000000001',
              kind: 'invoice_issued',
              tenantId: null,
              tenantName: 'TSV Test',
              title: 'Neue Rechnung',
              body: '120 €',
              link: '/invoices',
              isRead: false,
              readAt: null,
              createdAt: '2026-11-20T10:00:00.000Z',
            },
          ],
          maximumcount: 1,
          page: 1,
          pagesize: 3,
          top: 3,
          orderbytype: 'descending',
          unreadcount: 1,
        });
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <ShellDashboardParts>
            <LatestNews />
            <UnreadMessages />
          </ShellDashboardParts>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const messages = screen.getByRole('region', { name: /Ungelesene Nachrichten/ });
    expect(await within(messages).findByText('Neue Rechnung')).toBeInTheDocument();
    const news = screen.getByRole('region', { name: 'Neuigkeiten' });
    expect(await within(news).findByText('Es ist ein Fehler aufgetreten')).toBeInTheDocument();
    expect(within(news).getByRole('link', { name: 'Alle Neuigkeiten' })).toHaveAttribute('href', '/blog');
  });
});

const club = tenant(1, { name: 'TSV Grünwald' });

function registration(
  n: number,
  name: string,
  status: MyRegistration['eventProgressType'],
  waitingPosition: number | null = null,
): MyRegistration {
  return { ...myRegistration(n, club, { name }), eventProgressType: status, waitingPosition };
}

function page(items: MyRegistration[]) {
  return myRegistrationPage(items, 4);
}

function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderUpcoming() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <Location />
        <ShellDashboardParts>
          <UpcomingEvents />
        </ShellDashboardParts>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('next events on the dashboard', () => {
  let registrations: MyRegistration[];
  let queries: URLSearchParams[];
  let posted: string[];

  beforeEach(() => {
    resetTenantSelection(memoryStore({ [TENANT_SELECTION_KEY]: JSON.stringify([club.id]) }));
    registrations = [
      registration(1, 'Vereinsabend', 'invited'),
      registration(2, 'Training', 'participating'),
      registration(3, 'Turnier', 'waiting', 2),
      registration(4, 'Ausflug', 'requested'),
    ];
    queries = [];
    posted = [];
    server.use(
      http.get(`${ORIGIN}/api/me/tenant/find`, () => HttpResponse.json(tenantList([club, tenant(2)]))),
      http.get(`${ORIGIN}/api/me/event/registrations`, ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json(page(registrations));
      }),
      http.get(`${ORIGIN}/api/event/:id/contract`, () =>
        HttpResponse.json({ type: 'about:blank', title: 'Not Found', status: 404 }, { status: 404 }),
      ),
      http.post(`${ORIGIN}/api/event/:id/registration`, ({ params }) => {
        posted.push(`register ${String(params.id)}`);
        registrations = registrations.map((r) =>
          r.eventId === params.id ? { ...r, eventProgressType: 'participating' } : r,
        );
        return HttpResponse.json({ ...registration(1, 'Vereinsabend', 'participating') }, { status: 201 });
      }),
      http.post(`${ORIGIN}/api/event/:id/registration/cancel`, ({ params }) => {
        posted.push(`decline ${String(params.id)}`);
        registrations = registrations.filter((r) => r.eventId !== params.id);
        return HttpResponse.json({ ...registration(1, 'Vereinsabend', 'cancelled'), isCancelled: true });
      }),
    );
  });

  it("asks for the selected club's next events from now on and shows the person's status at each", async () => {
    renderUpcoming();
    const section = screen.getByRole('region', { name: 'Deine nächsten Termine' });
    expect(await within(section).findByText('Vereinsabend', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(section).getByText('Eingeladen')).toBeInTheDocument();
    expect(within(section).getByText('Angemeldet')).toBeInTheDocument();
    expect(within(section).getByText('Warteliste, Platz 2')).toBeInTheDocument();
    expect(within(section).getByText('Angefragt')).toBeInTheDocument();
    // Only the invitation can be answered.
    expect(within(section).getAllByText('Zusagen')).toHaveLength(1);
    const query = queries.at(-1)!;
    expect(query.get('tenantIds')).toBe(club.id);
    expect(query.get('status')).toBe('invited,requested,waiting,participating');
    expect(query.get('orderby')).toBe('StartTime');
    expect(Date.parse(query.get('from')!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('accepts an invitation without prices with one tap (registers) and declines another', async () => {
    renderUpcoming();
    const section = screen.getByRole('region', { name: 'Deine nächsten Termine' });
    fireEvent.click(await within(section).findByLabelText('Einladung zu Vereinsabend zusagen'));
    await waitFor(() => expect(posted).toEqual([`register ${registrations[0]!.eventId}`]));
    await waitFor(() =>
      expect(within(section).queryByLabelText(/Vereinsabend zusagen/)).not.toBeInTheDocument(),
    );

    registrations = [registration(5, 'Sommerfest', 'invited'), ...registrations];
    renderUpcoming();
    const again = screen.getAllByRole('region', { name: 'Deine nächsten Termine' }).at(-1)!;
    fireEvent.click(await within(again).findByLabelText('Einladung zu Sommerfest absagen'));
    await waitFor(() => expect(posted.at(-1)).toBe('decline 00000000-0000-4000-8000-000000000205'));
    await waitFor(() => expect(within(again).queryByText('Sommerfest')).not.toBeInTheDocument());
  });

  it('opens the event page instead of registering blindly when the event has a price', async () => {
    let contractAsked = false;
    server.use(
      http.get(`${ORIGIN}/api/event/:id/contract`, ({ params }) => {
        contractAsked = true;
        return HttpResponse.json({
          id: 'c1',
          foreignKeyId: String(params.id),
          price: {
            prices: [
              {
                id: 'p1',
                name: 'Mitglied',
                description: null,
                kind: 'price',
                amount: 10,
                currency: 'EUR',
                required: false,
                group: null,
              },
            ],
          },
        });
      }),
    );
    renderUpcoming();
    const section = screen.getByRole('region', { name: 'Deine nächsten Termine' });
    fireEvent.click(await within(section).findByLabelText('Einladung zu Vereinsabend zusagen'));
    await waitFor(() => expect(contractAsked).toBe(true));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/events/00000000-0000-4000-8000-000000000201',
      ),
    );
    expect(posted).toEqual([]);
    expect(within(section).getByText('Eingeladen')).toBeInTheDocument();
  });

  it('shows an empty state when nothing is coming up', async () => {
    registrations = [];
    renderUpcoming();
    expect(
      await screen.findByText('Keine anstehenden Termine – schau in die Veranstaltungen.'),
    ).toBeInTheDocument();
  });
});
