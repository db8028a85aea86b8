import { MessageListSchema, MessageSchema, type Message } from '@vereinsheim/contracts/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../shared/api/client.ts';
import { ORIGIN } from '../../../test/fixtures.ts';
import { server } from '../../../test/msw-server.ts';
import MessagesPage from './MessagesPage.tsx';

const ID = '00000000-0000-4000-8000-000000000001';

function message(overrides: Partial<Message> = {}): Message {
  return MessageSchema.parse({
    id: ID,
    kind: 'waitinglist_promoted',
    tenantId: 'club-1',
    tenantName: 'TSV Test',
    title: 'Du bist nachgerückt',
    body: 'Ein Platz ist frei geworden.',
    link: '/my-registrations',
    isRead: false,
    readAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  });
}

beforeAll(() => {
  configureApiClient({
    baseUrl: ORIGIN,
    getAccessToken: () => Promise.resolve('t'),
    getPersonId: () => null,
  });
});

describe('/messages', () => {
  it('shows unread messages and marks one read when it is opened', async () => {
    let current = message();
    const reads: string[] = [];
    server.use(
      http.get(`${ORIGIN}/api/me/messages`, () =>
        HttpResponse.json(
          MessageListSchema.parse({
            items: [current],
            maximumcount: 1,
            page: 1,
            pagesize: 25,
            top: 25,
            orderbytype: 'descending',
            unreadcount: current.isRead ? 0 : 1,
          }),
        ),
      ),
      http.post(`${ORIGIN}/api/me/messages/:id/read`, ({ params }) => {
        reads.push(String(params.id));
        current = message({ isRead: true, readAt: '2026-11-20T11:00:00.000Z' });
        return HttpResponse.json(current);
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <MessagesPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('1 ungelesene Nachricht')).toBeInTheDocument();
    const item = screen.getByTestId('message');
    expect(item).toHaveClass('vh-message--unread');
    expect(screen.getByText(/Ungelesen/)).toBeInTheDocument();

    await userEvent.click(screen.getByText('Du bist nachgerückt'));
    expect(await screen.findByText('Ein Platz ist frei geworden.')).toBeInTheDocument();
    await waitFor(() => expect(reads).toEqual([ID]));
    expect(await screen.findByText('Alle Nachrichten gelesen.')).toBeInTheDocument();
    expect(screen.getByTestId('message')).not.toHaveClass('vh-message--unread');
  });

  it('shows the empty state', async () => {
    server.use(
      http.get(`${ORIGIN}/api/me/messages`, () =>
        HttpResponse.json({
          items: [],
          maximumcount: 0,
          page: 1,
          pagesize: 25,
          top: 25,
          orderbytype: 'descending',
          unreadcount: 0,
        }),
      ),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <MessagesPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Du hast keine Nachrichten.')).toBeInTheDocument();
  });
});
