import { createHash } from 'node:crypto';
import sharp from 'sharp';
import {
  AVATAR_SIZES,
  coerceGender,
  type AvatarUploadResult,
  type BasePerson,
  type MeUpdateInput,
  type Profile,
} from '@vereinsheim/contracts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { problem } from '../../lib/problem.ts';
import { authorize, notVisible, type Actor, type OwnerScope } from '../../policy/index.ts';
import { writeLog, type LogChange } from '../activity-log/index.ts';
import { fileNameOfUrl, type FileStore } from '../media/index.ts';
import {
  avatarUrlsOf,
  findSelf,
  lockSelf,
  removeAvatar,
  setAvatar,
  toBasePerson,
  updateSelf,
} from '../persons/index.ts';
import { personalDataOf } from '../personal-data/index.ts';
import { privacyService } from '../privacy/index.ts';
import { clubSummariesOf, tenantsByIds } from '../tenants/index.ts';
import { openIdentityChangeCases } from '../validation/index.ts';
import { profileRepository as repo } from './profile.repository.ts';

/** The fields that identify a person (spec §1): a change opens identity-change cases where clubs review them. */
const IDENTITY_FIELDS = new Set(['firstName', 'lastName', 'birthdate', 'birthplace']);

/** The names of the files the person's uploads stored (account deletion removes them). */
export const storedFileNamesOf = (db: DbOrTx, owner: OwnerScope) => repo.fileNamesOf(db, owner);
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

/** The person's fields the log compares (labels: `log.field.<field>`). */
const PERSON_FIELDS: Exclude<keyof MeUpdateInput, 'id' | 'age'>[] = [
  'title',
  'gender',
  'firstName',
  'lastName',
  'birthdate',
  'birthplace',
];

