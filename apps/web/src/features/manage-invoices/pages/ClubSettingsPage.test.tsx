import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { ClubSettingsSchema } from '@vereinsheim/contracts/club-admin';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../shared/api/client.ts';
import { ORIGIN, tenant, tenantList, VALID_IBAN_CHECK } from '../../../test/fixtures.ts';
import { server } from '../../../test/msw-server.ts';
import ClubSettingsPage from './ClubSettingsPage.tsx';

beforeAll(() => {
  configureApiClient({
    baseUrl: ORIGIN,
    getAccessToken: () => Promise.resolve('t'),
    getPersonId: () => null,
  });
});

const club = tenant(1, { name: 'TSV Test', roles: ['member', 'committee'] });

const stored = ClubSettingsSchema.parse({
  tenantId: club.id,
  name: 'TSV Test',
  street: 'Am Sportpark 1',
  city: '82031 Grünwald',
  taxNumber: '143/123/45678',
  vatId: null,
  bankAccountOwner: 'TSV Test',
  bankIban: 'DE34702501500028419370',
  bankBic: null,
  bankName: null,
  girocode: true,
  invoiceDataComplete: true,
});

describe('/manage/club', () => {
  it('checks the club’s IBAN as the member’s own is checked, and saves the BIC and bank it found', async () => {
    let saved: Record<string, unknown> | undefined;
    server.use(
      http.get(`${ORIGIN}/api/me/tenant/find`, () => HttpResponse.json(tenantList([club]))),
      http.get(`${ORIGIN}/api/tenants/${club.id}/settings`, () => HttpResponse.json(stored)),
      http.post(`${ORIGIN}/api/me/bankaccount/validate-iban`, () => HttpResponse.json(VALID_IBAN_CHECK)),
      http.put(`${ORIGIN}/api/tenants/${club.id}/settings`, async ({ request }) => {
        saved = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(stored);
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <ClubSettingsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const check = await screen.findByText(/^IBAN erfolgreich geprüft\./);
    expect(check).toHaveTextContent(
      'IBAN erfolgreich geprüft. BIC: BYLADEM1KMS Bank: Kreissparkasse München Starnberg Ebersberg',
    );
    expect(check).toHaveAttribute('role', 'status');

    screen.getByText('Speichern').click();
    await waitFor(() => expect(saved).toBeDefined());
    expect(saved).toMatchObject({
      bankIban: 'DE34 7025 0150 0028 4193 70',
      bankBic: 'BYLADEM1KMS',
      bankName: 'Kreissparkasse München Starnberg Ebersberg',
    });
  });
});
