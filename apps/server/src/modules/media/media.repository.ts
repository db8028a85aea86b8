import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fileBlobs } from '../../db/schema/index.ts';

export const fileBlobsRepository = {
  /** Content-addressed names: a second put of the same name keeps the first (identical) bytes. */
  async put(db: DbOrTx, name: string, data: Buffer): Promise<void> {
    await db
      .insert(fileBlobs)
      .values({ name, data, size: data.byteLength })
      .onConflictDoUpdate({
        target: fileBlobs.name,
        set: { data, size: data.byteLength },
      });
  },
  async get(db: DbOrTx, name: string): Promise<Buffer | null> {
    const [row] = await db.select({ data: fileBlobs.data }).from(fileBlobs).where(eq(fileBlobs.name, name));
    return row?.data ?? null;
  },
  async delete(db: DbOrTx, name: string): Promise<void> {
    await db.delete(fileBlobs).where(eq(fileBlobs.name, name));
  },
};
