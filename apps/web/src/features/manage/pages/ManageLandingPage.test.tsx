import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MembershipRole } from '@vereinsheim/contracts/enums';
import { configureApiClient } from '../../../shared/api/client.ts';
import { ORIGIN, tenant, tenantList } from '../../../test/fixtures.ts';
import { server } from '../../../test/msw-server.ts';
import ManageLandingPage from './ManageLandingPage.tsx';

beforeAll(() => {
  configureApiClient({
    baseUrl: ORIGIN,
    getAccessToken: () => Promise.resolve('t'),
    getPersonId: () => null,
  });
});

function renderWithRoles(roles: MembershipRole[]) {
  server.use(
    http.get(`${ORIGIN}/api/me/tenant/find`, () =>
      HttpResponse.json(tenantList([tenant(1, { name: 'TSV Test', roles })])),
    ),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ManageLandingPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const links = () => screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);

describe('/manage', () => {
  it('shows an organiser the events and news only', async () => {
    renderWithRoles(['member', 'organiser']);
    expect(await screen.findByText('Was du für TSV Test verwalten kannst:')).toBeInTheDocument();
    expect(links()).toEqual([
      ['Veranstaltungen', '/manage/events'],
      ['Neuigkeiten', '/manage/news'],
    ]);
  });

  it('shows an admin every area', async () => {
    renderWithRoles(['member', 'admin']);
    expect(await screen.findByText('Was du für TSV Test verwalten kannst:')).toBeInTheDocument();
    expect(links().map(([, href]) => href)).toEqual([
      '/manage/events',
      '/manage/news',
      '/manage/messages',
      '/manage/members',
      '/manage/invoices',
      '/manage/club',
      '/manage/invitations',
      '/manage/chat-reports',
    ]);
  });

  it('shows the committee messages, invoices and the club invoice data but not members', async () => {
    renderWithRoles(['member', 'committee']);
    expect(await screen.findByText('Was du für TSV Test verwalten kannst:')).toBeInTheDocument();
    expect(links().map(([, href]) => href)).toEqual([
      '/manage/events',
      '/manage/news',
      '/manage/messages',
      '/manage/invoices',
      '/manage/club',
    ]);
  });
});
