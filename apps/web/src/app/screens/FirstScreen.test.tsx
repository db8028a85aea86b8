import { act, render, screen, within } from '@testing-library/react';
import { newspaperOutline } from 'ionicons/icons';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../shared/api/client.ts';
import { changeLanguage } from '../../shared/i18n/i18n.ts';
import { memoryStore } from '../../shared/platform/storage.ts';
import { resetTenantSelection } from '../../shared/tenant-selection/selection.ts';
import { myRegistration, myRegistrationPage, ORIGIN, tenant, tenantList } from '../../test/fixtures.ts';
import { server } from '../../test/msw-server.ts';
import { signedInAuth } from '../../test/signed-in.tsx';
import { TAB_ITEMS } from '../menu/menu-items.ts';
import FirstScreen from './FirstScreen.tsx';

beforeAll(() => {
  configureApiClient({
    baseUrl: ORIGIN,
    getAccessToken: () => Promise.resolve('t'),
    getPersonId: () => null,
  });
});

const club = tenant(1);
const invited = {
  ...myRegistration(1, club, { name: 'Vereinsabend' }),
  eventProgressType: 'invited' as const,
};
const participating = myRegistration(2, club, { name: 'Sommerfest' });

describe("the dashboard's first screen", () => {
  beforeEach(() => {
    resetTenantSelection(memoryStore());
    const failed = () =>
      HttpResponse.json({ type: 'about:blank', title: 'Server Error', status: 503 }, { status: 503 });
    server.use(
      http.get(`${ORIGIN}/api/me/tenant/find`, () => HttpResponse.json(tenantList([club]))),
      http.get(`${ORIGIN}/api/me/event/registrations`, () =>
        HttpResponse.json(myRegistrationPage([invited, participating])),
      ),
      http.get(`${ORIGIN}/api/me/cms2/blogpost`, failed),
      http.get(`${ORIGIN}/api/me/messages`, failed),
    );
  });

  it('shows the dashboard without router and Ionic: plain links, answers and retries only once the shell is there', async () => {
    const { container } = render(<FirstScreen auth={signedInAuth()} />);

    expect(await screen.findByRole('heading', { name: 'Hallo Mia!' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeInTheDocument();
    const upcoming = await screen.findByRole('region', { name: 'Deine nächsten Termine' });
    const evening = await within(upcoming).findByRole('link', { name: 'Vereinsabend' });
    expect(evening).toHaveAttribute('href', `/events/${invited.event.id}`);
    expect(within(upcoming).getByText('Eingeladen')).toBeInTheDocument();
    expect(within(upcoming).getByText('Angemeldet')).toBeInTheDocument();
    expect(within(upcoming).getByText('Verein:')).toBeInTheDocument();
    // The invitation's answers are there, usable once the shell has taken over.
    expect(
      within(upcoming).getByRole('button', { name: 'Einladung zu Vereinsabend zusagen' }),
    ).toBeDisabled();
    expect(
      within(upcoming).getByRole('button', { name: 'Einladung zu Vereinsabend absagen' }),
    ).toBeDisabled();
    // A section that failed says so; its retry comes with the shell.
    const news = await screen.findByRole('region', { name: 'Neuigkeiten' });
    expect(await within(news).findByText('Es ist ein Fehler aufgetreten')).toBeInTheDocument();
    expect(within(news).queryByRole('button')).not.toBeInTheDocument();
    // The tab bar as the shell's: its tabs, in its order, to the same pages.
    const tabs = screen.getByRole('navigation', { name: 'Schnellnavigation' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(TAB_ITEMS.map((item) => item.path));
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['News', 'Kalender']);
    expect([...container.querySelectorAll('*')].filter((e) => e.tagName.startsWith('ION-'))).toEqual([]);
  });

  it("names the dashboard in the document's title, as the shell's page will, and follows the language", async () => {
    document.title = 'Vereinsheim';
    render(<FirstScreen auth={signedInAuth()} />);
    await screen.findByRole('heading', { name: 'Hallo Mia!' });
    expect(document.title).toBe('Übersicht – Vereinsheim');

    try {
      await act(() => changeLanguage('en'));
      expect(document.title).toBe('Dashboard – Vereinsheim');
    } finally {
      await act(() => changeLanguage('de'));
    }
    expect(document.title).toBe('Übersicht – Vereinsheim');
  });

  it('draws its icons inline as ion-icon does, not as images or masks, which the engine gives a document each', async () => {
    const { container } = render(<FirstScreen auth={signedInAuth()} />);
    await screen.findByRole('heading', { name: 'Hallo Mia!' });

    const icons = [...container.querySelectorAll('.vh-first-icon')];
    // The header's menu button and the tab bar's three.
    expect(icons).toHaveLength(4);
    for (const icon of icons) {
      expect(icon.namespaceURI).toBe('http://www.w3.org/2000/svg');
      expect(icon).toHaveAttribute('aria-hidden', 'true');
    }
    // The news tab's icon is ionicons' drawing itself.
    const tabs = screen.getByRole('navigation', { name: 'Schnellnavigation' });
    const news = within(tabs).getByRole('link', { name: 'News' }).querySelector('svg');
    const paths = [...(news?.querySelectorAll('path') ?? [])].map((path) => path.getAttribute('d'));
    expect(paths).toEqual([...newspaperOutline.matchAll(/ d='([^']*)'/g)].map((match) => match[1]));
    expect(paths.length).toBeGreaterThan(0);
    const styled = [...container.querySelectorAll<HTMLElement>('[style]')].map((e) =>
      e.getAttribute('style'),
    );
    expect(styled.filter((style) => /mask|url\(/.test(style ?? ''))).toEqual([]);
    expect(container.querySelectorAll('img[src^="data:image/svg"]')).toHaveLength(0);
  });
});
