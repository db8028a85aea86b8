import { eq } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { serverKeys } from './schema/index.ts';

/**
 * A key shared by every instance on the database: the stored one, or `create()`'s value stored now.
 * Two instances starting at once both try to insert; ON CONFLICT DO NOTHING lets the first win and
 * both then read the same row (ADR 0015).
 */
export async function sharedKey<T>(db: DbOrTx, name: string, create: () => T | Promise<T>): Promise<T> {
  const existing = await readKey<T>(db, name);
  if (existing !== undefined) return existing;
  const value = await create();
  await db.insert(serverKeys).values({ name, value }).onConflictDoNothing();
  const stored = await readKey<T>(db, name);
  if (stored === undefined) throw new Error(`server key ${name} vanished`);
  return stored;
}

async function readKey<T>(db: DbOrTx, name: string): Promise<T | undefined> {
  const [row] = await db
    .select({ value: serverKeys.value })
    .from(serverKeys)
    .where(eq(serverKeys.name, name));
  return row ? (row.value as T) : undefined;
}
