import { and, eq, gte, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { approvals, identities, memberships, persons } from '../../db/schema/index.ts';

export type PersonRow = typeof persons.$inferSelect;

export const activeMembership = () =>
  or(isNull(memberships.endsOn), gte(memberships.endsOn, sql`CURRENT_DATE`));

export const personsRepository = {
  /** The acting person's own row; there is no lookup of other persons here. */
  async findSelf(db: DbOrTx, actorPersonId: string): Promise<PersonRow | undefined> {
    const [row] = await db.select().from(persons).where(eq(persons.id, actorPersonId)).limit(1);
    return row;
  },

  async subjectOf(db: DbOrTx, personId: string, issuer: string): Promise<string | null> {
    const [row] = await db
      .select({ subject: identities.subject })
      .from(identities)
      .where(and(eq(identities.personId, personId), eq(identities.issuer, issuer)))
      .limit(1);
    return row?.subject ?? null;
  },

  /** Privacy is accepted when the person has approved the privacy notice of every club they belong to. */
  async privacyAccepted(db: DbOrTx, personId: string): Promise<boolean> {
    const [row] = await db
      .select({
        clubs: sql<number>`count(distinct ${memberships.tenantId})`.mapWith(Number),
        approved: sql<number>`count(distinct ${approvals.tenantId})`.mapWith(Number),
      })
      .from(memberships)
      .leftJoin(
        approvals,
        and(
          eq(approvals.personId, memberships.personId),
          eq(approvals.tenantId, memberships.tenantId),
          eq(approvals.kind, 'privacy'),
        ),
      )
      .where(and(eq(memberships.personId, personId), activeMembership()));
    return !!row && row.clubs > 0 && row.approved === row.clubs;
  },
};
