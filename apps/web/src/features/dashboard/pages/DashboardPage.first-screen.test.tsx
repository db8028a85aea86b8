import { waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../shared/api/client.ts';
import { memoryStore } from '../../../shared/platform/storage.ts';
import { resetTenantSelection } from '../../../shared/tenant-selection/selection.ts';
import { coverShell, shellCovered, whenShellRevealed } from '../../../shared/ui/first-screen.ts';
import { myRegistrationPage, ORIGIN, tenant, tenantList } from '../../../test/fixtures.ts';
import { server } from '../../../test/msw-server.ts';
import { SignedIn } from '../../../test/signed-in.tsx';
import DashboardPage from './DashboardPage.tsx';

/*
 * vitest-isolate: first-screen.ts keeps its state for the page load; the takeover below must be this graph's first.
 *
 * The shell's dashboard beneath the first screen (shared/ui/first-screen.ts), whose state lasts a page load: the
 * tests run in order, the takeover in the first. React's act() would render a transition together with the first
 * commit, so the page is committed here as Ionic's router outlet commits it (one synchronous render) and looked
 * at right after that commit.
 */

beforeAll(() => {
  configureApiClient({
    baseUrl: ORIGIN,
    getAccessToken: () => Promise.resolve('t'),
    getPersonId: () => null,
  });
});

const emptyPage = { items: [], maximumcount: 0, page: 1, pagesize: 5, top: 5, orderbytype: 'descending' };

describe('dashboard page beneath the first screen', () => {
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  let container: HTMLElement;
  let unmount = () => {};

  beforeEach(() => {
    resetTenantSelection(memoryStore());
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    container = document.body.appendChild(document.createElement('div'));
    server.use(
      http.get(`${ORIGIN}/api/me/tenant/find`, () => HttpResponse.json(tenantList([tenant(1)]))),
      http.get(`${ORIGIN}/api/me/event/registrations`, () => HttpResponse.json(myRegistrationPage([]))),
      http.get(`${ORIGIN}/api/me/cms2/blogpost`, () => HttpResponse.json(emptyPage)),
      http.get(`${ORIGIN}/api/me/messages`, () => HttpResponse.json(emptyPage)),
    );
  });
  afterEach(() => {
    unmount();
    container.remove();
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  });

  function mountPage() {
    const root = createRoot(container);
    flushSync(() =>
      root.render(
        <SignedIn>
          <DashboardPage />
        </SignedIn>,
      ),
    );
    unmount = () => root.unmount();
  }
  const title = () => within(container).queryByRole('heading', { name: 'Übersicht' });
  // The first of the sections, there from the content's first render on (the clubs' list loads inside it).
  const clubs = () => within(container).queryByRole('region', { name: 'Deine Vereine' });

  it('renders its sections in a transition after its frame, and the shell takes over only once they show', async () => {
    coverShell();
    let clubsAtTakeover: HTMLElement | null = null;
    const revealed = whenShellRevealed().then(() => (clubsAtTakeover = clubs()));
    mountPage();
    // The frame (the header with the title) is committed on its own …
    expect(title()).toBeInTheDocument();
    expect(clubs()).not.toBeInTheDocument();
    // … and the content follows in a render of its own, which React may split into short tasks.
    await waitFor(() => expect(clubs()).toBeInTheDocument());

    await revealed;
    expect(clubsAtTakeover).toBeInTheDocument();
    expect(shellCovered()).toBe(false);
  });

  it('after the takeover, shows its sections in the same commit as its frame', () => {
    expect(shellCovered()).toBe(false);
    mountPage();
    expect(title()).toBeInTheDocument();
    expect(clubs()).toBeInTheDocument();
  });
});
