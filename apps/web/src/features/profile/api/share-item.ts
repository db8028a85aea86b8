import type { PersonalItemKind } from '@vereinsheim/contracts/personal-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client.ts';
import { ITEM_SCHEMAS, type PersonalItem } from './item-kinds.ts';
import { itemsQueryOptions } from './get-items.ts';
import { profileKeys } from './keys.ts';

export type ShareScope = 'default' | 'intern' | 'extern';

export interface ShareChange {
  item: PersonalItem;
  tenantId: string;
  scope: ShareScope;
  on: boolean;
}

/**
 * intern/extern: POST /api/me/{kind}/{id}/share/{scope}[/remove] with { tenantId, entityId };
 * default: PUT /api/me/{kind}/{id}/share with the new set of clubs holding the item.
 */
export function shareItem(kind: PersonalItemKind, change: ShareChange) {
  const { item, tenantId, scope, on } = change;
  const base = `me/${kind}/${encodeURIComponent(item.id)}/share`;
  if (scope === 'default') {
    const current = item.scopedSharingTenants
      .filter((t) => t.isDefault || t.isIntern || t.isExtern)
      .map((t) => t.id);
    const tenantIds = on ? [...new Set([...current, tenantId])] : current.filter((id) => id !== tenantId);
    return apiRequest(base, ITEM_SCHEMAS[kind], { method: 'PUT', body: { tenantIds } });
  }
  return apiRequest(`${base}/${scope}${on ? '' : '/remove'}`, ITEM_SCHEMAS[kind], {
    method: 'POST',
    body: { tenantId, entityId: item.id },
  });
}

export function useShareItem(kind: PersonalItemKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ShareChange) => shareItem(kind, change),
    onSuccess: (updated) => {
      queryClient.setQueryData(itemsQueryOptions(kind).queryKey, (items) =>
        items?.map((i) => (i.id === updated.id ? updated : i)),
      );
      return queryClient.invalidateQueries({ queryKey: profileKeys.me() });
    },
  });
}
