import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { AuthService, Session } from '../shared/auth/auth-service.ts';
import { parseClaims } from '../shared/auth/claims.ts';
import { AuthProvider } from '../shared/auth/session-context.tsx';

/** A signed-in session as components read it (useSession): Mia's claims unless others are given. */
export function signedInAuth(claims: Record<string, unknown> = { sub: 's', given_name: 'Mia' }): AuthService {
  const session: Session = { claims: parseClaims(claims) };
  return { session, subscribe: () => () => undefined } as unknown as AuthService;
}

/**
 * What the shell puts around a page for a signed-in person: a query client (without retries unless one is given),
 * the session (Mia's unless given) and a router (at '/' unless given).
 */
export function SignedIn({
  children,
  queryClient,
  auth,
  initialEntries,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  auth?: AuthService;
  /** The router's history, e.g. ['/inbox?c=…'] (default: '/'). */
  initialEntries?: string[];
}) {
  const [client] = useState(
    () => queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  );
  const [session] = useState(() => auth ?? signedInAuth());
  return (
    <QueryClientProvider client={client}>
      <AuthProvider auth={session}>
        <MemoryRouter initialEntries={initialEntries}>{children}</MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>
  );
}
