import { CalendarFeedSchema } from '@vereinsheim/contracts/events';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../shared/api/client.ts';
import type { AuthService } from '../../../shared/auth/auth-service.ts';
import { AuthProvider } from '../../../shared/auth/session-context.tsx';
import { ORIGIN } from '../../../test/fixtures.ts';
import { server } from '../../../test/msw-server.ts';
import AccountPage from './AccountPage.tsx';

const auth = {
  session: null,
  subscribe: () => () => undefined,
  signOut: () => Promise.resolve(),
} as unknown as AuthService;

beforeAll(() => {
  configureApiClient({
    baseUrl: ORIGIN,
    getAccessToken: () => Promise.resolve('t'),
    getPersonId: () => null,
  });
});

describe('/account', () => {
  it('has the push switch, the calendar feed and the data section, and links nowhere missing', async () => {
    server.use(
      http.get(`${ORIGIN}/api/me/calendar-feed`, () =>
        HttpResponse.json(
          CalendarFeedSchema.parse({
            url: `${ORIGIN}/calendar/secret.ics`,
            createdAt: '2026-11-20T10:00:00.000Z',
          }),
        ),
      ),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AuthProvider auth={auth}>
          <MemoryRouter initialEntries={['/account']}>
            <AccountPage />
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('textbox', { name: 'Privater Kalender-Link' })).toHaveValue(
      `${ORIGIN}/calendar/secret.ics`,
    );
    expect(screen.getByText('Push-Benachrichtigungen')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Kalender-Abo' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Deine Daten' })).toBeInTheDocument();
    expect(document.querySelector('[href="/account/delete"]')).toBeNull();
  });
});
