import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { identities, personImages, persons } from '../../db/schema/index.ts';
import type { OwnerScope } from '../../policy/index.ts';

export type PersonRow = typeof persons.$inferSelect;
export type PersonFields = Partial<
  Pick<PersonRow, 'title' | 'gender' | 'firstName' | 'lastName' | 'birthdate' | 'birthplace'>
>;
export type PersonImageRow = typeof personImages.$inferSelect;
/** Avatar scopes: 0 default, 1 extern, 2 intern. */
export type ImageScope = 0 | 1 | 2;

const AVATAR_COLUMN = ['avatarImageUrl', 'externAvatarImageUrl', 'internAvatarImageUrl'] as const;

export const personsRepository = {
  /** The acting person's own row; there is no lookup of other persons here. */
  async findSelf(db: DbOrTx, owner: OwnerScope): Promise<PersonRow | undefined> {
    const [row] = await db.select().from(persons).where(eq(persons.id, owner.personId)).limit(1);
    return row;
  },

  async lockSelf(tx: DbOrTx, owner: OwnerScope): Promise<PersonRow | undefined> {
    const [row] = await tx.select().from(persons).where(eq(persons.id, owner.personId)).for('update');
    return row;
  },

  async updateSelf(
    tx: DbOrTx,
    owner: OwnerScope,
    fields: PersonFields & { setupCompleted?: boolean },
  ): Promise<PersonRow | undefined> {
    const [row] = await tx
      .update(persons)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(persons.id, owner.personId))
      .returning();
    return row;
  },

  async setAvatarColumn(tx: DbOrTx, owner: OwnerScope, scope: ImageScope, url: string | null): Promise<void> {
    await tx
      .update(persons)
      .set({ [AVATAR_COLUMN[scope]]: url, updatedAt: new Date() })
      .where(eq(persons.id, owner.personId));
  },

  async insert(tx: DbOrTx, values: { firstName: string; lastName: string }): Promise<string> {
    const [row] = await tx.insert(persons).values(values).returning({ id: persons.id });
    return row!.id;
  },

  async delete(tx: DbOrTx, owner: OwnerScope): Promise<boolean> {
    const rows = await tx.delete(persons).where(eq(persons.id, owner.personId)).returning({ id: persons.id });
    return rows.length > 0;
  },

  // ---------------------------------------------------------------- identities (issuer + subject → person)

  /** Links the subject to the person; undefined when another request linked it first. */
  async linkIdentity(
    tx: DbOrTx,
    values: { issuer: string; subject: string; personId: string },
  ): Promise<string | undefined> {
    const [link] = await tx
      .insert(identities)
      .values(values)
      .onConflictDoNothing()
      .returning({ personId: identities.personId });
    return link?.personId;
  },

  async subjectsOf(db: DbOrTx, owner: OwnerScope): Promise<string[]> {
    const rows = await db
      .select({ subject: identities.subject })
      .from(identities)
      .where(eq(identities.personId, owner.personId));
    return rows.map((r) => r.subject);
  },

  // ---------------------------------------------------------------- avatars (general and per club)

  async images(db: DbOrTx, owner: OwnerScope): Promise<PersonImageRow[]> {
    return db.select().from(personImages).where(eq(personImages.personId, owner.personId));
  },

  /** Points the owner's avatar of this scope (and club) at the url; returns the image it replaced. */
  async putImage(
    tx: DbOrTx,
    owner: OwnerScope,
    image: { scope: ImageScope; tenantId: string | null; url: string; thumbnailUrl: string },
  ): Promise<PersonImageRow | undefined> {
    const where = and(
      eq(personImages.personId, owner.personId),
      eq(personImages.scope, image.scope),
      image.tenantId ? eq(personImages.tenantId, image.tenantId) : isNull(personImages.tenantId),
    );
    const [previous] = await tx.select().from(personImages).where(where).for('update');
    if (previous)
      await tx
        .update(personImages)
        .set({ url: image.url, thumbnailUrl: image.thumbnailUrl, createdAt: new Date() })
        .where(eq(personImages.id, previous.id));
    else await tx.insert(personImages).values({ personId: owner.personId, ...image });
    return previous;
  },

  /** Removes the person's image of one scope, generally or for one club; the removed row, if there was one. */
  async deleteImage(
    tx: DbOrTx,
    owner: OwnerScope,
    image: { scope: ImageScope; tenantId: string | null },
  ): Promise<PersonImageRow | undefined> {
    const [removed] = await tx
      .delete(personImages)
      .where(
        and(
          eq(personImages.personId, owner.personId),
          eq(personImages.scope, image.scope),
          image.tenantId ? eq(personImages.tenantId, image.tenantId) : isNull(personImages.tenantId),
        ),
      )
      .returning();
    return removed;
  },
};
