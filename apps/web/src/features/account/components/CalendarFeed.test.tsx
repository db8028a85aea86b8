import { CalendarFeedSchema, type CalendarFeed as Feed } from '@vereinsheim/contracts/events';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../shared/api/client.ts';
import { ORIGIN } from '../../../test/fixtures.ts';
import { server } from '../../../test/msw-server.ts';
import { CalendarFeed } from './CalendarFeed.tsx';

const feed = (token: string): Feed =>
  CalendarFeedSchema.parse({
    url: `${ORIGIN}/calendar/${token}.ics`,
    createdAt: '2026-11-20T10:00:00.000Z',
  });

beforeAll(() => {
  configureApiClient({
    baseUrl: ORIGIN,
    getAccessToken: () => Promise.resolve('t'),
    getPersonId: () => null,
  });
});

function renderFeed() {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}
    >
      <CalendarFeed />
    </QueryClientProvider>,
  );
}

describe('calendar feed on /account', () => {
  it('shows the private feed URL and copies it', async () => {
    const user = userEvent.setup();
    server.use(http.get(`${ORIGIN}/api/me/calendar-feed`, () => HttpResponse.json(feed('old-secret'))));
    renderFeed();
    const field = await screen.findByRole('textbox', { name: 'Privater Kalender-Link' });
    expect(field).toHaveValue(`${ORIGIN}/calendar/old-secret.ics`);
    expect(field).toHaveAttribute('readonly');
    expect(screen.getByText('In Kalender-App öffnen').closest('ion-button')).toHaveAttribute(
      'href',
      'webcal://localhost:3000/calendar/old-secret.ics',
    );

    await user.click(screen.getByText('Link kopieren'));
    expect(await navigator.clipboard.readText()).toBe(`${ORIGIN}/calendar/old-secret.ics`);
    expect(screen.getByRole('status')).toHaveTextContent('Link kopiert.');
  });

  it('renews the link: the new URL replaces the old one', async () => {
    const user = userEvent.setup();
    let renewals = 0;
    server.use(
      http.get(`${ORIGIN}/api/me/calendar-feed`, () => HttpResponse.json(feed('old-secret'))),
      http.post(`${ORIGIN}/api/me/calendar-feed/renew`, () => {
        renewals += 1;
        return HttpResponse.json(feed('new-secret'));
      }),
    );
    renderFeed();
    const field = await screen.findByRole('textbox', { name: 'Privater Kalender-Link' });
    expect(screen.getByText(/Der bisherige Link funktioniert danach nicht mehr/)).toBeInTheDocument();

    await user.click(screen.getByText('Neuen Link erzeugen'));
    await waitFor(() => expect(field).toHaveValue(`${ORIGIN}/calendar/new-secret.ics`));
    expect(renewals).toBe(1);
    expect(screen.getByRole('status')).toHaveTextContent('Der alte Link funktioniert nicht mehr.');
  });

  it('says so when the link cannot be loaded', async () => {
    server.use(http.get(`${ORIGIN}/api/me/calendar-feed`, () => new HttpResponse(null, { status: 500 })));
    renderFeed();
    expect(await screen.findByText('Der Kalender-Link konnte nicht geladen werden.')).toBeInTheDocument();
    expect(screen.queryByText('Neuen Link erzeugen')).not.toBeInTheDocument();
  });

  it('keeps the old URL and says so when renewing fails', async () => {
    const user = userEvent.setup();
    server.use(
      http.get(`${ORIGIN}/api/me/calendar-feed`, () => HttpResponse.json(feed('old-secret'))),
      http.post(`${ORIGIN}/api/me/calendar-feed/renew`, () => new HttpResponse(null, { status: 500 })),
    );
    renderFeed();
    const field = await screen.findByRole('textbox', { name: 'Privater Kalender-Link' });
    await user.click(screen.getByText('Neuen Link erzeugen'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Es konnte kein neuer Link erzeugt werden.');
    expect(field).toHaveValue(`${ORIGIN}/calendar/old-secret.ics`);
  });
});
