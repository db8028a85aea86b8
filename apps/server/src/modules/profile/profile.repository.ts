import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { storedFiles } from '../../db/schema/index.ts';
import type { OwnerScope } from '../../policy/index.ts';

/** The files the person's uploads put into the file store (their names are content hashes). */
export const profileRepository = {
  async recordFiles(
    tx: DbOrTx,
    owner: OwnerScope,
    files: { name: string; contentType: string; size: number }[],
  ): Promise<void> {
    if (files.length === 0) return;
    await tx
      .insert(storedFiles)
      .values(files.map((f) => ({ ...f, personId: owner.personId })))
      .onConflictDoNothing();
  },

  async forgetFiles(tx: DbOrTx, owner: OwnerScope, names: string[]): Promise<void> {
    if (names.length === 0) return;
    await tx
      .delete(storedFiles)
      .where(and(eq(storedFiles.personId, owner.personId), inArray(storedFiles.name, names)));
  },

  async fileNamesOf(db: DbOrTx, owner: OwnerScope): Promise<string[]> {
    const rows = await db
      .select({ name: storedFiles.name })
      .from(storedFiles)
      .where(eq(storedFiles.personId, owner.personId));
    return rows.map((r) => r.name);
  },
};
