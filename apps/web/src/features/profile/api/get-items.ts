import { pagedListSchema } from '@vereinsheim/contracts/paging';
import type { PersonalItemKind } from '@vereinsheim/contracts/personal-data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '../../../shared/api/client.ts';
import { ITEM_SCHEMAS, type PersonalItem } from './item-kinds.ts';
import { profileKeys } from './keys.ts';

/** GET /api/me/{kind} (ordered by CreatedAt); me/phone answers a plain list, the others a paged one. */
export async function fetchItems(kind: PersonalItemKind, signal?: AbortSignal): Promise<PersonalItem[]> {
  const item = ITEM_SCHEMAS[kind];
  if (kind === 'phone') return apiGet(`me/${kind}`, z.array(item), undefined, signal);
  const page = await apiGet(`me/${kind}`, pagedListSchema(item), { page: 1, top: 200 }, signal);
  return page.items;
}

export const itemsQueryOptions = (kind: PersonalItemKind) =>
  queryOptions({
    queryKey: profileKeys.items(kind),
    queryFn: ({ signal }) => fetchItems(kind, signal),
    staleTime: 30_000,
  });

export function useItems(kind: PersonalItemKind) {
  return useQuery(itemsQueryOptions(kind));
}
