import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../shared/api/client.ts';
import { memoryStore } from '../../../shared/platform/storage.ts';
import { resetTenantSelection, TENANT_SELECTION_KEY } from '../../../shared/tenant-selection/selection.ts';
import { ORIGIN, tenant, tenantList, testAppConfig } from '../../../test/fixtures.ts';
import { server } from '../../../test/msw-server.ts';
import ClubsPage from './ClubsPage.tsx';

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ClubsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const checkbox = (name: string) => screen.getByRole('checkbox', { name });

describe('clubs page', () => {
  let store: ReturnType<typeof memoryStore>;
  beforeEach(() => {
    store = memoryStore();
    resetTenantSelection(store);
    configureApiClient({
      baseUrl: testAppConfig.apiBaseUrl,
      getAccessToken: async () => 't',
      getPersonId: () => 'p',
    });
  });

  it('lists the clubs of GET /api/me/tenant/find (page 1, top 200, by name) with their logos', async () => {
    let query: URLSearchParams | null = null;
    server.use(
      http.get(`${ORIGIN}/api/me/tenant/find`, ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json(tenantList([tenant(1), tenant(2)]));
      }),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Vereine (max 5)' })).toBeInTheDocument();
    expect(checkbox('Verein 1')).toBeInTheDocument();
    expect(document.querySelector('img.vh-club-logo')).toHaveAttribute('src', '/media/club-1.png');
    expect(Object.fromEntries(query!)).toEqual({
      page: '1',
      top: '200',
      orderby: 'name',
      orderbytype: 'ascending',
    });
  });

  it('selects at most 5 clubs and persists the selection', async () => {
    const clubs = [1, 2, 3, 4, 5, 6].map((n) => tenant(n));
    server.use(http.get(`${ORIGIN}/api/me/tenant/find`, () => HttpResponse.json(tenantList(clubs))));
    renderPage();
    await screen.findByRole('heading', { name: 'Vereine (max 5)' });
    for (const n of [1, 2, 3, 4, 5]) {
      fireEvent.click(checkbox(`Verein ${n}`));
      await waitFor(() => expect(screen.getByText(`${n} von 5 ausgewählt`)).toBeInTheDocument());
    }
    expect(checkbox('Verein 6')).toBeDisabled();
    expect(checkbox('Verein 6')).not.toBeChecked();
    expect(screen.getByText(/5 von 5 ausgewählt/)).toBeInTheDocument();
    await waitFor(() =>
      expect(JSON.parse(store.data.get(TENANT_SELECTION_KEY) ?? '[]')).toEqual(
        clubs.slice(0, 5).map((c) => c.id),
      ),
    );

    fireEvent.click(checkbox('Verein 2'));
    await waitFor(() => expect(screen.getByText('4 von 5 ausgewählt')).toBeInTheDocument());
    expect(checkbox('Verein 6')).toBeEnabled();
    fireEvent.click(checkbox('Verein 6'));
    await waitFor(() => expect(screen.getByText('5 von 5 ausgewählt')).toBeInTheDocument());
    expect(checkbox('Verein 6')).toBeChecked();
    expect(checkbox('Verein 2')).toBeDisabled();
  });

  it("says 'Du bist noch keinem Verein zugeordnet.' without clubs", async () => {
    server.use(http.get(`${ORIGIN}/api/me/tenant/find`, () => HttpResponse.json(tenantList([]))));
    renderPage();
    expect(await screen.findByText('Du bist noch keinem Verein zugeordnet.')).toBeInTheDocument();
  });
});
