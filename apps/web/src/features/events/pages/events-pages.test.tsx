import {
  EventContractSchema,
  EventRegistrationSchema,
  EventSchema,
  MyRegistrationListSchema,
  initialPriceSelection,
  priceSelectionTotal,
  type EventContract,
  type EventDetail,
  type EventRegistration,
  type PriceOption,
  type MyRegistration,
} from '@vereinsheim/contracts/events';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../shared/api/client.ts';
import { ORIGIN } from '../../../test/fixtures.ts';
import { server } from '../../../test/msw-server.ts';
import { isLocked, withOption, withPrice } from '../components/PriceSelection.tsx';
import EventDetailPage from './EventDetailPage.tsx';
import MyRegistrationsPage, { filterRegistrations } from './MyRegistrationsPage.tsx';

const EVENT_ID = '00000000-0000-4000-8000-000000000001';
const TENANT_ID = '00000000-0000-4000-8000-0000000000aa';

const event = (overrides: Partial<EventDetail> = {}): EventDetail =>
  EventSchema.parse({
    id: EVENT_ID,
    tenantId: TENANT_ID,
    tenantName: 'TSV Test',
    creator: { id: null },
    contractId: 'c1',
    name: 'Sommerfest',
    description: 'Mit Grill',
    start: '2030-06-01T12:00:00.000Z',
    end: '2030-06-01T18:00:00.000Z',
    place: {
      name: 'Sportpark',
      street: 'Weg',
      streetNumber: '1',
      zip: '12345',
      city: 'Köln',
      country: null,
      countryCode: null,
    },
    organiser: 'Vorstand',
    disciplines: [],
    divisions: [],
    registrationOpen: true,
    registrationStart: null,
    registrationDeadline: null,
    freeCancellationDeadline: null,
    maxParticipants: 10,
    maxWaiting: 0,
    participantCount: 0,
    waitingCount: 0,
    placesLeft: 10,
    waitingPlacesLeft: 0,
    requiresApproval: false,
    showParticipants: false,
    visibility: 'members',
    cancelled: false,
    status: 'upcoming',
    fee: { amount: 10, currency: 'EUR' },
    eventProgressType: 'nomember',
    eventRegistration: null,
    ...overrides,
  });

/** My registration with p1 and o1 booked (what the server answers). */
const booked = (overrides: Partial<EventRegistration> = {}): EventRegistration =>
  EventRegistrationSchema.parse({
    registrationId: 'r',
    eventId: EVENT_ID,
    personId: 'p',
    tenantId: TENANT_ID,
    eventProgressType: 'participating',
    isCancelled: false,
    priceOptionIds: ['p1', 'o1'],
    registeredAt: '2030-01-01T00:00:00.000Z',
    cancelledAt: null,
    waitingPosition: null,
    freeCancellation: true,
    bookedOptions: [
      { id: 'p1', name: 'Mitglied', kind: 'price', amount: 10, currency: 'EUR' },
      { id: 'o1', name: 'Startgebühr', kind: 'option', amount: 5, currency: 'EUR' },
    ],
    total: { amount: 15, currency: 'EUR' },
    showInParticipantList: false,
    ...overrides,
  });

const registration = (overrides: Partial<MyRegistration> = {}): MyRegistration => ({
  ...EventRegistrationSchema.parse({
    registrationId: `r-${Math.random()}`,
    eventId: EVENT_ID,
    personId: 'p',
    tenantId: TENANT_ID,
    eventProgressType: 'participating',
    isCancelled: false,
    priceOptionIds: [],
    registeredAt: '2030-01-01T00:00:00.000Z',
    cancelledAt: null,
    waitingPosition: null,
    freeCancellation: true,
    bookedOptions: [],
    total: null,
    showInParticipantList: false,
  }),
  event: {
    id: EVENT_ID,
    name: 'Sommerfest',
    start: '2030-06-01T12:00:00.000Z',
    end: '2030-06-01T18:00:00.000Z',
    city: 'Köln',
    tenantName: 'TSV Test',
    cancelled: false,
    status: 'upcoming',
  },
  ...overrides,
});

