import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database, DbOrTx } from '../db/client.ts';
import { oidcModels } from '../db/schema/index.ts';

/** Rows of a kind that share one `grantId` (tokens, codes) are revoked together. */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
]);

type Row = typeof oidcModels.$inferSelect;

function live(row: Row | undefined): AdapterPayload | undefined {
  if (!row) return undefined;
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return undefined;
  const payload = row.payload as AdapterPayload;
  return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
}

/** oidc-provider's storage on the `oidc_models` table: one row per model instance, keyed by kind and id. */
export function databaseAdapter(db: Database) {
  return class DatabaseAdapter implements Adapter {
    private readonly kind: string;

    constructor(kind: string) {
      this.kind = kind;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const values = {
        payload,
        grantId: GRANTABLE.has(this.kind) ? (payload.grantId ?? null) : null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        accountId: typeof payload.accountId === 'string' ? payload.accountId : null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insert(oidcModels)
        .values({ kind: this.kind, id, ...values })
        .onConflictDoUpdate({ target: [oidcModels.kind, oidcModels.id], set: values });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select()
        .from(oidcModels)
        .where(and(eq(oidcModels.kind, this.kind), eq(oidcModels.id, id)))
        .limit(1);
      return live(row);
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select()
        .from(oidcModels)
        .where(and(eq(oidcModels.kind, this.kind), eq(oidcModels.userCode, userCode)))
        .limit(1);
      return live(row);
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select()
        .from(oidcModels)
        .where(and(eq(oidcModels.kind, this.kind), eq(oidcModels.uid, uid)))
        .limit(1);
      return live(row);
    }

    async consume(id: string): Promise<void> {
      await db
        .update(oidcModels)
        .set({ consumedAt: new Date() })
        .where(and(eq(oidcModels.kind, this.kind), eq(oidcModels.id, id)));
    }

    async destroy(id: string): Promise<void> {
      await db.delete(oidcModels).where(and(eq(oidcModels.kind, this.kind), eq(oidcModels.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(oidcModels).where(and(eq(oidcModels.kind, this.kind), eq(oidcModels.grantId, grantId)));
    }
  };
}

/** Deletes expired rows; run now and then. */
export async function purgeExpiredModels(db: Database): Promise<void> {
  await db.delete(oidcModels).where(lt(oidcModels.expiresAt, new Date()));
}

/** Ends every session, grant and token of an account (after a password reset). */
export async function revokeAccountModels(db: DbOrTx, accountId: string): Promise<void> {
  await db
    .delete(oidcModels)
    .where(
      and(
        inArray(oidcModels.kind, ['Session', 'Grant', 'RefreshToken', 'AuthorizationCode']),
        eq(oidcModels.accountId, accountId),
      ),
    );
}
