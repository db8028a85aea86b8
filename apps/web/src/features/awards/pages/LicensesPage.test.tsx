import { CredentialListSchema } from '@vereinsheim/contracts/awards';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../shared/api/client.ts';
import { ORIGIN } from '../../../test/fixtures.ts';
import { server } from '../../../test/msw-server.ts';
import LicensesPage from './LicensesPage.tsx';

beforeAll(() => {
  configureApiClient({
    baseUrl: ORIGIN,
    getAccessToken: () => Promise.resolve('t'),
    getPersonId: () => null,
  });
});

const list = (items: unknown[]) =>
  CredentialListSchema.parse({
    items,
    maximumcount: items.length,
    page: 1,
    pagesize: 25,
    top: 25,
    orderbytype: 'descending',
  });

const licence = (n: number, status: string, validUntil: string | null) => ({
  id: `l${n}`,
  tenantId: 'c',
  tenantName: 'TSV Test',
  name: `Lizenz ${n}`,
  issuer: 'BLSV',
  number: `N-${n}`,
  level: 'C',
  validFrom: '2025-01-01',
  validUntil,
  status,
  createdAt: '2025-01-01T00:00:00.000Z',
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <LicensesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('/licenses', () => {
  it('shows each licence with its status badge and German dates', async () => {
    server.use(
      http.get(`${ORIGIN}/api/me/license`, () =>
        HttpResponse.json(
          list([
            licence(1, 'valid', '2028-03-01'),
            licence(2, 'expiring', '2026-12-24'),
            licence(3, 'expired', null),
          ]),
        ),
      ),
    );
    renderPage();
    expect(await screen.findByText('Lizenz 1')).toBeInTheDocument();
    expect(screen.getByText('Gültig')).toBeInTheDocument();
    expect(screen.getByText('Läuft bald ab')).toBeInTheDocument();
    expect(screen.getByText('Abgelaufen')).toBeInTheDocument();
    expect(screen.getByText('Gültig vom 01.01.2025 bis 24.12.2026')).toBeInTheDocument();
    expect(screen.getByText('Stufe C · Nr. N-1')).toBeInTheDocument();
  });

  it('shows the German empty and error states', async () => {
    server.use(http.get(`${ORIGIN}/api/me/license`, () => HttpResponse.json(list([]))));
    const { unmount } = renderPage();
    expect(await screen.findByText('Du hast noch keine Lizenzen.')).toBeInTheDocument();
    unmount();
    server.use(http.get(`${ORIGIN}/api/me/license`, () => HttpResponse.json({}, { status: 500 })));
    renderPage();
    expect(await screen.findByText('Die Liste konnte nicht geladen werden.')).toBeInTheDocument();
  });
});
