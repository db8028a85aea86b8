import { pathTo } from '@vereinsheim/contracts/routes';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useSession } from '../shared/auth/session-context.tsx';
import { useMyTenants } from '../shared/tenant-selection/tenants.ts';
import { useManageClubs } from '../features/manage/components/manage-club.ts';
import type { RouteGate as Gate } from './routes.tsx';

/** /privacy leads to / once privacy is accepted. */
function PrivacyGate({ children }: { children: ReactNode }) {
  const accepted = useSession()?.claims.person_privacyaccepted ?? false;
  return accepted ? <Navigate to={pathTo('dashboard')} replace /> : children;
}

/** /validation… leads to / for anyone without the reviewer role in one of their clubs. */
function ValidationGate({ children }: { children: ReactNode }) {
  const { data, isPending } = useMyTenants();
  if (isPending) return null;
  const reviewer = data?.items.some((tenant) => tenant.roles.includes('reviewer')) ?? false;
  return reviewer ? children : <Navigate to={pathTo('dashboard')} replace />;
}

/** /manage… leads to / for anyone without an organiser, committee or admin role in the selected clubs. */
function ManageGate({ children }: { children: ReactNode }) {
  const { clubs, isPending } = useManageClubs();
  if (isPending) return null;
  return clubs.length > 0 ? children : <Navigate to={pathTo('dashboard')} replace />;
}

export function RouteGate({ gate, children }: { gate: Gate | undefined; children: ReactNode }) {
  if (gate === 'privacy') return <PrivacyGate>{children}</PrivacyGate>;
  if (gate === 'validation') return <ValidationGate>{children}</ValidationGate>;
  if (gate === 'manage') return <ManageGate>{children}</ManageGate>;
  return children;
}
