import {
  InvoiceDetailSchema,
  InvoiceListSchema,
  OrderElementListSchema,
  type InvoiceDetail,
} from '@vereinsheim/contracts/invoice';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../shared/api/client.ts';
import { ORIGIN } from '../../../test/fixtures.ts';
import { server } from '../../../test/msw-server.ts';
import { useOrderElements } from '../api/get-order-elements.ts';
import { formatCents } from '../components/format.ts';
import { OrderElementsList } from '../components/OrderElementsList.tsx';
import InvoiceDetailPage from './InvoiceDetailPage.tsx';
import InvoicesPage from './InvoicesPage.tsx';

const ID = '00000000-0000-4000-8000-000000000001';

const detail = (over: Partial<InvoiceDetail> = {}): InvoiceDetail =>
  InvoiceDetailSchema.parse({
    id: ID,
    tenantId: '00000000-0000-4000-8000-0000000000aa',
    tenantName: 'TSV Test',
    personId: '00000000-0000-4000-8000-0000000000bb',
    direction: 'incoming',
    number: 'RE-2026-0001',
    title: 'Vereinskleidung',
    invoiceDate: '2026-11-02',
    dueDate: '2026-11-16',
    status: 'open',
    currency: 'EUR',
    netCents: 129998,
    vatCents: 1900,
    grossCents: 131898,
    createdAt: '2026-11-02T10:00:00.000Z',
    issuer: { name: 'TSV Test e.V.', street: 'Sportplatzweg 1', city: '80000 München' },
    recipient: { name: 'Mia Hoffmann', street: null, city: null },
    lines: [
      {
        position: 1,
        description: 'Mitgliedsbeitrag',
        quantity: 1,
        unitPriceCents: 120000,
        vatRatePercent: 0,
        netCents: 120000,
        vatCents: 0,
        grossCents: 120000,
      },
      {
        position: 2,
        description: 'Trikot',
        quantity: 2,
        unitPriceCents: 4999,
        vatRatePercent: 19,
        netCents: 9998,
        vatCents: 1900,
        grossCents: 11898,
      },
    ],
    vatGroups: [
      { vatRatePercent: 0, netCents: 120000, vatCents: 0 },
      { vatRatePercent: 19, netCents: 9998, vatCents: 1900 },
    ],
    bankDetails: {
      accountOwner: 'TSV Test e.V.',
      iban: 'DE02120300000000202051',
      bic: 'BYLADEM1001',
      bankName: null,
    },
    paymentReference: 'RE-2026-0001 Vereinskleidung',
    paidOn: null,
    epcQrPayload:
      'BCD\n002\n1\nSCT\nBYLADEM1001\nTSV Test e.V.\nDE02120300000000202051\nEUR1318.98\n\n\nRE-2026-0001 Vereinskleidung',
    pdfUrl: `/invoice/${ID}/pdf`,
    ...over,
  });

beforeAll(() => {
  configureApiClient({
    baseUrl: ORIGIN,
    getAccessToken: () => Promise.resolve('t'),
    getPersonId: () => null,
  });
});

