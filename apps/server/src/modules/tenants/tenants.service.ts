import type { PagedQuery, TenantList, TenantSummary } from '@vereinsheim/contracts';
import type { Database } from '../../db/client.ts';
import { pagedList, pageWindow } from '../../lib/paging.ts';
import { badRequest } from '../../lib/problem.ts';
import type { Actor } from '../../plugins/auth.ts';
import { personsRepository, type PersonRow } from '../persons/persons.repository.ts';
import { tenantAvatarsOf } from '../profile/person-images.ts';
import { tenantsRepository, type TenantRow } from './tenants.repository.ts';

export function toTenantSummary(
  tenant: TenantRow & { roles: TenantSummary['roles'] },
  person: PersonRow | undefined,
  /** The person's club-specific avatars by scope (0 default, 1 extern, 2 intern). */
  clubAvatars: Partial<Record<0 | 1 | 2, string>> = {},
): TenantSummary {
  const own = clubAvatars[0] ?? person?.avatarImageUrl ?? null;
  const publicTheme = tenant.themeInfos.find((t) => t.themeType === 'public');
  return {
    id: tenant.id,
    tenantId: tenant.id,
    name: tenant.name,
    primaryUrl: tenant.primaryUrl,
    avatarImageUrl: tenant.avatarImageUrl ?? tenant.logoUrl,
    headerImageUrl: publicTheme?.detailHeaderImage ?? tenant.headerImageUrl,
    personAvatarImageUrl: own,
    personExternAvatarImageUrl: clubAvatars[1] ?? clubAvatars[0] ?? person?.externAvatarImageUrl ?? own,
    personInternAvatarImageUrl: clubAvatars[2] ?? clubAvatars[0] ?? person?.internAvatarImageUrl ?? own,
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
    const [{ rows, total }, person, clubAvatars] = await Promise.all([
      tenantsRepository.findForPerson(db, actor.personId, {
        keyword: query.keyword,
        order,
        limit: window.limit,
        offset: window.offset,
      }),
      personsRepository.findSelf(db, actor.personId),
      tenantAvatarsOf(db, actor.personId),
    ]);
    return pagedList(
      rows.map((row) => toTenantSummary(row, person, clubAvatars.get(row.id))),
      total,
      window,
      order,
    );
  },
};
