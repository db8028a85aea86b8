export { AuthService, PERSON_ID_KEY, type BootResult, type Session } from './auth-service.ts';
export type { SessionClaims } from './claims.ts';
export { AuthProvider, useAuth, useClaims, useSession } from './session-context.tsx';
export type { TokenRecord } from './token-record.ts';
