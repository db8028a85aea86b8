import type { BasePerson, PersonClaims } from '@vereinsheim/contracts';
import { coerceGender } from '@vereinsheim/contracts';
import type { Database } from '../../db/client.ts';
import { ageFrom } from '../../lib/dates.ts';
import { notFound } from '../../lib/problem.ts';
import type { Actor } from '../../plugins/auth.ts';
import { personsRepository, type PersonRow } from './persons.repository.ts';

export function toBasePerson(row: PersonRow, b2cId: string | null): BasePerson {
  return {
    id: row.id,
    title: row.title,
    gender: coerceGender(row.gender),
    firstName: row.firstName,
    lastName: row.lastName,
    birthdate: row.birthdate,
    birthplace: row.birthplace,
    age: ageFrom(row.birthdate),
    b2cId,
    avatarImageUrl: row.avatarImageUrl,
    internAvatarImageUrl: row.internAvatarImageUrl,
    externAvatarImageUrl: row.externAvatarImageUrl,
    headerImageUrl: row.headerImageUrl,
  };
}

/** The claims of spec §3/§7, mapped in one place for the API and the embedded provider's ID token. */
export async function personClaims(db: Database, personId: string): Promise<PersonClaims | null> {
  const person = await personsRepository.findSelf(db, personId);
  if (!person) return null;
  return {
    person_id: person.id,
    person_setupcompleted: person.setupCompleted,
    person_privacyaccepted: await personsRepository.privacyAccepted(db, person.id),
    avatar_image_url: person.avatarImageUrl,
    family_name: person.lastName,
    given_name: person.firstName,
  };
}

export const personsService = {
  /** Only the token's own subject may be asked for; anything else is 404. */
  async claimsForSubject(db: Database, actor: Actor, subject: string): Promise<PersonClaims> {
    if (subject !== actor.subject) throw notFound('Unknown subject.');
    const claims = await personClaims(db, actor.personId);
    if (!claims) throw notFound('Unknown subject.');
    return claims;
  },

  async basePerson(db: Database, actor: Actor, personId: string): Promise<BasePerson> {
    if (personId !== actor.personId) throw notFound('Unknown person.');
    const row = await personsRepository.findSelf(db, actor.personId);
    if (!row) throw notFound('Unknown person.');
    return toBasePerson(row, actor.subject);
  },
};
