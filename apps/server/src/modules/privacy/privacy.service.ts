import {
  APPROVAL_KINDS,
  CURRENT_APPROVAL_VERSION,
  type Approval,
  type ApprovalKind,
} from '@vereinsheim/contracts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { collator } from '../../lib/intl.ts';
import { authorize, loadActorScope, notVisible, type Actor, type OwnerScope } from '../../policy/index.ts';
import { writeLog } from '../activity-log/index.ts';
import { privacyRepository as repo } from './privacy.repository.ts';

/** Per club: privacy notice and terms, approved or not, with version and date. */
async function approvalsFor(
  db: DbOrTx,
  owner: OwnerScope,
  tenantIds: readonly string[],
): Promise<Approval[]> {
  if (!tenantIds.length) return [];
  const [clubs, rows] = await Promise.all([
    repo.clubNames(db, tenantIds),
    repo.approvalsOf(db, owner, tenantIds),
  ]);
  clubs.sort((a, b) => collator('de').compare(a.name, b.name));
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
}

/**
 * Privacy is accepted when the person has approved the privacy notice of every club they belong to
 * (the `person_privacyaccepted` claim; asked without a request, so the clubs are read here).
 */
export async function privacyAccepted(db: DbOrTx, owner: OwnerScope): Promise<boolean> {
  const { tenantIds } = await loadActorScope(db, owner.personId);
  if (tenantIds.length === 0) return false;
  const rows = await repo.approvalsOf(db, owner, tenantIds);
  const approved = new Set(rows.filter((r) => r.kind === 'privacy').map((r) => r.tenantId));
  return tenantIds.every((id) => approved.has(id));
}

export const privacyService = {
  /** Per club of the actor: privacy notice and terms, approved or not, with version and date. */
  async list(db: DbOrTx, actor: Actor): Promise<Approval[]> {
    return approvalsFor(db, actor, (await actor.scope()).tenantIds);
  },

  /** Approves a club's privacy notice or terms (current version); only clubs of the person (else 404). */
  async approve(
    db: Database,
    actor: Actor,
    input: { tenantId: string; kind: ApprovalKind },
  ): Promise<Approval[]> {
    await authorize(actor, 'club.view', { type: 'club', tenantId: input.tenantId });
    await db.transaction(async (tx) => {
      const [club] = await repo.clubNames(tx, [input.tenantId]);
      if (!club) throw notVisible('club');
      await repo.approve(tx, actor, { ...input, version: CURRENT_APPROVAL_VERSION });
      await writeLog(tx, {
        personId: actor.personId,
        actorPersonId: actor.personId,
        action: 'approved',
        entityKind: 'approval',
        tenantId: input.tenantId,
        summary: {
          key: 'log.approval.approved',
          params: {
            document: { key: `log.approvalKind.${input.kind}` },
            club: club.name,
            version: CURRENT_APPROVAL_VERSION,
          },
        },
      });
    });
    return privacyService.list(db, actor);
  },
};