beforeAll(() => {
  configureApiClient({
    baseUrl: ORIGIN,
    getAccessToken: () => Promise.resolve('t'),
    getPersonId: () => null,
  });
});

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/events/:id" element={<EventDetailPage />} />
          <Route path="/my-registrations" element={<MyRegistrationsPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const list = (items: MyRegistration[]) =>
  MyRegistrationListSchema.parse({
    items,
    maximumcount: items.length,
    page: 1,
    pagesize: 25,
    top: 25,
    orderbytype: 'ascending',
  });

describe('/my-registrations', () => {
  it('asks for cancelled registrations too and shows the empty state of spec §8', async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get(`${ORIGIN}/api/me/event/registrations`, ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json(list([]));
      }),
    );
    renderAt('/my-registrations');
    expect(
      await screen.findByText('Sie haben sich noch für keine Veranstaltungen angemeldet.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Keine Anmeldungen gefunden')).toBeInTheDocument();
    expect(query?.get('includeCancelled')).toBe('true');
  });

  it("shows 'Fehler beim Laden der Anmeldungen' when the call fails", async () => {
    server.use(
      http.get(`${ORIGIN}/api/me/event/registrations`, () => new HttpResponse(null, { status: 500 })),
    );
    renderAt('/my-registrations');
    expect(await screen.findByText('Fehler beim Laden der Anmeldungen')).toBeInTheDocument();
  });

  it('lists registrations with their status', async () => {
    server.use(
      http.get(`${ORIGIN}/api/me/event/registrations`, () => HttpResponse.json(list([registration()]))),
    );
    renderAt('/my-registrations');
    expect(await screen.findByText('Sommerfest')).toBeInTheDocument();
    expect(screen.getByText('Angemeldet')).toBeInTheDocument();
    expect(screen.getByText('Nur bevorstehend')).toBeInTheDocument();
    expect(screen.getByText('Abgesagte ausblenden')).toBeInTheDocument();
  });

  it("filters 'Nur bevorstehend' and 'Abgesagte ausblenden'", () => {
    const past = registration({
      event: { ...registration().event, end: '2020-01-01T00:00:00.000Z', status: 'past' },
    });
    const withdrawn = registration({ isCancelled: true, eventProgressType: 'cancelled' });
    const cancelledEvent = registration({
      event: { ...registration().event, cancelled: true, status: 'cancelled' },
    });
    const ok = registration();
    const items = [past, withdrawn, cancelledEvent, ok];
    expect(filterRegistrations(items, { upcomingOnly: true, hideCancelled: false })).toEqual([
      withdrawn,
      cancelledEvent,
      ok,
    ]);
    expect(filterRegistrations(items, { upcomingOnly: false, hideCancelled: true })).toEqual([past, ok]);
    expect(filterRegistrations(items, { upcomingOnly: true, hideCancelled: true })).toEqual([ok]);
  });
});

