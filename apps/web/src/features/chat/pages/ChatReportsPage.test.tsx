import { ChatReportListSchema, type ChatReportList } from '@vereinsheim/contracts/chat';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../shared/api/client.ts';
import { ORIGIN, tenant, tenantList } from '../../../test/fixtures.ts';
import { server } from '../../../test/msw-server.ts';
import ChatReportsPage from './ChatReportsPage.tsx';

beforeAll(() => {
  configureApiClient({
    baseUrl: ORIGIN,
    getAccessToken: () => Promise.resolve(null),
    getPersonId: () => null,
  });
});

const club = tenant(1, { name: 'TSV Test', roles: ['member', 'admin'] });
const message = {
  id: '11111111-1111-4111-8111-111111111111',
  conversationId: '22222222-2222-4222-8222-222222222222',
  seq: 4,
  senderPersonId: '33333333-3333-4333-8333-333333333333',
  senderName: 'Ben Berg',
  body: 'Unfreundlich',
  replyToId: null,
  replyTo: null,
  reactions: [],
  clientId: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  editedAt: null,
  deletedAt: null,
};

describe('/manage/chat-reports', () => {
  it("lists the club's reported messages and dismisses a report", async () => {
    let reports: ChatReportList = ChatReportListSchema.parse({
      items: [
        {
          message,
          conversationKind: 'team',
          conversationTitle: 'Erste Herren',
          reports: [
            { reporterName: 'Anna Alt', reason: 'Beleidigung', createdAt: '2026-11-21T09:00:00.000Z' },
          ],
        },
      ],
    });
    let dismissed = '';
    server.use(
      http.get(`${ORIGIN}/api/me/tenant/find`, () => HttpResponse.json(tenantList([club]))),
      http.get(`${ORIGIN}/api/tenants/${club.id}/chat/reports`, () => HttpResponse.json(reports)),
      http.delete(`${ORIGIN}/api/tenants/${club.id}/chat/reports/:messageId`, ({ params }) => {
        dismissed = String(params.messageId);
        reports = { items: [] };
        return new HttpResponse(null, { status: 204 });
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <ChatReportsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const item = await screen.findByTestId('chat-report', undefined, { timeout: 5000 });
    expect(item).toHaveTextContent('Unfreundlich');
    expect(item).toHaveTextContent('Team · in Erste Herren · von Ben Berg');
    expect(within(item).getByText(/Gemeldet von Anna Alt am .* – Grund: Beleidigung/)).toBeInTheDocument();
    await userEvent.click(within(item).getByText('Meldung verwerfen'));
    expect(
      await screen.findByText('Keine offenen Meldungen.', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(dismissed).toBe(message.id);
  });
});
