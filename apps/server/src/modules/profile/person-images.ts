import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { personImages } from '../../db/schema/index.ts';

export type TenantAvatars = Partial<Record<0 | 1 | 2, string>>;

/** The person's per-club avatars by tenant id and scope (for the tenant summaries). */
export async function tenantAvatarsOf(db: DbOrTx, personId: string): Promise<Map<string, TenantAvatars>> {
  const rows = await db
    .select({ tenantId: personImages.tenantId, scope: personImages.scope, url: personImages.url })
    .from(personImages)
    .where(eq(personImages.personId, personId));
  const map = new Map<string, TenantAvatars>();
  for (const row of rows) {
    if (!row.tenantId) continue;
    const entry = map.get(row.tenantId) ?? {};
    entry[row.scope as 0 | 1 | 2] = row.url;
    map.set(row.tenantId, entry);
  }
  return map;
}