export const profileService = {
  async get(db: Database, actor: Actor): Promise<Profile> {
    const person = await findSelf(db, actor);
    if (!person) throw notVisible('person');
    const [tenants, approvals, items] = await Promise.all([
      clubSummariesOf(db, actor),
      privacyService.list(db, actor),
      personalDataOf(db, actor),
    ]);
    const list = (kind: keyof typeof items) => items[kind] as never;
    return {
      ...toBasePerson(person, actor.subject),
      tenants,
      addresses: list('address'),
      mails: list('mail'),
      phoneNumbers: list('phone'),
      bankAccounts: list('bankaccount'),
      confectionInformations: list('confectioninformation'),
      medicalInformations: list('medicalinformation'),
      additionalInformations: list('additionalinformation'),
      approvals,
      events: [],
      teams: [],
      honors: [],
      qualifications: [],
      invoices: [],
      orderElements: [],
      licenses: [],
    };
  },

  /** Only id, title, gender, names, birthdate, birthplace are taken; a different id is another person: 404. */
  async update(db: Database, actor: Actor, input: MeUpdateInput): Promise<BasePerson> {
    if (input.id) await authorize(actor, 'own.write', { type: 'owned', what: 'person', personId: input.id });
    return db.transaction(async (tx) => {
      const before = await lockSelf(tx, actor);
      if (!before) throw notVisible('person');
      const next = {
        title: input.title ?? null,
        gender: coerceGender(input.gender),
        firstName: input.firstName,
        lastName: input.lastName,
        birthdate: input.birthdate,
        birthplace: input.birthplace,
      };
      const changes: LogChange[] = [];
      for (const field of PERSON_FIELDS) {
        const old = (before[field as keyof typeof before] as string | null) ?? null;
        const now = next[field] ?? null;
        if (old !== now) changes.push({ field, old, new: now });
      }
      const row = await updateSelf(tx, actor, { ...next, setupCompleted: true });
      if (changes.length) {
        await writeLog(tx, {
          personId: actor.personId,
          actorPersonId: actor.personId,
          action: 'updated',
          entityKind: 'person',
          entityId: actor.personId,
          summary: { key: 'log.person.updated' },
          changes,
        });
      }
      // Name, birthdate and birthplace identify the person: clubs that review such changes get a case.
      if (changes.some((c) => IDENTITY_FIELDS.has(c.field)))
        await openIdentityChangeCases(tx, actor.personId);
      return toBasePerson(row!, actor.subject);
    });
  },

  /**
   * Checks the upload by content, re-encodes it (metadata, EXIF and GPS dropped) into 512 and 128 px
   * WebP under content-hash names, and points the person's (or the club-specific) avatar at it.
   */
  async uploadAvatar(
    db: Database,
    store: FileStore,
    actor: Actor,
    scope: 0 | 1 | 2,
    tenantId: string | null,
    data: Buffer,
  ): Promise<AvatarUploadResult> {
    let tenantName: string | null = null;
    if (tenantId) {
      await authorize(actor, 'club.view', { type: 'club', tenantId });
      tenantName = (await tenantsByIds(db, [tenantId]))[0]?.name ?? null;
    }
    let format: string | undefined;
    try {
      format = (await sharp(data, { limitInputPixels: 40_000_000 }).metadata()).format;
    } catch {
      format = undefined;
    }
    if (!format || !ACCEPTED_FORMATS.has(format)) {
      throw problem(415, 'image.notAnImage', { errors: [{ field: 'file', message: 'expected an image' }] });
    }
    let variants: { size: number; name: string; body: Buffer }[];
    try {
      variants = await Promise.all(
        AVATAR_SIZES.map(async (size) => {
          const body = await sharp(data, { limitInputPixels: 40_000_000 })
            .rotate()
            .resize(size, size, { fit: 'cover' })
            .webp({ quality: 82 })
            .toBuffer();
          const hash = createHash('sha256').update(actor.personId).update(':').update(body).digest('hex');
          return { size, name: `${hash}-${size}.webp`, body };
        }),
      );
    } catch {
      throw problem(415, 'image.unreadable', { errors: [{ field: 'file', message: 'unreadable image' }] });
    }
    for (const v of variants) await store.put(v.name, v.body);
    const url = `/media/files/${variants[0]!.name}`;
    const thumbnailUrl = `/media/files/${variants[1]!.name}`;

    const obsolete = await db.transaction(async (tx) => {
      // One avatar change per person at a time: parallel uploads would both find no previous image and
      // collide on person_images' unique key.
      await lockSelf(tx, actor);
      await repo.recordFiles(
        tx,
        actor,
        variants.map((v) => ({ name: v.name, contentType: 'image/webp', size: v.body.length })),
      );
      const previous = await setAvatar(tx, actor, { scope, tenantId, url, thumbnailUrl });
      await writeLog(tx, {
        personId: actor.personId,
        actorPersonId: actor.personId,
        action: 'updated',
        entityKind: 'avatar',
        tenantId,
        summary: {
          key: `log.avatar.${previous ? 'changed' : 'uploaded'}${tenantName ? 'ForClub' : ''}`,
          params: { scope: { key: `log.avatarScope.${scope}` }, club: tenantName },
        },
      });
      return forgetUnusedImage(tx, actor, previous);
    });
    for (const name of obsolete) await store.delete(name).catch(() => undefined);
    return { scope, tenantId, url, thumbnailUrl };
  },

  /** Takes my avatar of a scope away, generally or for one club; 404 when there is none. */
  async removeAvatar(
    db: Database,
    store: FileStore,
    actor: Actor,
    scope: 0 | 1 | 2,
    tenantId: string | null,
  ): Promise<void> {
    let tenantName: string | null = null;
    if (tenantId) {
      await authorize(actor, 'club.view', { type: 'club', tenantId });
      tenantName = (await tenantsByIds(db, [tenantId]))[0]?.name ?? null;
    } else {
      await authorize(actor, 'own.write', { type: 'owned', what: 'person', personId: actor.personId });
    }
    const obsolete = await db.transaction(async (tx) => {
      await lockSelf(tx, actor);
      const removed = await removeAvatar(tx, actor, { scope, tenantId });
      if (!removed) throw notVisible('avatar');
      await writeLog(tx, {
        personId: actor.personId,
        actorPersonId: actor.personId,
        action: 'deleted',
        entityKind: 'avatar',
        tenantId,
        summary: {
          key: `log.avatar.removed${tenantName ? 'ForClub' : ''}`,
          params: { scope: { key: `log.avatarScope.${scope}` }, club: tenantName },
        },
      });
      return forgetUnusedImage(tx, actor, removed);
    });
    for (const name of obsolete) await store.delete(name).catch(() => undefined);
  },
};

/**
 * The files of an avatar that was replaced or removed, unless another scope or club of the same person still
 * shows them: forgotten in the transaction, their names returned for the store to delete after it.
 */
async function forgetUnusedImage(
  tx: DbOrTx,
  actor: Actor,
  image: { url: string; thumbnailUrl: string } | undefined,
): Promise<string[]> {
  const names = [fileNameOfUrl(image?.url), fileNameOfUrl(image?.thumbnailUrl)].filter(
    (n): n is string => !!n,
  );
  if (!names.length) return [];
  const used = new Set((await avatarUrlsOf(tx, actor)).map(fileNameOfUrl));
  const unused = names.filter((n) => !used.has(n));
  await repo.forgetFiles(tx, actor, unused);
  return unused;
}
