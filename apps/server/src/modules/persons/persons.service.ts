import type { JWTPayload } from 'jose';
import type { BasePerson, PersonClaims } from '@vereinsheim/contracts';
import { coerceGender } from '@vereinsheim/contracts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { ageFrom } from '../../lib/dates.ts';
import {
  authorize,
  readSubjectScope,
  notVisible,
  type Actor,
  type ActorScope,
  type OwnerScope,
} from '../../policy/index.ts';
import { privacyAccepted } from '../privacy/index.ts';
import {
  personsRepository as repo,
  type ImageScope,
  type PersonFields,
  type PersonRow,
} from './persons.repository.ts';

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
  const person = await repo.findSelf(db, { personId });
  if (!person) return null;
  return {
    person_id: person.id,
    person_setupcompleted: person.setupCompleted,
    person_privacyaccepted: await privacyAccepted(db, { personId: person.id }),
    avatar_image_url: person.avatarImageUrl,
    family_name: person.lastName,
    given_name: person.firstName,
  };
}

/**
 * issuer + subject → person id, cached for SUBJECT_TTL_MS (ADR 0020): every authenticated request asks it.
 * Deleting a person drops its entries at once and keeps it out of the cache for one TTL (a request that read
 * the mapping before the deletion committed cannot put it back); other instances forget it within one TTL.
 */
const SUBJECT_TTL_MS = 60_000;
const SUBJECT_CACHE_MAX = 10_000;
const subjectCache = new Map<string, { personId: string; until: number; database: number }>();
const notCached = new Map<string, number>();
/**
 * An entry answers only for the database it was read from: one process may hold several (the API tests open
 * one per test file and share the module between files, ADR 0028). A number, not the handle, so that the cache
 * keeps no closed database alive.
 */
const databaseIds = new WeakMap<object, number>();
let nextDatabaseId = 0;
const databaseId = (db: object): number => {
  let id = databaseIds.get(db);
  if (id === undefined) databaseIds.set(db, (id = ++nextDatabaseId));
  return id;
};

function cacheable(personId: string, now: number): boolean {
  const until = notCached.get(personId);
  if (until === undefined) return true;
  if (until > now) return false;
  notCached.delete(personId);
  return true;
}

/** Drops the person from the subject cache (deletion); exported for the account module's deletion. */
export function forgetPerson(personId: string): void {
  for (const [key, entry] of subjectCache) if (entry.personId === personId) subjectCache.delete(key);
  const now = Date.now();
  for (const [id, until] of notCached) if (until <= now) notCached.delete(id);
  notCached.set(personId, Date.now() + SUBJECT_TTL_MS);
}

/**
 * The one place where provider claims map onto a person (the spec's b2cId link).
 * For an external provider, a first sign-in creates the person from the token's name claims.
 */
export async function findOrProvisionPerson(
  db: Database,
  input: { issuer: string; subject: string; claims: JWTPayload; provision: boolean },
): Promise<{ personId: string; scope?: ActorScope; lapsesAt?: number | null } | null> {
  const key = `${input.issuer}\n${input.subject}`;
  const now = Date.now();
  const database = databaseId(db);
  const hit = subjectCache.get(key);
  if (hit && hit.until > now && hit.database === database) return { personId: hit.personId };
  // Not cached: the person and their scope in one statement (the request needs both).
  const read = await readSubjectScope(db, input.issuer, input.subject);
  if (read) {
    const { scope, lapsesAt } = read;
    const found = scope.personId;
    if (cacheable(found, now)) {
      subjectCache.delete(key);
      if (subjectCache.size >= SUBJECT_CACHE_MAX) subjectCache.delete(subjectCache.keys().next().value!);
      subjectCache.set(key, { personId: found, until: now + SUBJECT_TTL_MS, database });
    }
    return { personId: found, scope, lapsesAt };
  }
  if (!input.provision) return null;
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  const created = await db
    .transaction(async (tx) => {
      const personId = await repo.insert(tx, {
        firstName: str(input.claims.given_name) ?? str(input.claims.name)?.split(' ')[0] ?? '',
        lastName: str(input.claims.family_name) ?? '',
      });
      const linked = await repo.linkIdentity(tx, { issuer: input.issuer, subject: input.subject, personId });
      if (linked) return linked;
      // Another request provisioned the same subject concurrently: drop this person, use theirs.
      tx.rollback();
      return null;
    })
    .catch(() => null);
  if (created) return { personId: created };
  return findOrProvisionPerson(db, { ...input, provision: false });
}

