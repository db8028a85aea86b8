import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../shared/api/client.ts';
import { ORIGIN } from '../../../test/fixtures.ts';
import { server } from '../../../test/msw-server.ts';
import { LatestNews } from './LatestNews.tsx';
import { UnreadMessages } from './UnreadMessages.tsx';

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
          <LatestNews />
          <UnreadMessages />
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
