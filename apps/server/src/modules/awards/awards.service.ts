import {
  credentialStatus,
  type AwardsQuery,
  type CredentialList,
  type HonorList,
} from '@vereinsheim/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { pagedList, pageWindow, type PageWindow } from '../../lib/paging.ts';
import { todayIso } from '../../lib/today.ts';
import type { Actor } from '../../plugins/auth.ts';
import { awardsRepository, type CredentialKind, type ListScope } from './awards.repository.ts';

/** Personal lists are ordered by CreatedAt (spec §9); ascending unless orderbytype says otherwise. */
function scopeOf(actor: Actor, query: AwardsQuery): { scope: ListScope; window: PageWindow } {
  const window = pageWindow(query);
  return {
    window,
    scope: {
      personId: actor.personId,
      tenantIds: query.tenantId,
      order: query.orderbytype ?? 'ascending',
      limit: window.limit,
      offset: window.offset,
    },
  };
}

export const awardsService = {
  async credentials(
    db: DbOrTx,
    actor: Actor,
    kind: CredentialKind,
    query: AwardsQuery,
    today = todayIso(),
  ): Promise<CredentialList> {
    const { scope, window } = scopeOf(actor, query);
    const { rows, total } = await awardsRepository.findCredentials(db, kind, scope);
    return pagedList(
      rows.map((row) => ({
        id: row.id,
        tenantId: row.tenantId,
        tenantName: row.tenantName,
        name: row.name,
        issuer: row.issuer,
        number: row.number,
        level: row.level,
        validFrom: row.validFrom,
        validUntil: row.validUntil,
        status: credentialStatus(row.validUntil, today),
        createdAt: row.createdAt.toISOString(),
      })),
      total,
      window,
      scope.order,
    );
  },

  async honors(db: DbOrTx, actor: Actor, query: AwardsQuery): Promise<HonorList> {
    const { scope, window } = scopeOf(actor, query);
    const { rows, total } = await awardsRepository.findHonors(db, scope);
    return pagedList(
      rows.map((row) => ({
        id: row.id,
        tenantId: row.tenantId,
        tenantName: row.tenantName,
        name: row.name,
        awardedOn: row.awardedOn,
        awardingBody: row.awardingBody,
        description: row.description,
        createdAt: row.createdAt.toISOString(),
      })),
      total,
      window,
      scope.order,
    );
  },
};