/** The orders tab of /invoices (Ionic's segment events do not fire in happy-dom). */
function OrdersHarness() {
  return <OrderElementsList query={useOrderElements()} />;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/invoices" element={<InvoicesPage />} />
          <Route path="/invoices/:id" element={<InvoiceDetailPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('money in the UI language', () => {
  it('formats de-DE as 1.234,56 € and en as €1,234.56', () => {
    expect(formatCents(123456, 'de').replace(/\u00a0/g, ' ')).toBe('1.234,56 €');
    expect(formatCents(123456, 'en')).toBe('€1,234.56');
  });
});

describe('/invoices', () => {
  it('shows what is still to pay: the server’s sum of open and overdue invoices, not this page’s', async () => {
    const item = (id: string, status: 'open' | 'overdue' | 'paid', grossCents: number) => ({
      ...detail({ id, status, grossCents }),
    });
    server.use(
      http.get(`${ORIGIN}/api/invoice`, () =>
        HttpResponse.json(
          InvoiceListSchema.parse({
            items: [item('a', 'open', 131898), item('b', 'paid', 5000)],
            maximumcount: 2,
            page: 1,
            pagesize: 25,
            top: 25,
            orderbytype: 'descending',
            // The server sums every open invoice, not only this page's.
            openTotals: [{ currency: 'EUR', grossCents: 146898, count: 2 }],
          }),
        ),
      ),
    );
    renderAt('/invoices');
    const heading = await screen.findByText('Offen zu zahlen', {}, { timeout: 5000 });
    expect(heading.tagName).toBe('H2');
    const section = heading.closest('section')!;
    expect(section).toHaveTextContent(/1\.468,98\s€/);
    expect(section).toHaveTextContent('(2 Rechnungen)');
    const amount = section.querySelector('.vh-open-total-amount')!;
    expect(amount).toHaveTextContent(/1\.468,98/);
  }, 15_000);

  it('shows no open total when nothing is to pay', async () => {
    server.use(
      http.get(`${ORIGIN}/api/invoice`, () =>
        HttpResponse.json(
          InvoiceListSchema.parse({
            items: [{ ...detail({ status: 'paid' }) }],
            maximumcount: 1,
            page: 1,
            pagesize: 25,
            top: 25,
            orderbytype: 'descending',
            openTotals: [],
          }),
        ),
      ),
    );
    renderAt('/invoices');
    expect(await screen.findByText('Vereinskleidung', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('Offen zu zahlen')).toBeNull();
  });

  it('shows the German empty state and asks for InvoiceDate descending', async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get(`${ORIGIN}/api/invoice`, ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json(
          InvoiceListSchema.parse({
            items: [],
            maximumcount: 0,
            page: 1,
            pagesize: 25,
            top: 25,
            orderbytype: 'descending',
          }),
        );
      }),
    );
    renderAt('/invoices');
    expect(await screen.findByText('Du hast noch keine Rechnungen.')).toBeInTheDocument();
    expect(query?.get('orderby')).toBe('InvoiceDate');
    expect(query?.get('orderbytype')).toBe('descending');
  });

  it('lists the order elements, linked to their invoices', async () => {
    server.use(
      http.get(`${ORIGIN}/api/invoice`, () =>
        HttpResponse.json(
          InvoiceListSchema.parse({
            items: [],
            maximumcount: 0,
            page: 1,
            pagesize: 25,
            top: 25,
            orderbytype: 'descending',
          }),
        ),
      ),
      http.get(`${ORIGIN}/api/me/orderelements`, () =>
        HttpResponse.json(
          OrderElementListSchema.parse({
            items: [
              {
                id: 'o1',
                tenantId: 'c',
                tenantName: 'TSV Test',
                kind: 'kit',
                name: 'Trikot',
                description: null,
                quantity: 2,
                unitPriceCents: 3950,
                totalCents: 7900,
                currency: 'EUR',
                invoiceId: ID,
                invoiceNumber: 'RE-2026-0001',
                eventId: null,
                createdAt: '2026-11-01T10:00:00.000Z',
              },
            ],
            maximumcount: 1,
            page: 1,
            pagesize: 25,
            top: 25,
            orderbytype: 'descending',
          }),
        ),
      ),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <OrdersHarness />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('2 × Trikot')).toBeInTheDocument();
    expect(screen.getByText('abgerechnet mit Rechnung RE-2026-0001')).toBeInTheDocument();
    expect(screen.getByText('79,00 €', { normalizer: (t) => t.replace(/\u00a0/g, ' ') })).toBeInTheDocument();
  });

  it('shows a German error state when the list fails', async () => {
    server.use(http.get(`${ORIGIN}/api/invoice`, () => HttpResponse.json({}, { status: 500 })));
    renderAt('/invoices');
    expect(await screen.findByText('Die Rechnungen konnten nicht geladen werden.')).toBeInTheDocument();
  });
});

describe('/invoices/{id}', () => {
  it('shows line items, German totals, bank details and the GiroCode, and downloads the PDF', async () => {
    let pdfRequested = false;
    server.use(
      http.get(`${ORIGIN}/api/invoice/${ID}`, () => HttpResponse.json(detail())),
      http.get(`${ORIGIN}/api/invoice/${ID}/pdf`, () => {
        pdfRequested = true;
        // As the server names it, in the reader's language (invoices.routes.ts).
        return new HttpResponse(new Uint8Array([37, 80, 68, 70]), {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="Rechnung-RE-2026-0001.pdf"',
          },
        });
      }),
    );
    const createObjectURL = vi.fn(() => 'blob:invoice');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    // happy-dom would navigate to the blob URL; record the download instead.
    const downloads: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download);
    });
    renderAt(`/invoices/${ID}`);
    const total = await screen.findByTestId('invoice-total');
    expect(total.textContent?.replace(/\u00a0/g, ' ')).toBe('1.318,98 €');
    expect(screen.getByText('Trikot')).toBeInTheDocument();
    expect(screen.getByText('DE02 1203 0000 0000 2020 51', { exact: false })).toBeInTheDocument();
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(screen.getByText('IBAN kopieren'));
    expect(await screen.findByText('IBAN kopiert')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('DE02120300000000202051');
    expect(screen.getByText('RE-2026-0001 Vereinskleidung')).toBeInTheDocument();
    const qr = await screen.findByTestId('girocode');
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(qr).toHaveAttribute('alt', 'GiroCode zum Bezahlen der Rechnung');

    fireEvent.click(screen.getByText('PDF herunterladen'));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(pdfRequested).toBe(true);
    expect(downloads).toEqual(['Rechnung-RE-2026-0001.pdf']);
    click.mockRestore();
  });

  it('shows no GiroCode once the invoice is paid', async () => {
    server.use(
      http.get(`${ORIGIN}/api/invoice/${ID}`, () =>
        HttpResponse.json(detail({ status: 'paid', paidOn: '2026-11-10', epcQrPayload: null })),
      ),
    );
    renderAt(`/invoices/${ID}`);
    expect(await screen.findByText('Diese Rechnung ist bezahlt.')).toBeInTheDocument();
    expect(screen.queryByTestId('girocode')).toBeNull();
    expect(screen.getByText('Bezahlt')).toBeInTheDocument();
  });

  it('shows a German error when the invoice is not found', async () => {
    server.use(http.get(`${ORIGIN}/api/invoice/${ID}`, () => HttpResponse.json({}, { status: 404 })));
    renderAt(`/invoices/${ID}`);
    expect(await screen.findByText('Die Rechnung konnte nicht geladen werden.')).toBeInTheDocument();
  });
});
