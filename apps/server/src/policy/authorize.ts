import { HttpProblem } from '../lib/problem.ts';
import type { Actor, ActorScope } from './actor.ts';
import { POLICY, type Action, type AnyPolicyEntry, type Subject, type SubjectFor } from './policy.ts';

/** The noun of a subject in problem codes: `event.notFound`, `address.notFound`, … */
function nounOf(subject: Subject): string {
  return subject.type === 'owned' ? subject.what : subject.type;
}

/**
 * The one answer for a subject the actor may not know about — unknown, malformed, another club's or
 * another person's id alike: 404 with the code `<noun>.notFound`.
 */
export function notVisible(noun: string): HttpProblem {
  return new HttpProblem(404, `No such ${noun}.`, { code: `${noun}.notFound` });
}

/** The answer for an action on a visible subject that the actor's roles do not allow: 403 `<action>.forbidden`. */
export function notAllowed(action: Action): HttpProblem {
  return new HttpProblem(403, `Your roles do not allow ${action}.`, { code: `${action}.forbidden` });
}

export type Decision = 'allowed' | 'notVisible' | 'notAllowed';

/** Evaluates one row of the policy table against an already loaded scope. */
export function decide<A extends Action>(scope: ActorScope, action: A, subject: SubjectFor<A>): Decision {
  const entry: AnyPolicyEntry = POLICY[action];
  if (entry.subject !== subject.type)
    throw new Error(`${action} is about a ${entry.subject}, not a ${subject.type}`);
  // The subject's type matches the row's (checked above and by the signature).
  const s = subject as never;
  if (!entry.see(scope, s)) return 'notVisible';
  if (entry.may && !entry.may(scope, s)) return 'notAllowed';
  return 'allowed';
}

/** Whether the actor may do the action on the subject (for filtering; use `authorize` to refuse). */
export async function can<A extends Action>(
  actor: Actor,
  action: A,
  subject: SubjectFor<A>,
): Promise<boolean> {
  return decide(await scopeFor(actor, action), action, subject) === 'allowed';
}

/**
 * The scope a row needs: rows whose rules only compare owners (`own.read`, `own.write`) are decided on
 * the person id alone, without reading memberships; any access to club facts there would throw.
 */
async function scopeFor(actor: Actor, action: Action): Promise<ActorScope> {
  const entry: AnyPolicyEntry = POLICY[action];
  if (entry.see.usesScope || entry.may?.usesScope) return actor.scope();
  const unloaded = () => {
    throw new Error(`${action}: a rule read club facts without declaring usesScope`);
  };
  return {
    personId: actor.personId,
    get tenantIds() {
      return unloaded();
    },
    get roles() {
      return unloaded();
    },
    get teamIds() {
      return unloaded();
    },
  };
}

/**
 * Refuses unless the policy table allows the action: 404 when the actor may not see the subject,
 * 403 when they see it but their roles do not allow the action (docs/decisions/0006).
 */
export async function authorize<A extends Action>(
  actor: Actor,
  action: A,
  subject: SubjectFor<A>,
): Promise<void> {
  const decision = decide(await scopeFor(actor, action), action, subject);
  if (decision === 'notVisible') throw notVisible(nounOf(subject));
  if (decision === 'notAllowed') throw notAllowed(action);
}

/** The actor's clubs in which the action on the club is allowed (e.g. whose team posts they may read). */
export async function clubsWhere(actor: Actor, action: Action): Promise<string[]> {
  const scope = await actor.scope();
  return scope.tenantIds.filter(
    (tenantId) => decide(scope, action, { type: 'club', tenantId } as never) === 'allowed',
  );
}

/**
 * A list's club filter (`tenantIds`): every id must be one of the actor's clubs ('club.view'), else 404 like
 * any other club the actor cannot see. Returns the ids, or undefined for no filter.
 */
export async function authorizeClubFilter(
  actor: Actor,
  tenantIds: readonly string[] | undefined,
): Promise<string[] | undefined> {
  if (!tenantIds || tenantIds.length === 0) return undefined;
  const unique = [...new Set(tenantIds)];
  for (const tenantId of unique) await authorize(actor, 'club.view', { type: 'club', tenantId });
  return unique;
}
