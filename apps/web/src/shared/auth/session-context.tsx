import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { AuthService, Session } from './auth-service.ts';

const AuthContext = createContext<AuthService | null>(null);

export function AuthProvider({ auth, children }: { auth: AuthService; children: ReactNode }) {
  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthService {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth needs an AuthProvider.');
  return auth;
}

/** The current session (null once signed out); re-renders when it changes. */
export function useSession(): Session | null {
  const auth = useAuth();
  return useSyncExternalStore(
    (listener) => auth.subscribe(listener),
    () => auth.session,
  );
}

/** Claims of the signed-in person; throws outside a session (pages only render inside one). */
export function useClaims() {
  const session = useSession();
  if (!session) throw new Error('No session.');
  return session.claims;
}
