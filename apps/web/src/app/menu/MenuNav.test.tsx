import { UnreadCountSchema } from '@vereinsheim/contracts/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../shared/api/client.ts';
import { ORIGIN, testAppConfig } from '../../test/fixtures.ts';
import { server } from '../../test/msw-server.ts';
import { chatSocket } from '../../test/chat-socket.ts';
import { MenuNav } from './MenuNav.tsx';
import { SLOW_MACHINE } from '../../test/wait.ts';

beforeAll(() => {
  configureApiClient({
    baseUrl: ORIGIN,
    getAccessToken: () => Promise.resolve('t'),
    getPersonId: () => null,
  });
});

function unreadCount(count: number) {
  server.use(
    http.get(`${ORIGIN}/api/me/messages/unread-count`, () =>
      HttpResponse.json(UnreadCountSchema.parse({ unreadcount: count })),
    ),
  );
}

/** The chat: its unread count, a ticket (the test client has a bearer token) and a socket that can push frames. */
function chat(counts: number[]) {
  const { handlers, clients } = chatSocket();
  let call = 0;
  server.use(
    http.get(`${ORIGIN}/api/me/chat/unread-count`, () =>
      HttpResponse.json({ count: counts[Math.min(call++, counts.length - 1)] }),
    ),
    ...handlers,
  );
  return { clients };
}

function renderMenu(pathname: string, unread = 0) {
  unreadCount(unread);
  chat([0]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[pathname]}>
        <MenuNav pathname={pathname} links={testAppConfig.links} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const nav = screen.getByRole('navigation', { name: 'Hauptmenü' });
  const current = within(nav)
    .queryAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.getAttribute('href'));
  return { nav, current };
}

describe('side menu', () => {
  it('shows the five groups of spec §2 with their items in order', () => {
    const { nav } = renderMenu('/');
    const headings = within(nav)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(headings).toEqual([
      'Allgemein',
      'Persönliches',
      'Mitgliedschaften',
      'Auszeichnungen',
      'Sonstiges',
    ]);
    const general = within(nav).getByRole('region', { name: 'Allgemein' });
    expect(
      within(general)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/', '/blog', '/events', '/calendar']);
    const misc = within(nav).getByRole('region', { name: 'Sonstiges' });
    expect(
      within(misc)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/clubs', '/inbox', '/logs', testAppConfig.links.updates, testAppConfig.links.help]);
  });

  it('opens the external help links and the footer in a new tab', () => {
    const { nav } = renderMenu('/');
    for (const href of Object.values(testAppConfig.links)) {
      const link = within(nav)
        .getAllByRole('link')
        .find((a) => a.getAttribute('href') === href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(within(nav).getByRole('link', { name: /Impressum/ })).toHaveAttribute(
      'href',
      testAppConfig.links.imprint,
    );
    expect(within(nav).getByRole('link', { name: /Datenschutz/ })).toHaveAttribute(
      'href',
      testAppConfig.links.privacy,
    );
  });

  it('says that links to example hosts (the demo defaults) are examples', () => {
    // testAppConfig's links are on example.org (RFC 2606), like the server's *.example defaults.
    const { nav } = renderMenu('/');
    expect(within(nav).getByRole('link', { name: /^Impressum \(Beispiel\)/ })).toHaveAttribute(
      'href',
      testAppConfig.links.imprint,
    );
    expect(within(nav).getByRole('link', { name: /^Hilfe-Center \(Beispiel\)/ })).toHaveAttribute(
      'href',
      testAppConfig.links.help,
    );
  });

  it.each([
    ['/', ['/']],
    ['/blog', ['/blog']],
    ['/blog/abc', ['/blog']],
    ['/events/42', ['/events']],
    ['/eventsx', []],
    ['/teams/7', ['/teams']],
    ['/account', []],
    ['/profile/address', ['/profile', '/profile/address']],
    ['/profile/Phone', ['/profile', '/profile/phone']],
  ])('on %s marks %j as current (dashboard only on exact /)', (pathname, expected) => {
    expect(renderMenu(pathname).current).toEqual(expected);
  });

  it('shows the profile sub-items only under /profile', () => {
    const outside = renderMenu('/events');
    expect(within(outside.nav).queryByRole('link', { name: 'Adressen' })).not.toBeInTheDocument();
    cleanup();

    const inside = renderMenu('/profile');
    for (const name of [
      'Adressen',
      'E-Mail-Adressen',
      'Telefonnummern',
      'Bankverbindungen',
      'Kleidergrößen',
    ]) {
      expect(within(inside.nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(inside.nav).getByRole('link', { name: 'Kleidergrößen' })).toHaveAttribute(
      'href',
      '/profile/confectionInformations',
    );
  });

  it('shows the unread messages count on the messages item', async () => {
    const { nav } = renderMenu('/', 3);
    const link = await within(nav).findByRole('link', {
      name: /^Nachrichten\s*,\s*3 ungelesene Nachrichten$/,
    });
    expect(link).toHaveAttribute('href', '/messages');
    expect(within(link).getByTestId('unread-badge')).toHaveTextContent('3');
    expect(within(nav).getAllByTestId('unread-badge')).toHaveLength(1);
  });

  it('shows no badge when every message is read', async () => {
    const { nav } = renderMenu('/', 0);
    expect(await within(nav).findByRole('link', { name: 'Nachrichten' })).toBeInTheDocument();
    // let the count query settle before asserting the absence
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(nav).queryByTestId('unread-badge')).not.toBeInTheDocument();
  });

  it("shows the chat's unread count and updates it when a message arrives over the socket", async () => {
    const live = chat([1, 2]);
    unreadCount(0);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/']}>
          <MenuNav pathname="/" links={testAppConfig.links} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const nav = screen.getByRole('navigation', { name: 'Hauptmenü' });
    const link = await within(nav).findByRole('link', { name: /^Chat.*,\s*1 ungelesene Nachricht$/ });
    expect(within(link).getByTestId('chat-unread-badge')).toHaveTextContent('1');
    await vi.waitFor(() => expect(live.clients).toHaveLength(1), SLOW_MACHINE);
    live.clients[0]!.send(JSON.stringify({ type: 'read', conversationId: 'c', seq: 1, unreadCount: 0 }));
    await vi.waitFor(
      () => expect(within(link).getByTestId('chat-unread-badge')).toHaveTextContent('2'),
      SLOW_MACHINE,
    );
  });
});