/** A new person with the given names (sign-up of the embedded provider); returns the id. */
export const createPerson = (tx: DbOrTx, names: { firstName: string; lastName: string }) =>
  repo.insert(tx, names);

/** Links a provider subject to a person (sign-up of the embedded provider). */
export async function linkIdentity(
  tx: DbOrTx,
  link: { issuer: string; subject: string; personId: string },
): Promise<void> {
  await repo.linkIdentity(tx, link);
}

/** The person's own row (undefined once deleted). */
export const findSelf = (db: DbOrTx, owner: OwnerScope) => repo.findSelf(db, owner);

/** The person's own row, locked for an update in the caller's transaction. */
export const lockSelf = (tx: DbOrTx, owner: OwnerScope) => repo.lockSelf(tx, owner);

/** Updates the person's own fields (profile); returns the new row. */
export const updateSelf = (
  tx: DbOrTx,
  owner: OwnerScope,
  fields: PersonFields & { setupCompleted?: boolean },
) => repo.updateSelf(tx, owner, fields);

/** The provider subjects linked to the person (their sign-in accounts). */
export const subjectsOf = (db: DbOrTx, owner: OwnerScope) => repo.subjectsOf(db, owner);

/** Deletes the person row; the foreign keys of every person-owned row cascade (deleteAccount). */
export async function deletePerson(tx: DbOrTx, owner: OwnerScope): Promise<boolean> {
  forgetPerson(owner.personId);
  const deleted = await repo.delete(tx, owner);
  forgetPerson(owner.personId);
  return deleted;
}

export type TenantAvatars = Partial<Record<ImageScope, string>>;

/** The person's per-club avatars by tenant id and scope (for the club summaries). */
export async function clubAvatarsOf(db: DbOrTx, owner: OwnerScope): Promise<Map<string, TenantAvatars>> {
  const map = new Map<string, TenantAvatars>();
  for (const row of await repo.images(db, owner)) {
    if (!row.tenantId) continue;
    const entry = map.get(row.tenantId) ?? {};
    entry[row.scope as ImageScope] = row.url;
    map.set(row.tenantId, entry);
  }
  return map;
}

/** Every avatar url (and thumbnail) the person still uses, in any scope or club. */
export async function avatarUrlsOf(db: DbOrTx, owner: OwnerScope): Promise<string[]> {
  return (await repo.images(db, owner)).flatMap((r) => [r.url, r.thumbnailUrl]);
}

/**
 * Points the person's avatar of a scope (general, or for one club) at a stored image; the general
 * one also goes into the person row. Returns the image it replaced.
 */
export async function setAvatar(
  tx: DbOrTx,
  owner: OwnerScope,
  image: { scope: ImageScope; tenantId: string | null; url: string; thumbnailUrl: string },
) {
  const previous = await repo.putImage(tx, owner, image);
  if (!image.tenantId) await repo.setAvatarColumn(tx, owner, image.scope, image.url);
  return previous;
}

/**
 * Takes the person's avatar of a scope (general, or for one club) away; the general one also leaves the
 * person row. Returns the image it removed, undefined when there was none.
 */
export async function removeAvatar(
  tx: DbOrTx,
  owner: OwnerScope,
  image: { scope: ImageScope; tenantId: string | null },
) {
  const removed = await repo.deleteImage(tx, owner, image);
  if (removed && !image.tenantId) await repo.setAvatarColumn(tx, owner, image.scope, null);
  return removed;
}

export const personsService = {
  /** Only the token's own subject may be asked for; anything else is 404. */
  async claimsForSubject(db: Database, actor: Actor, subject: string): Promise<PersonClaims> {
    // Another subject is another person's: as unknown as a subject that does not exist.
    if (subject !== actor.subject) throw notVisible('person');
    const claims = await personClaims(db, actor.personId);
    if (!claims) throw notVisible('person');
    return claims;
  },

  async basePerson(db: Database, actor: Actor, personId: string): Promise<BasePerson> {
    await authorize(actor, 'own.read', { type: 'owned', what: 'person', personId });
    const row = await repo.findSelf(db, actor);
    if (!row) throw notVisible('person');
    return toBasePerson(row, actor.subject);
  },
};
