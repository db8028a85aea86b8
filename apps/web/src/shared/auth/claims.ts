import { parseClaimBoolean, parseClaimNumber } from '@vereinsheim/contracts/person';

/** The session claims of spec §3 after merging the ID token with the server's person claims. */
export interface SessionClaims {
  sub: string;
  person_id: string;
  person_setupcompleted: boolean;
  person_privacyaccepted: boolean;
  person_claims_error: boolean;
  name?: string | undefined;
  given_name?: string | undefined;
  family_name?: string | undefined;
  avatar_image_url?: string | undefined;
  acr?: string | undefined;
  aud?: string | string[] | undefined;
  exp?: number | undefined;
  chatuser_id?: string | undefined;
  chatuser_signature?: string | undefined;
}

const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** Decodes a JWT payload without verifying it (the token came from our own storage or a verified exchange). */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Reads raw claims leniently: booleans accept true/'TRUE', numbers accept numeric strings (spec §5). */
export function parseClaims(raw: Record<string, unknown>, cachedPersonId = ''): SessionClaims {
  const aud = raw.aud;
  return {
    sub: str(raw.sub) ?? '',
    person_id: str(raw.person_id) ?? cachedPersonId,
    person_setupcompleted: parseClaimBoolean(raw.person_setupcompleted),
    person_privacyaccepted: parseClaimBoolean(raw.person_privacyaccepted),
    person_claims_error: parseClaimBoolean(raw.person_claims_error),
    name: str(raw.name),
    given_name: str(raw.given_name),
    family_name: str(raw.family_name),
    avatar_image_url: str(raw.avatar_image_url),
    acr: str(raw.acr),
    aud: typeof aud === 'string' || Array.isArray(aud) ? (aud as string | string[]) : undefined,
    exp: parseClaimNumber(raw.exp),
    chatuser_id: str(raw.chatuser_id),
    chatuser_signature: str(raw.chatuser_signature),
  };
}

/** Merges the person claims from GET /api/b2c/person/{sub} over the token claims; present values win. */
export function mergePersonClaims(claims: SessionClaims, person: Record<string, unknown>): SessionClaims {
  const merged = { ...claims, person_claims_error: false };
  const personId = str(person.person_id);
  if (personId) merged.person_id = personId;
  if ('person_setupcompleted' in person)
    merged.person_setupcompleted = parseClaimBoolean(person.person_setupcompleted);
  if ('person_privacyaccepted' in person)
    merged.person_privacyaccepted = parseClaimBoolean(person.person_privacyaccepted);
  const given = str(person.given_name);
  if (given) merged.given_name = given;
  const family = str(person.family_name);
  if (family) merged.family_name = family;
  const avatar = str(person.avatar_image_url);
  if (avatar) merged.avatar_image_url = avatar;
  return merged;
}

/** A 404 or 500 of the person-claims call sets the claims-error flag (spec §4, §8). */
export function isClaimsErrorStatus(status: number | undefined): boolean {
  return status === 404 || status === 500;
}
