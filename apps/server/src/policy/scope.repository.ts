import { and, eq, gte, isNull, or, sql } from 'drizzle-orm';
import type { MembershipRole } from '@vereinsheim/contracts';
import type { DbOrTx } from '../db/client.ts';
import { memberships, teamMembers } from '../db/schema/index.ts';
import type { ActorScope } from './actor.ts';

/** A membership counts while it has no end date or ends today or later. */
export const activeMembership = () =>
  or(isNull(memberships.endsOn), gte(memberships.endsOn, sql`CURRENT_DATE`));

/**
 * The authorization facts of one person, in two queries: active memberships with their roles and team
 * memberships. The policy reads these tables (never writes them); the tenants and teams modules own them.
 */
export async function loadActorScope(db: DbOrTx, personId: string): Promise<ActorScope> {
  const [rows, teams] = await Promise.all([
    db
      .select({ tenantId: memberships.tenantId, role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.personId, personId), activeMembership())),
    db
      .selectDistinct({ teamId: teamMembers.teamId })
      .from(teamMembers)
      .where(eq(teamMembers.personId, personId)),
  ]);
  const roles = new Map<string, Set<MembershipRole>>();
  for (const { tenantId, role } of rows) {
    const set = roles.get(tenantId) ?? new Set<MembershipRole>();
    set.add(role);
    roles.set(tenantId, set);
  }
  return {
    personId,
    tenantIds: [...roles.keys()].sort(),
    roles,
    teamIds: teams.map((t) => t.teamId).sort(),
  };
}
