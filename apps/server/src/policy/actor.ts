import type { JWTPayload } from 'jose';
import type { MembershipRole } from '@vereinsheim/contracts';

/**
 * What the policy knows about the acting person: the clubs they currently belong to (the club ids they
 * may see), their roles there and their teams. Loaded once per request (see `Actor.scope`).
 */
export interface ActorScope {
  readonly personId: string;
  /** Clubs with an active membership (any role): the club ids the actor may see. */
  readonly tenantIds: readonly string[];
  /** Active roles per club. */
  readonly roles: ReadonlyMap<string, ReadonlySet<MembershipRole>>;
  /** Teams the actor belongs to (any team role). */
  readonly teamIds: readonly string[];
}

/** Person-owned data is scoped by its owner alone: `{ personId }` of the actor. */
export interface OwnerScope {
  readonly personId: string;
}

/** The authenticated person of a request (built by plugins/auth.ts from the bearer token). */
export interface Actor extends OwnerScope {
  readonly issuer: string;
  readonly subject: string;
  readonly claims: JWTPayload;
  /** How the request was authenticated: a bearer header, or the web app's session cookie (ADR 0009). */
  readonly via: 'bearer' | 'session';
  /**
   * The actor's clubs, roles and teams; read from the database on first use and kept for the request.
   * A service that authorizes inside a transaction loads it before opening the transaction (PGlite
   * has one connection: a query beside an open transaction waits for it forever).
   */
  scope(): Promise<ActorScope>;
}

export function rolesIn(scope: ActorScope, tenantId: string): ReadonlySet<MembershipRole> {
  return scope.roles.get(tenantId) ?? new Set();
}
