import type { Database } from '../db/client.ts';
import { personClaims } from '../modules/persons/index.ts';

/** The claims the embedded provider hands out, by scope (also put into the ID token). */
export const CLAIMS_BY_SCOPE = {
  openid: ['sub', 'person_id', 'person_setupcompleted', 'person_privacyaccepted'],
  profile: ['name', 'given_name', 'family_name', 'avatar_image_url'],
  email: ['email', 'email_verified'],
} as const;

// A type alias (not an interface) so that it satisfies the library's index-signature claims type.
export type AccountClaims = {
  sub: string;
  name: string;
  given_name: string;
  family_name: string;
  email: string;
  email_verified: boolean;
  person_id: string;
  person_setupcompleted: boolean;
  person_privacyaccepted: boolean;
  avatar_image_url: string | null;
};

/** The one mapping from an account and its person to OpenID Connect claims (spec §3/§7). */
export async function accountClaims(
  db: Database,
  account: { id: string; email: string; emailVerified: boolean; personId: string },
): Promise<AccountClaims | null> {
  const person = await personClaims(db, account.personId);
  if (!person) return null;
  return {
    sub: account.id,
    name: [person.given_name, person.family_name].filter(Boolean).join(' '),
    given_name: person.given_name,
    family_name: person.family_name,
    email: account.email,
    email_verified: account.emailVerified,
    person_id: person.person_id,
    person_setupcompleted: person.person_setupcompleted,
    person_privacyaccepted: person.person_privacyaccepted,
    avatar_image_url: person.avatar_image_url,
  };
}
