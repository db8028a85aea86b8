import type { PagedQuery, TenantList, TenantSummary } from '@vereinsheim/contracts';
import type { Database } from '../../db/client.ts';
import { pagedList, pageWindow } from '../../lib/paging.ts';
import { badRequest } from '../../lib/problem.ts';
import type { Actor } from '../../plugins/auth.ts';
import { personsRepository, type PersonRow } from '../persons/persons.repository.ts';
import { tenantsRepository, type TenantRow } from './tenants.repository.ts';

export function toTenantSummary(
  tenant: TenantRow & { roles: TenantSummary['roles'] },
  person: PersonRow | undefined,
): TenantSummary {
  const publicTheme = tenant.themeInfos.find((t) => t.themeType === 'public');
  return {
    id: tenant.id,
    tenantId: tenant.id,
    name: tenant.name,
    primaryUrl: tenant.primaryUrl,
    avatarImageUrl: tenant.avatarImageUrl ?? tenant.logoUrl,
    headerImageUrl: publicTheme?.detailHeaderImage ?? tenant.headerImageUrl,
    personAvatarImageUrl: person?.avatarImageUrl ?? null,
    personExternAvatarImageUrl: person?.externAvatarImageUrl ?? person?.avatarImageUrl ?? null,
    personInternAvatarImageUrl: person?.internAvatarImageUrl ?? person?.avatarImageUrl ?? null,
    themeInfos: tenant.themeInfos,
    roles: tenant.roles,
  };
}

const ORDERABLE = new Set(['name']);

export const tenantsService = {
  async findMine(db: Database, actor: Actor, query: PagedQuery): Promise<TenantList> {
    const orderby = (query.orderby ?? 'name').toLowerCase();
    if (!ORDERABLE.has(orderby)) {
      throw badRequest(`Invalid orderby: clubs can be ordered by name.`, [
        { field: 'orderby', message: 'expected name' },
      ]);
    }
    const order = query.orderbytype ?? 'ascending';
    const window = pageWindow(query);
    const [{ rows, total }, person] = await Promise.all([
      tenantsRepository.findForPerson(db, actor.personId, {
        keyword: query.keyword,
        order,
        limit: window.limit,
        offset: window.offset,
      }),
      personsRepository.findSelf(db, actor.personId),
    ]);
    return pagedList(
      rows.map((row) => toTenantSummary(row, person)),
      total,
      window,
      order,
    );
  },
};
