import { render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../shared/api/client.ts';
import { memoryStore } from '../../../shared/platform/storage.ts';
import { resetTenantSelection } from '../../../shared/tenant-selection/selection.ts';
import { myRegistrationPage, ORIGIN, tenant, tenantList } from '../../../test/fixtures.ts';
import { server } from '../../../test/msw-server.ts';
import { SignedIn } from '../../../test/signed-in.tsx';
import DashboardPage from './DashboardPage.tsx';

beforeAll(() => {
  configureApiClient({
    baseUrl: ORIGIN,
    getAccessToken: () => Promise.resolve('t'),
    getPersonId: () => null,
  });
});

const emptyRegistrations = myRegistrationPage([]);

describe('dashboard page', () => {
  let requested: string[];
  let answerRegistrations: () => void;

  beforeEach(() => {
    resetTenantSelection(memoryStore());
    requested = [];
    const registrationsAnswered = new Promise<void>((resolve) => (answerRegistrations = resolve));
    server.use(
      http.get(`${ORIGIN}/api/me/tenant/find`, () => HttpResponse.json(tenantList([tenant(1)]))),
      http.get(`${ORIGIN}/api/me/event/registrations`, async () => {
        requested.push('registrations');
        await registrationsAnswered;
        return HttpResponse.json(emptyRegistrations);
      }),
      http.get(`${ORIGIN}/api/me/cms2/blogpost`, () => {
        requested.push('news');
        return HttpResponse.json(
          { type: 'about:blank', title: 'Server Error', status: 503 },
          { status: 503 },
        );
      }),
      http.get(`${ORIGIN}/api/me/messages`, () => {
        requested.push('messages');
        return HttpResponse.json(
          { type: 'about:blank', title: 'Server Error', status: 503 },
          { status: 503 },
        );
      }),
    );
  });

  it('loads news and messages with the next events but shows them below only once the next events are there', async () => {
    render(
      <SignedIn>
        <DashboardPage />
      </SignedIn>,
    );
    // All three are asked for at once …
    await waitFor(() => expect([...requested].sort()).toEqual(['messages', 'news', 'registrations']));
    // … but while the next events load (their height unknown), nothing is shown below them that would move.
    expect(screen.getByRole('region', { name: 'Deine nächsten Termine' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Neuigkeiten' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Ungelesene Nachrichten/ })).not.toBeInTheDocument();

    answerRegistrations();
    const news = await screen.findByRole('region', { name: 'Neuigkeiten' });
    expect(await within(news).findByText('Es ist ein Fehler aufgetreten')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /Ungelesene Nachrichten/ })).toBeInTheDocument();
  });

  it('draws nothing below the clubs while they load: the link to the clubs comes with their list', async () => {
    let answerClubs = () => {};
    const clubsAnswered = new Promise<void>((resolve) => (answerClubs = resolve));
    server.use(
      http.get(`${ORIGIN}/api/me/tenant/find`, async () => {
        await clubsAnswered;
        return HttpResponse.json(tenantList([tenant(1), tenant(2)]));
      }),
    );
    render(
      <SignedIn>
        <DashboardPage />
      </SignedIn>,
    );
    const clubs = screen.getByRole('region', { name: 'Deine Vereine' });
    // The page has asked for its data (the news with the clubs), and the clubs have not answered.
    await waitFor(() => expect(requested).toContain('news'));
    expect(within(clubs).queryByRole('link', { name: 'Vereine verwalten' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Deine nächsten Termine' })).not.toBeInTheDocument();

    answerClubs();
    const list = await within(clubs).findByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(clubs).getByRole('link', { name: 'Vereine verwalten' })).toBeInTheDocument();
  });
});