describe('/events/{id}', () => {
  const contract = EventContractSchema.parse({
    id: 'c1',
    foreignKeyId: EVENT_ID,
    price: {
      prices: [
        {
          id: 'p1',
          name: 'Mitglied',
          description: null,
          kind: 'price',
          amount: 10,
          currency: 'EUR',
          required: false,
          group: null,
        },
        {
          id: 'p2',
          name: 'Gast',
          description: null,
          kind: 'price',
          amount: 15.5,
          currency: 'EUR',
          required: false,
          group: null,
        },
        {
          id: 'o1',
          name: 'Startgebühr',
          description: null,
          kind: 'option',
          amount: 5,
          currency: 'EUR',
          required: true,
          group: null,
        },
        {
          id: 'o2',
          name: 'T-Shirt',
          description: null,
          kind: 'option',
          amount: 12.5,
          currency: 'EUR',
          required: false,
          group: null,
        },
      ],
    },
  });

  function serve(
    options: {
      documents?: 'fail';
      contract?: 'none' | EventContract;
      event?: Partial<EventDetail>;
      registration?: Partial<EventRegistration>;
    } = {},
  ) {
    let registeredWith: unknown;
    server.use(
      http.get(`${ORIGIN}/api/event/${EVENT_ID}`, () => HttpResponse.json(event(options.event))),
      http.get(`${ORIGIN}/api/event/${EVENT_ID}/contract`, () =>
        options.contract === 'none'
          ? HttpResponse.json({ type: 'about:blank', title: 'Not Found', status: 404 }, { status: 404 })
          : HttpResponse.json(options.contract ?? contract),
      ),
      http.get(`${ORIGIN}/api/event/${EVENT_ID}/registration`, () =>
        HttpResponse.json(options.registration ? booked(options.registration) : null),
      ),
      http.get(`${ORIGIN}/api/tenants/${TENANT_ID}/event/${EVENT_ID}/documentupload`, () =>
        options.documents === 'fail'
          ? HttpResponse.json(
              { type: 'about:blank', title: 'Server Error', status: 500, detail: 'kaputt' },
              { status: 500 },
            )
          : HttpResponse.json({ items: [] }),
      ),
      http.get(`${ORIGIN}/api/tenants/${TENANT_ID}/event/${EVENT_ID}/contactperson`, () =>
        HttpResponse.json({
          items: [{ id: 'k', name: 'Erika Muster', role: 'Orga', email: null, phone: null }],
        }),
      ),
      http.post(`${ORIGIN}/api/event/${EVENT_ID}/registration`, async ({ request }) => {
        registeredWith = await request.json();
        return HttpResponse.json(booked(), { status: 201 });
      }),
    );
    return { registeredWith: () => registeredWith };
  }

  const button = (text: string) =>
    screen.getByText(text).closest('ion-button') as unknown as HTMLElement & { disabled: boolean };

  it('asks for a price with the translated message and keeps continuing disabled until the selection is complete', async () => {
    serve();
    renderAt(`/events/${EVENT_ID}`);
    expect(await screen.findByText('Bitte wähle einen Preis')).toBeInTheDocument();
    expect(button('Weiter zur Übersicht').disabled).toBe(true);
  });

  it('preselects the required option and shows the total of the selection', async () => {
    serve();
    renderAt(`/events/${EVENT_ID}`);
    await screen.findByText('Bitte wähle einen Preis', undefined, { timeout: 5000 });
    // Two base prices: none chosen yet; the required option is, so the total is its amount.
    expect(screen.getByTestId('price-total')).toHaveTextContent('Gesamt: 5,00 €');
    expect(button('Weiter zur Übersicht').disabled).toBe(true);
  });

  it('keeps a required option chosen and updates the total as the choice changes', () => {
    const options = contract.price.prices;
    const [member, guest, fee, shirt] = options as [PriceOption, PriceOption, PriceOption, PriceOption];
    let chosen = initialPriceSelection(options);
    expect(chosen).toEqual(['o1']);
    expect(isLocked(fee)).toBe(true);
    chosen = withPrice(options, chosen, guest.id);
    expect(priceSelectionTotal(options, chosen)).toEqual({ amount: 20.5, currency: 'EUR' });
    chosen = withOption(options, chosen, shirt, true);
    expect(priceSelectionTotal(options, chosen)).toEqual({ amount: 33, currency: 'EUR' });
    // Unchecking the required option changes nothing; switching the base price replaces it.
    expect(withOption(options, chosen, fee, false)).toEqual(chosen);
    chosen = withPrice(options, withOption(options, chosen, shirt, false), member.id);
    expect(chosen.sort()).toEqual(['o1', 'p1']);
    expect(priceSelectionTotal(options, chosen)).toEqual({ amount: 15, currency: 'EUR' });
  });

  it('reviews the choice (options, amounts, total, cancellation deadline) before the binding registration', async () => {
    // One base price: it starts chosen with the required option, so the choice is complete at once.
    const api = serve({
      contract: { ...contract, price: { prices: contract.price.prices.filter((o) => o.id !== 'p2') } },
      event: { freeCancellationDeadline: '2030-05-20T10:00:00.000Z' },
    });
    renderAt(`/events/${EVENT_ID}`);
    expect(await screen.findByText('Auswahl vollständig', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('price-total')).toHaveTextContent('Gesamt: 15,00 €');
    fireEvent.click(screen.getByText('Weiter zur Übersicht'));

    const review = await screen.findByRole('region', { name: 'Deine Anmeldung prüfen' });
    expect(review).toHaveTextContent('Sommerfest');
    expect(review).toHaveTextContent('Mitglied10,00 €');
    expect(review).toHaveTextContent('Startgebühr5,00 €');
    expect(review).toHaveTextContent('Gesamt15,00 €');
    expect(review).toHaveTextContent('Kostenlose Abmeldung bis20.05.2030');
    expect(api.registeredWith()).toBeUndefined();

    // Back keeps the choice; the binding registration sends exactly it.
    fireEvent.click(screen.getByText('Zurück zur Auswahl'));
    expect(await screen.findByTestId('price-total')).toHaveTextContent('Gesamt: 15,00 €');
    fireEvent.click(screen.getByText('Weiter zur Übersicht'));
    fireEvent.click(await screen.findByText('Verbindlich anmelden'));
    expect(await screen.findByText('Erfolgreich angemeldet!')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.registeredWith()).toEqual({ priceOptionIds: ['p1', 'o1'], showInParticipantList: false }),
    );
  });

  it("registers for an event without prices ('Keine Preise verfügbar') and shows the success screen", async () => {
    const api = serve({ contract: 'none' });
    renderAt(`/events/${EVENT_ID}`);
    expect(await screen.findByText('Keine Preise verfügbar')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Weiter zur Übersicht'));
    fireEvent.click(await screen.findByText('Verbindlich anmelden'));
    expect(await screen.findByText('Erfolgreich angemeldet!')).toBeInTheDocument();
    expect(screen.getByText('Zur Übersicht')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.registeredWith()).toEqual({ priceOptionIds: [], showInParticipantList: false }),
    );
  });

  it('shows what was booked: status, waiting position, options with amounts and the total', async () => {
    serve({ registration: { eventProgressType: 'waiting', waitingPosition: 2 } });
    renderAt(`/events/${EVENT_ID}`);
    const mine = await screen.findByTestId('booked-registration');
    expect(mine).toHaveTextContent('Warteliste – Du stehst auf Platz 2 der Warteliste.');
    expect(mine).toHaveTextContent('Mitglied10,00 €');
    expect(mine).toHaveTextContent('Startgebühr5,00 €');
    expect(mine).toHaveTextContent('Gesamt15,00 €');
    expect(screen.getByText('Abmelden')).toBeInTheDocument();
  });

  it('lists the participants who agreed where the event shows the list, and asks for consent', async () => {
    serve({ event: { showParticipants: true } });
    server.use(
      http.get(`${ORIGIN}/api/event/${EVENT_ID}/participants`, () =>
        HttpResponse.json({ items: [{ personId: 'x', name: 'Anna Aal' }], participantCount: 3 }),
      ),
    );
    renderAt(`/events/${EVENT_ID}`);
    expect(await screen.findByText('Anna Aal')).toBeInTheDocument();
    expect(screen.getByText('3 Personen nehmen teil.')).toBeInTheDocument();
    expect(screen.getByText('Meinen Namen in der Teilnehmerliste zeigen')).toBeInTheDocument();
  });

  it("says 'Anmeldung: offen' and counts the free waiting places in the singular and plural", async () => {
    serve({ event: { maxWaiting: 5, waitingCount: 4, waitingPlacesLeft: 1 } });
    renderAt(`/events/${EVENT_ID}`);
    expect(await screen.findByText('4 wartend, 1 Platz frei')).toBeInTheDocument();
    expect(screen.getByText('Anmeldung', { selector: 'dt' }).nextElementSibling).toHaveTextContent(/^offen$/);
  });

  it("says 'Anmeldung ab <Datum>' instead of a registration button before registration opens", async () => {
    serve({ event: { registrationOpen: false, registrationStart: '2030-05-01T08:00:00.000Z' } });
    renderAt(`/events/${EVENT_ID}`);
    expect(await screen.findByText(/^Anmeldung ab 01\.05\.2030, \d\d:00$/)).toBeInTheDocument();
    expect(screen.getByText('Anmeldung', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      /^ab 01\.05\.2030, \d\d:00$/,
    );
    expect(screen.queryByText('Verbindlich anmelden')).not.toBeInTheDocument();
    expect(screen.queryByText('Anmeldung geschlossen')).not.toBeInTheDocument();
  });

  it('lets documents fail on their own while contact persons load', async () => {
    serve({ documents: 'fail' });
    renderAt(`/events/${EVENT_ID}`);
    expect(await screen.findByText('Erika Muster')).toBeInTheDocument();
    expect(await screen.findByText('Dokumente konnten nicht geladen werden: kaputt')).toBeInTheDocument();
    expect(screen.getByText('Sommerfest', { selector: 'h1' })).toBeInTheDocument();
  });
});
