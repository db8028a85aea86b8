import { and, eq, inArray } from 'drizzle-orm';
import type { ApprovalKind } from '@vereinsheim/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { approvals, tenants } from '../../db/schema/index.ts';
import type { OwnerScope } from '../../policy/index.ts';

export type ApprovalRow = typeof approvals.$inferSelect;

export const privacyRepository = {
  /** The owner's approvals for these clubs. */
  async approvalsOf(db: DbOrTx, owner: OwnerScope, tenantIds: readonly string[]): Promise<ApprovalRow[]> {
    if (tenantIds.length === 0) return [];
    return db
      .select()
      .from(approvals)
      .where(and(eq(approvals.personId, owner.personId), inArray(approvals.tenantId, [...tenantIds])));
  },

  async approve(
    tx: DbOrTx,
    owner: OwnerScope,
    input: { tenantId: string; kind: ApprovalKind; version: string },
  ): Promise<void> {
    await tx
      .insert(approvals)
      .values({ personId: owner.personId, ...input })
      .onConflictDoUpdate({
        target: [approvals.personId, approvals.tenantId, approvals.kind],
        set: { version: input.version, approvedAt: new Date() },
      });
  },

  /** Names of the clubs (display only). */
  async clubNames(db: DbOrTx, tenantIds: readonly string[]): Promise<{ id: string; name: string }[]> {
    if (tenantIds.length === 0) return [];
    return db
      .select({ id: tenants.id, name: tenants.name })
      .from(tenants)
      .where(inArray(tenants.id, [...tenantIds]));
  },
};
