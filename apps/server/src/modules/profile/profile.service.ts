import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import {
  AVATAR_SIZES,
  coerceGender,
  type AvatarUploadResult,
  type BasePerson,
  type MeUpdateInput,
  type Profile,
} from '@vereinsheim/contracts';
import type { Database } from '../../db/client.ts';
import { personImages, persons, storedFiles } from '../../db/schema/index.ts';
import { HttpProblem, notFound } from '../../lib/problem.ts';
import type { Actor } from '../../plugins/auth.ts';
import { writeLog, type LogChange } from '../activity-log/activity-log.ts';
import { fileNameOfUrl, type FileStore } from '../media/file-store.ts';
import { personsRepository } from '../persons/persons.repository.ts';
import { toBasePerson } from '../persons/persons.service.ts';
import { KINDS } from '../personal-data/personal-data.kinds.ts';
import { presentItems } from '../personal-data/personal-data.service.ts';
import { privacyService } from '../privacy/privacy.service.ts';
import { tenantsRepository } from '../tenants/tenants.repository.ts';
import { toTenantSummary } from '../tenants/tenants.service.ts';
import { tenantAvatarsOf } from './person-images.ts';

const SCOPE_COLUMN = ['avatarImageUrl', 'externAvatarImageUrl', 'internAvatarImageUrl'] as const;
const SCOPE_DE = ['Standard', 'extern', 'intern'] as const;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

const PERSON_FIELDS: [Exclude<keyof MeUpdateInput, 'id' | 'age'>, string][] = [
  ['title', 'Titel'],
  ['gender', 'Geschlecht'],
  ['firstName', 'Vorname'],
  ['lastName', 'Nachname'],
  ['birthdate', 'Geburtsdatum'],
  ['birthplace', 'Geburtsort'],
];

