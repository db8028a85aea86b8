import { MessageListSchema, MessageSchema, type Message } from '@vereinsheim/contracts/messages';
import { UnreadCountSchema } from '@vereinsheim/contracts/messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { UnreadMessages } from '../features/dashboard/components/DashboardSections.tsx';
import { ShellDashboardParts } from '../features/dashboard/components/shell-parts.tsx';
import MessagesPage from '../features/messages/pages/MessagesPage.tsx';
import { configureApiClient } from '../shared/api/client.ts';
import { ORIGIN, testAppConfig } from '../test/fixtures.ts';
import { server } from '../test/msw-server.ts';
import { MenuNav } from './menu/MenuNav.tsx';
import { createQueryClient } from './query-client.ts';

beforeAll(() => {
  configureApiClient({
    baseUrl: ORIGIN,
    getAccessToken: () => Promise.resolve('t'),
    getPersonId: () => null,
  });
});

const ID = '00000000-0000-4000-8000-000000000001';

describe('query keys under one root per resource', () => {
  it("marking a message read on the messages page refreshes the dashboard's unread list and the menu badge", async () => {
    let current: Message = MessageSchema.parse({
      id: ID,
      kind: 'invoice_issued',
      tenantId: null,
      tenantName: 'TSV Test',
      title: 'Neue Rechnung',
      body: '120 €',
      link: null,
      isRead: false,
      readAt: null,
      createdAt: '2026-11-20T10:00:00.000Z',
    });
    server.use(
      http.get(`${ORIGIN}/api/me/messages`, ({ request }) => {
        const unreadOnly = new URL(request.url).searchParams.get('unreadOnly') === 'true';
        const items = unreadOnly && current.isRead ? [] : [current];
        return HttpResponse.json(
          MessageListSchema.parse({
            items,
            maximumcount: items.length,
            page: 1,
            pagesize: 25,
            top: 25,
            orderbytype: 'descending',
            unreadcount: current.isRead ? 0 : 1,
          }),
        );
      }),
      http.get(`${ORIGIN}/api/me/messages/unread-count`, () =>
        HttpResponse.json(UnreadCountSchema.parse({ unreadcount: current.isRead ? 0 : 1 })),
      ),
      http.post(`${ORIGIN}/api/me/messages/:id/read`, () => {
        current = MessageSchema.parse({ ...current, isRead: true, readAt: '2026-11-20T11:00:00.000Z' });
        return HttpResponse.json(current);
      }),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <MenuNav pathname="/messages" links={testAppConfig.links} />
          <ShellDashboardParts>
            <UnreadMessages />
          </ShellDashboardParts>
          <MessagesPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const dashboard = screen.getByRole('region', { name: /Ungelesene Nachrichten/ });
    expect(await within(dashboard).findByText('Neue Rechnung')).toBeInTheDocument();
    expect(await screen.findByTestId('unread-badge')).toHaveTextContent('1');

    await userEvent.click(within(screen.getByTestId('message')).getByText('Neue Rechnung'));

    expect(await within(dashboard).findByText('Keine ungelesenen Nachrichten.')).toBeInTheDocument();
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
  });
});
