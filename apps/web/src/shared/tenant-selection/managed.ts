import type { MembershipRole } from '@vereinsheim/contracts/enums';
import { useMemo, useState } from 'react';
import { useMyTenants } from './tenants.ts';

/**
 * The person's clubs where they hold one of `roles` (the club side, ADR 0019), and the one chosen on the page
 * (the first unless the person picks another). The server decides again on every call.
 */
export function useManagedClub(roles: readonly MembershipRole[]) {
  const query = useMyTenants();
  const clubs = useMemo(
    () => (query.data?.items ?? []).filter((t) => t.roles.some((r) => roles.includes(r))),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the roles are a constant of the calling page
    [query.data],
  );
  const [picked, setPicked] = useState<string | null>(null);
  const club = clubs.find((c) => c.id === picked) ?? clubs[0] ?? null;
  return { clubs, club, setClub: setPicked, isPending: query.isPending };
}
