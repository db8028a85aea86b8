/**
 * Seed corpus: one body per write operation that the server accepts for the seeded admin. Mutating a single field
 * of an accepted body reaches deeper than a random body (which some other check refuses first).
 */
import { ACCOUNT_DELETION_CONFIRMATION } from '@vereinsheim/contracts';

const PERSONAL: Record<string, Record<string, unknown>> = {
  address: { street: 'Hauptstraße', streetNumber: '5a', zip: '50667', city: 'Köln', countryCode: 'DE' },
  mail: { email: 'fuzz@example.org', description: 'privat' },
  phone: { number: '+49 171 1234567', type: 'mobile', description: 'Handy' },
  bankaccount: { iban: 'DE89370400440532013000', accountOwner: 'Sabine Wagner', description: 'Giro' },
  confectioninformation: { confectionSize: 42, clothingPartType: 'shoe', name: 'Laufschuh' },
  medicalinformation: { type: 'allergy', name: 'Pollen', description: 'Heuschnupfen' },
  additionalinformation: { name: 'Hinweis', description: 'Fährt Fahrgemeinschaft' },
};

/** The accepted body for `METHOD /path/template`, or undefined. */
export function corpusBody(method: string, path: string, club: string): unknown {
  const personal = /^\/api\/me\/([a-z]+)(\/\{id\}(\/share(\/(intern|extern)(\/remove)?)?)?)?$/.exec(path);
  if (personal && personal[1]! in PERSONAL) {
    if (personal[5]) return { tenantId: club };
    if (personal[3]) return { tenantIds: [club] };
    if (method === 'POST' || method === 'PUT') return PERSONAL[personal[1]!];
  }
  switch (`${method} ${path}`) {
    case 'POST /api/me/bankaccount/validate-iban':
      return { iban: 'DE89 3704 0044 0532 0130 00' };
    case 'PUT /api/me':
      return {
        title: 'Dr.',
        gender: 'female',
        firstName: 'Sabine',
        lastName: 'Wagner',
        birthdate: '1971-01-23',
        birthplace: 'Starnberg',
      };
    case 'DELETE /api/me':
      return { confirmation: ACCOUNT_DELETION_CONFIRMATION };
    case 'POST /api/me/approvals':
      return { tenantId: club, kind: 'privacy' };
    case 'POST /api/event/{id}/registration':
      return { priceOptionIds: [] };
    case 'POST /api/event/{id}/registration/cancel':
      return { sendNotification: false };
    case 'POST /api/tenants/{tenantId}/cms2/blogpost':
      return { title: 'Neuigkeit', description: 'Kurz', body: '<p>Text</p>', scopeType: 'members' };
    case 'POST /api/tenants/{tenantId}/messages':
      return { title: 'Hallo', body: 'Training fällt aus', link: '/events' };
    case 'POST /api/me/push/subscriptions':
      return { platform: 'android', token: 'fcm-fuzz-token-1234' };
    case 'DELETE /api/me/push/subscriptions':
      return { token: 'fcm-fuzz-token-1234' };
    case 'POST /api/telemetry/track':
      return {
        instrumentationKey: '00000000-0000-4000-8000-000000000000',
        events: [{ type: 'pageView', path: '/events', device: 'desktop', time: '2026-06-01T12:00:00Z' }],
      };
    default:
      return undefined;
  }
}
