import { ProfileSchema, type Profile } from '@vereinsheim/contracts/profile';
import { AddressSchema, IbanCheckResultSchema, IBAN_MESSAGES } from '@vereinsheim/contracts/personal-data';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../shared/api/client.ts';
import { ORIGIN } from '../../../test/fixtures.ts';
import { server } from '../../../test/msw-server.ts';
import BankAccountPage from './BankAccountPage.tsx';
import ProfilePage from './ProfilePage.tsx';

const CLUB = '00000000-0000-4000-8000-0000000000c1';
const club = {
  id: CLUB,
  name: 'TSV Test',
  headerImageUrl: null,
  avatarImageUrl: null,
  isLocked: false,
  lockedReason: null,
  isIntern: true,
  isExtern: false,
  isDefault: false,
};
const address = AddressSchema.parse({
  id: '00000000-0000-4000-8000-0000000000a1',
  creator: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  scopedSharingTenants: [club],
  street: 'Hauptstraße',
  streetNumber: '1',
  addition: null,
  zip: '50667',
  city: 'Köln',
  country: null,
  countryCode: 'DE',
  description: null,
});

function profile(overrides: Partial<Profile> = {}): Profile {
  return ProfileSchema.parse({
    id: 'p1',
    title: null,
    gender: 'female',
    firstName: 'Mia',
    lastName: 'Hoffmann',
    birthdate: '1992-04-17',
    birthplace: 'München',
    age: 34,
    b2cId: 's1',
    avatarImageUrl: null,
    internAvatarImageUrl: null,
    externAvatarImageUrl: null,
    headerImageUrl: null,
    tenants: [],
    addresses: [address],
    mails: [],
    phoneNumbers: [],
    bankAccounts: [],
    confectionInformations: [],
    medicalInformations: [],
    additionalInformations: [],
    approvals: [],
    events: [],
    teams: [],
    honors: [],
    qualifications: [],
    invoices: [],
    orderElements: [],
    licenses: [],
    ...overrides,
  });
}

const wrap = (children: ReactNode) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    <MemoryRouter>{children}</MemoryRouter>
  </QueryClientProvider>
);

beforeAll(() => {
  configureApiClient({
    baseUrl: ORIGIN,
    getAccessToken: () => Promise.resolve('t'),
    getPersonId: () => null,
  });
});

describe('/profile', () => {
  it('shows each datum with the club holding it and the view, plus the help texts', async () => {
    server.use(http.get(`${ORIGIN}/api/me`, () => HttpResponse.json(profile())));
    render(wrap(<ProfilePage />));
    expect(await screen.findByText('Hauptstraße 1, 50667 Köln')).toBeInTheDocument();
    expect(screen.getByText('TSV Test: Interne Ansicht (Kontakt)')).toBeInTheDocument();
    expect(
      screen.getAllByText(/Name, Geburtsdatum und Geburtsort werden immer benötigt/).length,
    ).toBeGreaterThan(0);
    expect(screen.getByText('Mia Hoffmann')).toBeInTheDocument();
  });

  it('shows birth data as far as it is known, and never dashes', async () => {
    server.use(http.get(`${ORIGIN}/api/me`, () => HttpResponse.json(profile())));
    const { unmount } = render(wrap(<ProfilePage />));
    expect(
      await screen.findByText('Geboren am 17.04.1992 · Geburtsort München · 34 Jahre'),
    ).toBeInTheDocument();
    unmount();
    server.use(
      http.get(`${ORIGIN}/api/me`, () =>
        HttpResponse.json(profile({ birthdate: null, birthplace: null, age: null })),
      ),
    );
    render(wrap(<ProfilePage />));
    expect(await screen.findByText('Geburtsdatum und Geburtsort fehlen noch.')).toBeInTheDocument();
    expect(screen.queryByText(/Geboren am –/)).not.toBeInTheDocument();
  });

  it('shows the spec message when the profile cannot be loaded', async () => {
    server.use(
      http.get(`${ORIGIN}/api/me`, () =>
        HttpResponse.json({ type: 'about:blank', title: 'x', status: 500 }, { status: 500 }),
      ),
    );
    render(wrap(<ProfilePage />));
    expect(await screen.findByText(/Wir konnten deine Profildaten momentan nicht laden/)).toBeInTheDocument();
  });
});

describe('/profile/bankaccount', () => {
  it('lists nothing yet and offers to add a bank account', async () => {
    server.use(
      http.get(`${ORIGIN}/api/me/bankaccount`, () =>
        HttpResponse.json({
          items: [],
          maximumcount: 0,
          page: 1,
          pagesize: 200,
          top: 200,
          orderbytype: 'ascending',
        }),
      ),
      http.post(`${ORIGIN}/api/me/bankaccount/validate-iban`, () =>
        HttpResponse.json(
          IbanCheckResultSchema.parse({
            status: 'invalid',
            valid: false,
            message: IBAN_MESSAGES.invalid,
            iban: null,
            bic: null,
            bankcode: null,
          }),
        ),
      ),
    );
    render(wrap(<BankAccountPage />));
    expect(await screen.findByText('Noch keine Bankverbindung hinterlegt.')).toBeInTheDocument();
    screen.getByText('Bankverbindung hinzufügen').click();
    // The form opens; checking the IBAN as it is typed runs in a real browser (e2e/personal-data.spec.ts).
    expect(await screen.findByRole('form', { name: 'Bankverbindung' })).toBeInTheDocument();
  });
});
