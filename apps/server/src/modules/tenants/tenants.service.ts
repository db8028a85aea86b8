import type { TenantFindQuery, TenantList, TenantSummary } from '@vereinsheim/contracts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { pagedList, pageWindow, type PageWindow } from '../../lib/paging.ts';
import type { OwnerScope } from '../../policy/index.ts';
import { clubAvatarsOf, findSelf, type PersonRow } from '../persons/index.ts';
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
    personClubAvatarScopes: ([0, 1, 2] as const).filter((scope) => clubAvatars[scope] !== undefined),
    themeInfos: tenant.themeInfos,
    roles: tenant.roles,
  };
}

/** The person's clubs with their roles there and the person's avatars for each (by name). */
async function clubsOf(
  db: DbOrTx,
  owner: OwnerScope,
  page: { keyword?: string; order: 'ascending' | 'descending'; limit: number; offset: number },
) {
  const [{ rows, total }, person, clubAvatars] = await Promise.all([
    tenantsRepository.findForPerson(db, owner.personId, page),
    findSelf(db, owner),
    clubAvatarsOf(db, owner),
  ]);
  return { items: rows.map((row) => toTenantSummary(row, person, clubAvatars.get(row.id))), total };
}

/** All the person's clubs as summaries (the profile shows them). */
export async function clubSummariesOf(db: DbOrTx, owner: OwnerScope): Promise<TenantSummary[]> {
  return (await clubsOf(db, owner, { order: 'ascending', limit: 200, offset: 0 })).items;
}

/** Club rows by id (for display: names, logos). */
export const tenantsByIds = (db: DbOrTx, tenantIds: readonly string[]) =>
  tenantsRepository.byIds(db, tenantIds);

export const tenantExists = (db: DbOrTx, tenantId: string) => tenantsRepository.exists(db, tenantId);

/** The club's current members, once each (recipients of a club message). */
export const clubMemberIds = (db: DbOrTx, tenantId: string) => tenantsRepository.memberIds(db, tenantId);

export const tenantsService = {
  /** Ordered by name (the only `orderby`, checked by the contract). */
  async findMine(db: Database, owner: OwnerScope, query: TenantFindQuery): Promise<TenantList> {
    const order = query.orderbytype ?? 'ascending';
    const window: PageWindow = pageWindow(query);
    const { items, total } = await clubsOf(db, owner, {
      keyword: query.keyword,
      order,
      limit: window.limit,
      offset: window.offset,
    });
    return pagedList(items, total, window, order);
  },
};
