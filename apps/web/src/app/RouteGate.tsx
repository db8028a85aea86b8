import { pathTo } from '@vereinsheim/contracts/routes';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useSession } from '../shared/auth/session-context.tsx';
import { useMyTenants } from '../shared/tenant-selection/tenants.ts';
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

export function RouteGate({ gate, children }: { gate: Gate | undefined; children: ReactNode }) {
  if (gate === 'privacy') return <PrivacyGate>{children}</PrivacyGate>;
  if (gate === 'validation') return <ValidationGate>{children}</ValidationGate>;
  return children;
}
