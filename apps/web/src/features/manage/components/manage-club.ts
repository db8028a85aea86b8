import type { MembershipRole } from '@vereinsheim/contracts/enums';
import { useMemo, useSyncExternalStore } from 'react';
import { useMyTenants, useSelectedTenantIds } from '../../../shared/tenant-selection/index.ts';

/** Roles that open 'Verein verwalten' (each area then asks for its own, see MANAGE_AREAS). */
export const MANAGE_ROLES: MembershipRole[] = ['organiser', 'committee', 'admin'];

/** The areas of /manage and who sees each link (the server decides again on every call). */
export const MANAGE_AREAS = [
  { key: 'events', path: '/manage/events', roles: ['organiser', 'committee', 'admin'] },
  { key: 'news', path: '/manage/news', roles: ['organiser', 'committee', 'admin'] },
  { key: 'messages', path: '/manage/messages', roles: ['committee', 'admin'] },
  { key: 'members', path: '/manage/members', roles: ['admin'] },
  { key: 'invoices', path: '/manage/invoices', roles: ['committee', 'admin'] },
  { key: 'clubSettings', path: '/manage/club', roles: ['committee', 'admin'] },
  { key: 'invitations', path: '/manage/invitations', roles: ['admin'] },
  { key: 'chatReports', path: '/manage/chat-reports', roles: ['admin'] },
] as const satisfies readonly { key: string; path: string; roles: MembershipRole[] }[];

export interface ManageClub {
  id: string;
  name: string;
  roles: MembershipRole[];
}

/** Clubs the person manages: with one of MANAGE_ROLES, narrowed to the selected clubs when any is selected. */
export function useManageClubs(): { clubs: ManageClub[]; isPending: boolean } {
  const { data, isPending } = useMyTenants();
  const selected = useSelectedTenantIds();
  const clubs = useMemo(() => {
    const all = (data?.items ?? [])
      .filter((t) => t.roles.some((r) => MANAGE_ROLES.includes(r)))
      .map((t) => ({ id: t.id, name: t.name, roles: t.roles }));
    const narrowed = all.filter((c) => selected.includes(c.id));
    return narrowed.length ? narrowed : all;
  }, [data, selected]);
  return { clubs, isPending };
}

const KEY = 'vereinsheim_manage_club';
const listeners = new Set<() => void>();
function read(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function chooseManageClub(id: string) {
  try {
    sessionStorage.setItem(KEY, id);
  } catch {
    // Private mode: the choice lasts until reload.
  }
  for (const l of listeners) l();
}

/** The club the manage pages act for: the chosen one if still managed, else the first. */
export function useManageClub(): { club: ManageClub | null; clubs: ManageClub[]; isPending: boolean } {
  const { clubs, isPending } = useManageClubs();
  const chosen = useSyncExternalStore((l) => {
    listeners.add(l);
    return () => listeners.delete(l);
  }, read);
  const club = clubs.find((c) => c.id === chosen) ?? clubs[0] ?? null;
  return { club, clubs, isPending };
}
