import { AppConfigSchema, type AppConfig } from '@vereinsheim/contracts/app-config';
import { MyRegistrationListSchema, type MyRegistration } from '@vereinsheim/contracts/events';
import { IbanCheckResultSchema, IBAN_MESSAGES } from '@vereinsheim/contracts/personal-data';
import { PersonClaimsSchema, type PersonClaims } from '@vereinsheim/contracts/person';
import { TenantListSchema, TenantSummarySchema, type TenantSummary } from '@vereinsheim/contracts/tenant';

export const ORIGIN = 'http://localhost:3000';

/** Test payloads are parsed with the contract schemas, so a contract change breaks the fixtures first. */
export const testAppConfig: AppConfig = AppConfigSchema.parse({
  issuer: `${ORIGIN}/oidc`,
  clientId: 'vereinsheim-web',
  audience: `${ORIGIN}/api`,
  scope: 'openid profile email offline_access',
  apiBaseUrl: `${ORIGIN}/api`,
  nativeRedirectUri: 'de.vereinsheim.app:/signin-oidc',
  telemetry: { endpoint: `${ORIGIN}/api/telemetry/track`, instrumentationKey: null },
  links: {
    updates: 'https://example.org/updates',
    help: 'https://example.org/help',
    imprint: 'https://example.org/impressum',
    privacy: 'https://example.org/datenschutz',
  },
  supportMail: 'support@vereinsheim.example',
});

/** GET /api/b2c/person/{sub} of a set-up person who accepted the privacy notice. */
export const testPersonClaims: PersonClaims = PersonClaimsSchema.parse({
  person_id: 'p-1',
  person_setupcompleted: true,
  person_privacyaccepted: true,
  avatar_image_url: null,
  family_name: 'Hoffmann',
  given_name: 'Mia',
});

export function tenant(n: number, overrides: Partial<TenantSummary> = {}): TenantSummary {
  return TenantSummarySchema.parse({
    id: `00000000-0000-4000-8000-00000000000${n}`.slice(-36),
    tenantId: `club-${n}`,
    name: `Verein ${n}`,
    primaryUrl: null,
    avatarImageUrl: `/media/club-${n}.png`,
    headerImageUrl: null,
    personAvatarImageUrl: null,
    personExternAvatarImageUrl: null,
    personInternAvatarImageUrl: null,
    personClubAvatarScopes: [],
    themeInfos: [],
    roles: ['member'],
    ...overrides,
  });
}

export function tenantList(items: TenantSummary[]) {
  return TenantListSchema.parse({
    items,
    maximumcount: items.length,
    page: 1,
    pagesize: 200,
    top: 200,
    orderbytype: 'ascending',
  });
}

/** One of the person's registrations (GET me/event/registrations), participating in an upcoming event. */
export function myRegistration(
  n: number,
  club: TenantSummary,
  event: Partial<MyRegistration['event']> = {},
): MyRegistration {
  const eventId = `00000000-0000-4000-8000-00000000020${n}`;
  return {
    registrationId: `00000000-0000-4000-8000-00000000010${n}`,
    eventId,
    personId: 'p',
    tenantId: club.id,
    eventProgressType: 'participating',
    isCancelled: false,
    priceOptionIds: [],
    registeredAt: '2026-11-20T10:00:00.000Z',
    cancelledAt: null,
    waitingPosition: null,
    freeCancellation: true,
    bookedOptions: [],
    total: null,
    showInParticipantList: false,
    event: {
      id: eventId,
      name: `Termin ${n}`,
      start: `2026-12-0${n}T17:00:00.000Z`,
      end: `2026-12-0${n}T19:00:00.000Z`,
      city: 'Grünwald',
      tenantName: club.name,
      cancelled: false,
      status: 'upcoming',
      ...event,
    },
  };
}

/** A page of the person's registrations as the server answers it. */
export function myRegistrationPage(items: MyRegistration[], pagesize = 5) {
  return MyRegistrationListSchema.parse({
    items,
    maximumcount: items.length,
    page: 1,
    pagesize,
    top: pagesize,
    orderbytype: 'ascending',
  });
}

/** POST /api/me/bankaccount/validate-iban's answer for the demo club's IBAN: valid, with BIC and bank. */
export const VALID_IBAN_CHECK = IbanCheckResultSchema.parse({
  status: 'valid',
  valid: true,
  message: IBAN_MESSAGES.valid,
  iban: 'DE34702501500028419370',
  bic: 'BYLADEM1KMS',
  bankcode: '70250150',
  bankName: 'Kreissparkasse München Starnberg Ebersberg',
});
