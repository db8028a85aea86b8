import { AppConfigSchema, type AppConfig } from '@vereinsheim/contracts/app-config';
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
