import { MAX_SELECTED_CLUBS, PRODUCT_KEY } from '@vereinsheim/contracts/constants';
import { useMemo, useSyncExternalStore } from 'react';
import { preferences, type KeyValueStore } from '../platform/storage.ts';
import { useMyTenants } from './tenants.ts';

export const TENANT_SELECTION_KEY = `${PRODUCT_KEY}_selected_tenants`;

export type ToggleResult = { ids: string[]; outcome: 'added' | 'removed' | 'limit' };

/** Adds or removes a club; a sixth club is refused (maximum 5, spec §5). */
export function toggleSelection(
  current: readonly string[],
  id: string,
  max = MAX_SELECTED_CLUBS,
): ToggleResult {
  if (current.includes(id)) return { ids: current.filter((x) => x !== id), outcome: 'removed' };
  if (current.length >= max) return { ids: [...current], outcome: 'limit' };
  return { ids: [...current, id], outcome: 'added' };
}

let selected: string[] = [];
let loaded = false;
let store: KeyValueStore = preferences;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Reads the persisted selection (once; again after resetTenantSelection). */
export function loadTenantSelection(from: KeyValueStore = store): Promise<void> {
  store = from;
  loading ??= from
    .get(TENANT_SELECTION_KEY)
    .then((raw) => {
      const value: unknown = raw ? JSON.parse(raw) : [];
      selected = Array.isArray(value)
        ? value.filter((x): x is string => typeof x === 'string').slice(0, MAX_SELECTED_CLUBS)
        : [];
    })
    .catch(() => undefined)
    .finally(() => {
      loaded = true;
      emit();
    });
  return loading;
}

/** The selection as last read or set (empty until loadTenantSelection has resolved). */
export function currentTenantSelection(): readonly string[] {
  return selected;
}

export function resetTenantSelection(to: KeyValueStore = preferences): void {
  selected = [];
  store = to;
  loading = null;
  loaded = false;
  emit();
}

export function setTenantSelection(ids: string[]): void {
  selected = ids.slice(0, MAX_SELECTED_CLUBS);
  loaded = true;
  emit();
  void store.set(TENANT_SELECTION_KEY, JSON.stringify(selected)).catch(() => undefined);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  void loadTenantSelection();
  return () => listeners.delete(listener);
}

/** The persisted club selection (at most 5 ids) and a toggle. */
export function useTenantSelection() {
  const ids = useSyncExternalStore(subscribe, () => selected);
  return {
    selectedIds: ids,
    max: MAX_SELECTED_CLUBS,
    limitReached: ids.length >= MAX_SELECTED_CLUBS,
    isSelected: (id: string) => ids.includes(id),
    toggle(id: string): ToggleResult['outcome'] {
      const result = toggleSelection(ids, id);
      if (result.outcome !== 'limit') setTenantSelection(result.ids);
      return result.outcome;
    },
    clear: () => setTenantSelection([]),
  };
}

/** Whether the persisted selection has been read (until then a list would load all clubs, then reload). */
export function useTenantSelectionLoaded(): boolean {
  return useSyncExternalStore(subscribe, () => loaded);
}

/**
 * The tenant ids later lists filter by: the selected clubs the person still belongs to, or all of the
 * person's clubs when nothing (valid) is selected.
 */
export function useSelectedTenantIds(): string[] {
  const { selectedIds } = useTenantSelection();
  const { data } = useMyTenants();
  return useMemo(() => {
    const all = data?.items.map((tenant) => tenant.id) ?? [];
    const valid = selectedIds.filter((id) => all.includes(id));
    return valid.length > 0 ? valid : all;
  }, [selectedIds, data]);
}
