/**
 * The one authorization module: the policy table (who may do what), the actor's scope (clubs, roles,
 * teams; loaded once per request) and the one way to refuse (404 not visible, 403 not allowed).
 * It imports nothing from modules/; modules ask it.
 */
export type { Actor, ActorScope, OwnerScope } from './actor.ts';
export { rolesIn } from './actor.ts';
export {
  authorize,
  authorizeClubFilter,
  can,
  clubsWhere,
  decide,
  notAllowed,
  notVisible,
  type Decision,
} from './authorize.ts';
export {
  describePolicy,
  POLICY,
  type Action,
  type OwnedKind,
  type Subject,
  type SubjectFor,
  type SubjectType,
} from './policy.ts';
export { activeMembership, loadActorScope, readSubjectScope, type ScopeRead } from './scope.repository.ts';
