import { ChatConversationSchema, type ChatConversation } from '@vereinsheim/contracts/chat';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../shared/api/client.ts';
import { ORIGIN } from '../../../test/fixtures.ts';
import { chatSocket } from '../../../test/chat-socket.ts';
import { server } from '../../../test/msw-server.ts';
import { SignedIn } from '../../../test/signed-in.tsx';
import { conversationsQueryOptions } from '../api/chat-api.ts';
import InboxPage from './InboxPage.tsx';

beforeAll(() => {
  configureApiClient({
    baseUrl: ORIGIN,
    getAccessToken: () => Promise.resolve('t'),
    getPersonId: () => null,
  });
});

const TENANT = '44444444-4444-4444-8444-444444444444';
const conversation = (id: number, kind: ChatConversation['kind'], title: string): ChatConversation =>
  ChatConversationSchema.parse({
    id: `00000000-0000-4000-8000-00000000000${id}`,
    kind,
    tenantId: TENANT,
    tenantName: 'TSV Test',
    teamId: null,
    title,
    otherPersonId: kind === 'direct' ? '55555555-5555-4555-8555-555555555555' : null,
    lastSeq: 0,
    readSeq: 0,
    unreadCount: 0,
    muted: false,
    canWrite: true,
    lastMessage: null,
  });
const team = conversation(1, 'team', 'Erste Herren');
const channel = conversation(2, 'club', 'Ankündigungen · TSV Test');
const direct = conversation(3, 'direct', 'Ben Berg');

/** The chat's endpoints and a socket that answers "ready". */
function chatServer() {
  server.use(
    http.get(`${ORIGIN}/api/me/chat/conversations`, () =>
      HttpResponse.json({ items: [team, channel, direct], unreadCount: 0 }),
    ),
    http.get(`${ORIGIN}/api/me/chat/conversations/:id/messages`, () =>
      HttpResponse.json({ items: [], hasMore: false }),
    ),
    http.get(`${ORIGIN}/api/me/chat/settings`, () => HttpResponse.json({ directMessages: true })),
    http.get(`${ORIGIN}/api/me/chat/contacts`, () =>
      HttpResponse.json({
        items: [
          {
            personId: 'p2',
            name: 'Clara Braun',
            tenantId: TENANT,
            tenantName: 'TSV Test',
            teamName: 'Erste Herren',
          },
        ],
      }),
    ),
    ...chatSocket().handlers,
  );
}

const pageTitle = () => screen.getByRole('heading', { level: 1 });

/** The page at `entry`, with the chat's endpoints answering. */
function renderInbox(entry: string, queryClient?: QueryClient) {
  chatServer();
  render(
    <SignedIn queryClient={queryClient} initialEntries={[entry]}>
      <InboxPage />
    </SignedIn>,
  );
}

describe('/inbox', () => {
  it('names the page once, with its beta mark, and says under each conversation only what its title does not', async () => {
    renderInbox('/inbox');
    const list = await screen.findByRole('list', { name: 'Unterhaltungen' }, { timeout: 5000 });
    expect(pageTitle()).toHaveTextContent(/^Chat Beta$/);
    expect(screen.queryAllByRole('heading', { name: /^Chat/ })).toHaveLength(1);
    const rows = await within(list).findAllByRole('link');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Erste HerrenTeam · TSV TestNoch keine Nachrichten.',
      'Ankündigungen · TSV TestNoch keine Nachrichten.',
      'Ben BergDirektnachricht · TSV TestNoch keine Nachrichten.',
    ]);
  });

  it('chooses whom to write in place of the list; the header button cancels', async () => {
    renderInbox('/inbox');
    await screen.findByRole('list', { name: 'Unterhaltungen' }, { timeout: 5000 });
    await userEvent.click(screen.getByText('Neue Nachricht'));
    const contacts = await screen.findByRole('list', { name: 'Neue Nachricht' });
    expect(within(contacts).getByRole('button')).toHaveTextContent('Clara BraunErste Herren · TSV Test');
    expect(screen.queryByRole('list', { name: 'Unterhaltungen' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('Abbrechen'));
    expect(await screen.findByRole('list', { name: 'Unterhaltungen' })).toBeInTheDocument();
    expect(screen.getByText('Neue Nachricht')).toBeInTheDocument();
  });

  it('titles an open conversation with its name, says its kind and club under it, and offers back, mute and block', async () => {
    // The list is known (as after the inbox was shown): the page opens on the conversation.
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(conversationsQueryOptions().queryKey, {
      items: [team, channel, direct],
      unreadCount: 0,
    });
    renderInbox(`/inbox?c=${direct.id}`, queryClient);
    const view = await screen.findByRole('region', { name: 'Ben Berg' }, { timeout: 5000 });
    expect(pageTitle()).toHaveTextContent(/^Ben Berg$/);
    expect(view).toHaveTextContent(/^Direktnachricht · TSV Test/);
    expect(within(view).getByText('Stummschalten')).toBeInTheDocument();
    expect(within(view).getByText('Blockieren')).toBeInTheDocument();
    expect(document.querySelector('ion-back-button')).toHaveAttribute('text', 'Zurück');
    expect(screen.queryByText('Neue Nachricht')).not.toBeInTheDocument();
  });
});
