import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { teamMembers } from '../../db/schema/index.ts';

/** The teams a person belongs to (any team role), for team-scoped posts. */
export async function teamIdsOfPerson(db: DbOrTx, personId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(eq(teamMembers.personId, personId));
  return rows.map((r) => r.teamId);
}
