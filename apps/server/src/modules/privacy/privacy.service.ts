import { and, eq, inArray } from 'drizzle-orm';
import {
  APPROVAL_KINDS,
  CURRENT_APPROVAL_VERSION,
  type Approval,
  type ApprovalKind,
} from '@vereinsheim/contracts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { approvals, tenants } from '../../db/schema/index.ts';
import { notFound } from '../../lib/problem.ts';
import type { Actor } from '../../plugins/auth.ts';
import { writeLog } from '../activity-log/activity-log.ts';
import { tenantsRepository } from '../tenants/tenants.repository.ts';

const KIND_DE: Record<ApprovalKind, string> = {
  privacy: 'Datenschutzerklärung',
  terms: 'Nutzungsbedingungen',
};

export const privacyService = {
  /** Per club of the person: privacy notice and terms, approved or not, with version and date. */
  async list(db: DbOrTx, personId: string): Promise<Approval[]> {
    const ids = await tenantsRepository.memberTenantIds(db, personId);
    if (!ids.length) return [];
    const [clubs, rows] = await Promise.all([
      db.select({ id: tenants.id, name: tenants.name }).from(tenants).where(inArray(tenants.id, ids)),
      db
        .select()
        .from(approvals)
        .where(and(eq(approvals.personId, personId), inArray(approvals.tenantId, ids))),
    ]);
    clubs.sort((a, b) => a.name.localeCompare(b.name, 'de'));
    return clubs.flatMap((club) =>
      APPROVAL_KINDS.map((kind) => {
        const row = rows.find((r) => r.tenantId === club.id && r.kind === kind);
        return {
          tenantId: club.id,
          tenantName: club.name,
          kind,
          approved: !!row,
          version: row?.version ?? null,
          currentVersion: CURRENT_APPROVAL_VERSION,
          approvedAt: row?.approvedAt.toISOString() ?? null,
        };
      }),
    );
  },

  /** Approves a club's privacy notice or terms (current version); only clubs of the person (else 404). */
  async approve(
    db: Database,
    actor: Actor,
    input: { tenantId: string; kind: ApprovalKind },
  ): Promise<Approval[]> {
    await db.transaction(async (tx) => {
      const [member] = await tenantsRepository.memberTenantIds(tx, actor.personId, [input.tenantId]);
      if (!member) throw notFound('Unknown club.');
      const [club] = await tx
        .select({ name: tenants.name })
        .from(tenants)
        .where(eq(tenants.id, input.tenantId));
      await tx
        .insert(approvals)
        .values({
          personId: actor.personId,
          tenantId: input.tenantId,
          kind: input.kind,
          version: CURRENT_APPROVAL_VERSION,
        })
        .onConflictDoUpdate({
          target: [approvals.personId, approvals.tenantId, approvals.kind],
          set: { version: CURRENT_APPROVAL_VERSION, approvedAt: new Date() },
        });
      await writeLog(tx, {
        personId: actor.personId,
        actorPersonId: actor.personId,
        action: 'approved',
        entityKind: 'approval',
        tenantId: input.tenantId,
        summary: `${KIND_DE[input.kind]} von ${club!.name} zugestimmt (Version ${CURRENT_APPROVAL_VERSION})`,
      });
    });
    return privacyService.list(db, actor.personId);
  },
};
