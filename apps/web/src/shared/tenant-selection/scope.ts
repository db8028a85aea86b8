import type { TenantSummary } from '@vereinsheim/contracts/tenant';
import { useMemo } from 'react';
import { setTenantSelection, useTenantSelection, useTenantSelectionLoaded } from './selection.ts';
import { useMyTenants } from './tenants.ts';

/** The value of the club switch meaning "no filter: all the person's clubs". */
export const ALL_CLUBS = 'all';

/** Which clubs news, events, the calendar, invoices and the dashboard show (the persisted club selection). */
export interface ClubScope {
  /** The clubs to send as `tenantIds`; undefined: all the person's clubs (no filter). */
  tenantIds: string[] | undefined;
  /** The selected clubs the person still belongs to, in the order of the club list; empty for all clubs. */
  clubs: TenantSummary[];
  /** All the person's clubs (the switch's choices). */
  allClubs: TenantSummary[];
  /** False until the stored selection and the person's clubs are known: lists wait, so they load once. */
  ready: boolean;
  /** Shows one club, or all of them again (ALL_CLUBS). */
  choose(id: string): void;
}

/**
 * The selected clubs among the person's clubs, in the order of the club list, and the `tenantIds` a club-scoped
 * list sends (undefined: no filter, all clubs). One rule for the hook below and the dashboard's start-up prefetch.
 */
export function scopeClubs(
  allClubs: readonly TenantSummary[],
  selectedIds: readonly string[],
): Pick<ClubScope, 'clubs' | 'tenantIds'> {
  const clubs = allClubs.filter((club) => selectedIds.includes(club.id));
  return { clubs, tenantIds: clubs.length > 0 ? clubs.map((club) => club.id) : undefined };
}

/**
 * One shared scope for every club-scoped list. A selection of clubs the person has left falls back to all
 * clubs, so a list never asks the server for a club it would refuse.
 */
export function useClubScope(): ClubScope {
  const { selectedIds } = useTenantSelection();
  const selectionLoaded = useTenantSelectionLoaded();
  const tenants = useMyTenants();
  const tenantsKnown = tenants.isSuccess || tenants.isError;
  const items = tenants.data?.items;
  return useMemo(() => {
    const allClubs = items ?? [];
    return {
      ...scopeClubs(allClubs, selectedIds),
      allClubs,
      ready: selectionLoaded && tenantsKnown,
      choose: (id: string) => setTenantSelection(id === ALL_CLUBS ? [] : [id]),
    };
  }, [items, selectedIds, selectionLoaded, tenantsKnown]);
}
