export {
  PERSON_ID_KEY,
  type AuthService,
  type BootResult,
  type Session,
  type SignInOptions,
} from './auth-service.ts';
export { createAuthService } from './create-auth-service.ts';
export type { SessionClaims } from './claims.ts';
export { AuthProvider, useAuth, useClaims, useSession } from './session-context.tsx';
export type { TokenRecord } from './token-record.ts';
