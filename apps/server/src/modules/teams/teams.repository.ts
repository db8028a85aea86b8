import { and, asc, desc, eq, gte, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { TeamMemberRole } from '@vereinsheim/contracts';
import type { DbOrTx } from '../../db/client.ts';
import {
  events,
  persons,
  teamContactPersons,
  teamDocuments,
  teamEvents,
  teamMembers,
  teams,
  tenants,
} from '../../db/schema/index.ts';
import type { ActorScope } from '../../policy/index.ts';

export type TeamRow = typeof teams.$inferSelect;
export type TeamDocumentRow = typeof teamDocuments.$inferSelect;
export type TeamContactPersonRow = typeof teamContactPersons.$inferSelect;

export interface TeamWithCounts extends TeamRow {
  tenantName: string;
  memberCount: number;
  myRoles: TeamMemberRole[];
}

/** The acting person and the clubs they may see (the policy's scope). */
export type TeamScope = Pick<ActorScope, 'personId' | 'tenantIds'>;

/** SQL twin of the policy's `team.view` rule: the teams of the actor's clubs. */
const visibleTo = (scope: TeamScope): SQL => inArray(teams.tenantId, [...scope.tenantIds]);

/** `<column> in (ids of the teams the scope sees)`, for the child tables (none trusts its caller). */
function ofVisibleTeam(db: DbOrTx, scope: TeamScope, teamId: AnyColumn): SQL {
  return inArray(teamId, db.select({ id: teams.id }).from(teams).where(visibleTo(scope)));
}

const memberCount = sql<number>`(select count(distinct ${teamMembers.personId}) from ${teamMembers}
  where ${teamMembers.teamId} = ${teams.id})`.mapWith(Number);

const myRoles = (personId: string) =>
  sql<
    TeamMemberRole[]
  >`coalesce((select array_agg(${teamMembers.role}::text order by ${teamMembers.role}::text)
    from ${teamMembers} where ${teamMembers.teamId} = ${teams.id} and ${teamMembers.personId} = ${personId}), '{}')`;

export const teamsRepository = {
  /** The teams the person plays in or coaches, in clubs they currently belong to. */
  async findForPerson(
    db: DbOrTx,
    scope: TeamScope,
    page: { order: 'ascending' | 'descending'; limit: number; offset: number },
  ): Promise<{ rows: TeamWithCounts[]; total: number }> {
    const personId = scope.personId;
    const where = and(
      sql`exists (select 1 from ${teamMembers} where ${teamMembers.teamId} = ${teams.id} and ${teamMembers.personId} = ${personId})`,
      visibleTo(scope),
    );
    const dir = page.order === 'ascending' ? asc : desc;
    const rows = await db
      .select({ team: teams, tenantName: tenants.name, memberCount, myRoles: myRoles(personId) })
      .from(teams)
      .innerJoin(tenants, eq(tenants.id, teams.tenantId))
      .where(where)
      .orderBy(dir(teams.name), dir(teams.id))
      .limit(page.limit)
      .offset(page.offset);
    const [count] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(teams)
      .where(where);
    return {
      rows: rows.map((r) => ({
        ...r.team,
        tenantName: r.tenantName,
        memberCount: r.memberCount,
        myRoles: r.myRoles,
      })),
      total: count?.n ?? 0,
    };
  },

  /** A team the actor may see: one of a club the actor belongs to (optionally: of that tenant). */
  async findVisible(
    db: DbOrTx,
    scope: TeamScope,
    teamId: string,
    tenantId?: string,
  ): Promise<TeamWithCounts | undefined> {
    const [row] = await db
      .select({ team: teams, tenantName: tenants.name, memberCount, myRoles: myRoles(scope.personId) })
      .from(teams)
      .innerJoin(tenants, eq(tenants.id, teams.tenantId))
      .where(and(eq(teams.id, teamId), tenantId ? eq(teams.tenantId, tenantId) : undefined, visibleTo(scope)))
      .limit(1);
    return row
      ? { ...row.team, tenantName: row.tenantName, memberCount: row.memberCount, myRoles: row.myRoles }
      : undefined;
  },

  async members(
    db: DbOrTx,
    scope: TeamScope,
    team: { id: string },
  ): Promise<
    {
      personId: string;
      firstName: string;
      lastName: string;
      avatarImageUrl: string | null;
      roles: TeamMemberRole[];
    }[]
  > {
    const rows = await db
      .select({
        personId: persons.id,
        firstName: persons.firstName,
        lastName: persons.lastName,
        avatarImageUrl: sql<
          string | null
        >`coalesce(${persons.externAvatarImageUrl}, ${persons.avatarImageUrl})`,
        roles: sql<TeamMemberRole[]>`array_agg(${teamMembers.role}::text order by ${teamMembers.role}::text)`,
      })
      .from(teamMembers)
      .innerJoin(persons, eq(persons.id, teamMembers.personId))
      .where(and(eq(teamMembers.teamId, team.id), ofVisibleTeam(db, scope, teamMembers.teamId)))
      .groupBy(persons.id)
      .orderBy(asc(persons.lastName), asc(persons.firstName), asc(persons.id));
    return rows;
  },

  /** The team's next events of its own club: not cancelled, not yet over, soonest first. */
  async upcomingEvents(
    db: DbOrTx,
    scope: TeamScope,
    team: { id: string; tenantId: string },
    now: Date,
    limit = 10,
  ): Promise<
    {
      id: string;
      name: string;
      startsAt: Date;
      endsAt: Date;
      placeName: string | null;
      city: string | null;
    }[]
  > {
    return db
      .select({
        id: events.id,
        name: events.name,
        startsAt: events.startsAt,
        endsAt: events.endsAt,
        placeName: events.placeName,
        city: events.city,
      })
      .from(teamEvents)
      .innerJoin(events, eq(events.id, teamEvents.eventId))
      .where(
        and(
          eq(teamEvents.teamId, team.id),
          ofVisibleTeam(db, scope, teamEvents.teamId),
          eq(events.tenantId, team.tenantId),
          eq(events.cancelled, false),
          gte(events.endsAt, now),
        ),
      )
      .orderBy(asc(events.startsAt), asc(events.id))
      .limit(limit);
  },

  async documents(
    db: DbOrTx,
    scope: TeamScope,
    team: { id: string; tenantId: string },
  ): Promise<TeamDocumentRow[]> {
    return db
      .select()
      .from(teamDocuments)
      .where(
        and(
          eq(teamDocuments.teamId, team.id),
          eq(teamDocuments.tenantId, team.tenantId),
          ofVisibleTeam(db, scope, teamDocuments.teamId),
        ),
      )
      .orderBy(desc(teamDocuments.createdAt), asc(teamDocuments.id));
  },

  async document(
    db: DbOrTx,
    scope: TeamScope,
    team: { id: string; tenantId: string },
    documentId: string,
  ): Promise<TeamDocumentRow | undefined> {
    const [row] = await db
      .select()
      .from(teamDocuments)
      .where(
        and(
          eq(teamDocuments.id, documentId),
          eq(teamDocuments.teamId, team.id),
          eq(teamDocuments.tenantId, team.tenantId),
          ofVisibleTeam(db, scope, teamDocuments.teamId),
        ),
      )
      .limit(1);
    return row;
  },

  async contactPersons(
    db: DbOrTx,
    scope: TeamScope,
    team: { id: string; tenantId: string },
  ): Promise<(TeamContactPersonRow & { avatarImageUrl: string | null })[]> {
    const rows = await db
      .select({
        contact: teamContactPersons,
        avatarImageUrl: sql<
          string | null
        >`coalesce(${persons.externAvatarImageUrl}, ${persons.avatarImageUrl})`,
      })
      .from(teamContactPersons)
      .leftJoin(persons, eq(persons.id, teamContactPersons.personId))
      .where(
        and(
          eq(teamContactPersons.teamId, team.id),
          eq(teamContactPersons.tenantId, team.tenantId),
          ofVisibleTeam(db, scope, teamContactPersons.teamId),
        ),
      )
      .orderBy(asc(teamContactPersons.position), asc(teamContactPersons.name));
    return rows.map((r) => ({ ...r.contact, avatarImageUrl: r.avatarImageUrl }));
  },

  /** Records an uploaded document (the seed and the club side); undefined when the id exists already. */
  async insertDocument(db: DbOrTx, values: typeof teamDocuments.$inferInsert): Promise<string | undefined> {
    const [row] = await db
      .insert(teamDocuments)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: teamDocuments.id });
    return row?.id;
  },
};

/** A team of the scope's clubs with its members' person ids (for messages to the team), else undefined. */
export async function teamWithMemberIds(
  db: DbOrTx,
  scope: TeamScope,
  tenantId: string,
  teamId: string,
): Promise<{ id: string; tenantId: string; memberIds: string[] } | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(teamId) || !/^[0-9a-f-]{36}$/i.test(tenantId)) return undefined;
  const team = await teamsRepository.findVisible(db, scope, teamId, tenantId);
  if (!team) return undefined;
  const members = await teamsRepository.members(db, scope, team);
  return { id: team.id, tenantId: team.tenantId, memberIds: members.map((m) => m.personId) };
}