export const profileService = {
  async get(db: Database, actor: Actor): Promise<Profile> {
    const person = await personsRepository.findSelf(db, actor.personId);
    if (!person) throw notFound('Unknown person.');
    const [clubs, avatars, approvals, ...lists] = await Promise.all([
      tenantsRepository.findForPerson(db, actor.personId, { order: 'ascending', limit: 200, offset: 0 }),
      tenantAvatarsOf(db, actor.personId),
      privacyService.list(db, actor.personId),
      ...KINDS.map(async (def) => {
        const rows = await db
          .select()
          .from(def.table)
          .where(eq(def.table.personId, actor.personId))
          .orderBy(def.table.createdAt, def.table.id);
        return presentItems(db, def, actor.personId, rows);
      }),
    ]);
    const list = (kind: string) => lists[KINDS.findIndex((k) => k.kind === kind)] as never;
    return {
      ...toBasePerson(person, actor.subject),
      tenants: clubs.rows.map((row) => toTenantSummary(row, person, avatars.get(row.id))),
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
    if (input.id && input.id !== actor.personId) throw notFound('Unknown person.');
    return db.transaction(async (tx) => {
      const [before] = await tx.select().from(persons).where(eq(persons.id, actor.personId)).for('update');
      if (!before) throw notFound('Unknown person.');
      const next = {
        title: input.title ?? null,
        gender: coerceGender(input.gender),
        firstName: input.firstName,
        lastName: input.lastName,
        birthdate: input.birthdate,
        birthplace: input.birthplace,
      };
      const changes: LogChange[] = [];
      for (const [field, label] of PERSON_FIELDS) {
        const old = (before[field as keyof typeof before] as string | null) ?? null;
        const now = next[field] ?? null;
        if (old !== now) changes.push({ field: label, old, new: now });
      }
      const [row] = await tx
        .update(persons)
        .set({ ...next, setupCompleted: true, updatedAt: new Date() })
        .where(eq(persons.id, actor.personId))
        .returning();
      if (changes.length) {
        await writeLog(tx, {
          personId: actor.personId,
          actorPersonId: actor.personId,
          action: 'updated',
          entityKind: 'person',
          entityId: actor.personId,
          summary: `Persönliche Daten geändert: ${changes.map((c) => `${c.field}: ${c.old ?? '–'} → ${c.new ?? '–'}`).join('; ')}`,
          changes,
        });
      }
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
      const [member] = await tenantsRepository.memberTenantIds(db, actor.personId, [tenantId]);
      if (!member) throw notFound('Unknown club.');
      const found = await tenantsRepository.findForPerson(db, actor.personId, {
        order: 'ascending',
        limit: 200,
        offset: 0,
      });
      tenantName = found.rows.find((r) => r.id === tenantId)?.name ?? null;
    }
    let format: string | undefined;
    try {
      format = (await sharp(data, { limitInputPixels: 40_000_000 }).metadata()).format;
    } catch {
      format = undefined;
    }
    if (!format || !ACCEPTED_FORMATS.has(format)) {
      throw new HttpProblem(415, 'The file is not an image (JPEG, PNG, WebP, GIF, AVIF, HEIF or TIFF).', {
        errors: [{ field: 'file', message: 'expected an image' }],
      });
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
      throw new HttpProblem(415, 'The image could not be read.', {
        errors: [{ field: 'file', message: 'unreadable image' }],
      });
    }
    for (const v of variants) await store.put(v.name, v.body);
    const url = `/media/files/${variants[0]!.name}`;
    const thumbnailUrl = `/media/files/${variants[1]!.name}`;

    const obsolete = await db.transaction(async (tx) => {
      await tx
        .insert(storedFiles)
        .values(
          variants.map((v) => ({
            name: v.name,
            personId: actor.personId,
            contentType: 'image/webp',
            size: v.body.length,
          })),
        )
        .onConflictDoNothing();
      const where = and(
        eq(personImages.personId, actor.personId),
        eq(personImages.scope, scope),
        tenantId ? eq(personImages.tenantId, tenantId) : isNull(personImages.tenantId),
      );
      const [previous] = await tx.select().from(personImages).where(where);
      if (previous)
        await tx
          .update(personImages)
          .set({ url, thumbnailUrl, createdAt: new Date() })
          .where(eq(personImages.id, previous.id));
      else
        await tx
          .insert(personImages)
          .values({ personId: actor.personId, tenantId, scope, url, thumbnailUrl });
      if (!tenantId) {
        await tx
          .update(persons)
          .set({ [SCOPE_COLUMN[scope]]: url, updatedAt: new Date() })
          .where(eq(persons.id, actor.personId));
      }
      await writeLog(tx, {
        personId: actor.personId,
        actorPersonId: actor.personId,
        action: 'updated',
        entityKind: 'avatar',
        tenantId,
        summary: `Profilbild (${SCOPE_DE[scope]})${tenantName ? ` für ${tenantName}` : ''} ${previous ? 'geändert' : 'hochgeladen'}`,
      });
      const oldNames = [fileNameOfUrl(previous?.url), fileNameOfUrl(previous?.thumbnailUrl)].filter(
        (n): n is string => !!n && !variants.some((v) => v.name === n),
      );
      if (!oldNames.length) return [];
      // Still used by another scope or club of the same person? Then keep the file.
      const inUse = await tx
        .select({ url: personImages.url, thumbnailUrl: personImages.thumbnailUrl })
        .from(personImages)
        .where(eq(personImages.personId, actor.personId));
      const used = new Set(inUse.flatMap((r) => [fileNameOfUrl(r.url), fileNameOfUrl(r.thumbnailUrl)]));
      const unused = oldNames.filter((n) => !used.has(n));
      if (unused.length) await tx.delete(storedFiles).where(inArray(storedFiles.name, unused));
      return unused;
    });
    for (const name of obsolete) await store.delete(name).catch(() => undefined);
    return { scope, tenantId, url, thumbnailUrl };
  },
};
