import { and, asc, desc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { TeamMemberRole } from '@vereinsheim/contracts';
import type { DbOrTx } from '../../db/client.ts';
import {
  events,
  itemSharing,
  mailAddresses,
  memberships,
  persons,
  phoneNumbers,
  teamContactPersons,
  teamDocuments,
  teamEvents,
  teamMembers,
  teams,
  tenants,
} from '../../db/schema/index.ts';
import { activeMembership } from '../persons/persons.repository.ts';

export type TeamRow = typeof teams.$inferSelect;
export type TeamDocumentRow = typeof teamDocuments.$inferSelect;
export type TeamContactPersonRow = typeof teamContactPersons.$inferSelect;

export interface TeamWithCounts extends TeamRow {
  tenantName: string;
  memberCount: number;
  myRoles: TeamMemberRole[];
}

/** The actor is an active member (any role) of the team's club. */
const actorInClub = (personId: string) =>
  sql`exists (select 1 from ${memberships} where ${memberships.personId} = ${personId}
      and ${memberships.tenantId} = ${teams.tenantId} and ${activeMembership()})`;

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
    personId: string,
    page: { order: 'ascending' | 'descending'; limit: number; offset: number },
  ): Promise<{ rows: TeamWithCounts[]; total: number }> {
    const where = and(
      sql`exists (select 1 from ${teamMembers} where ${teamMembers.teamId} = ${teams.id} and ${teamMembers.personId} = ${personId})`,
      actorInClub(personId),
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
    actorPersonId: string,
    teamId: string,
    tenantId?: string,
  ): Promise<TeamWithCounts | undefined> {
    const [row] = await db
      .select({ team: teams, tenantName: tenants.name, memberCount, myRoles: myRoles(actorPersonId) })
      .from(teams)
      .innerJoin(tenants, eq(tenants.id, teams.tenantId))
      .where(
        and(
          eq(teams.id, teamId),
          tenantId ? eq(teams.tenantId, tenantId) : undefined,
          actorInClub(actorPersonId),
        ),
      )
      .limit(1);
    return row
      ? { ...row.team, tenantName: row.tenantName, memberCount: row.memberCount, myRoles: row.myRoles }
      : undefined;
  },

  async members(
    db: DbOrTx,
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
      .where(eq(teamMembers.teamId, team.id))
      .groupBy(persons.id)
      .orderBy(asc(persons.lastName), asc(persons.firstName), asc(persons.id));
    return rows;
  },

  /** Mail addresses and phone numbers of these persons that they shared (intern or extern) with the club. */
  async sharedContacts(
    db: DbOrTx,
    tenantId: string,
    personIds: string[],
  ): Promise<{ mails: Map<string, string[]>; phones: Map<string, string[]> }> {
    const mails = new Map<string, string[]>();
    const phones = new Map<string, string[]>();
    if (personIds.length === 0) return { mails, phones };
    const shared = (kind: 'mail' | 'phone', itemId: typeof mailAddresses.id | typeof phoneNumbers.id) =>
      and(
        eq(itemSharing.itemKind, kind),
        eq(itemSharing.itemId, itemId),
        eq(itemSharing.tenantId, tenantId),
        or(eq(itemSharing.intern, true), eq(itemSharing.extern, true)),
      );
    const mailRows = await db
      .selectDistinct({
        personId: mailAddresses.personId,
        value: mailAddresses.email,
        createdAt: mailAddresses.createdAt,
      })
      .from(mailAddresses)
      .innerJoin(
        itemSharing,
        and(shared('mail', mailAddresses.id), eq(itemSharing.personId, mailAddresses.personId)),
      )
      .where(inArray(mailAddresses.personId, personIds))
      .orderBy(asc(mailAddresses.createdAt));
    const phoneRows = await db
      .selectDistinct({
        personId: phoneNumbers.personId,
        value: phoneNumbers.number,
        createdAt: phoneNumbers.createdAt,
      })
      .from(phoneNumbers)
      .innerJoin(
        itemSharing,
        and(shared('phone', phoneNumbers.id), eq(itemSharing.personId, phoneNumbers.personId)),
      )
      .where(inArray(phoneNumbers.personId, personIds))
      .orderBy(asc(phoneNumbers.createdAt));
    for (const r of mailRows) mails.set(r.personId, [...(mails.get(r.personId) ?? []), r.value]);
    for (const r of phoneRows) phones.set(r.personId, [...(phones.get(r.personId) ?? []), r.value]);
    return { mails, phones };
  },

  /** The team's next events of its own club: not cancelled, not yet over, soonest first. */
  async upcomingEvents(
    db: DbOrTx,
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
          eq(events.tenantId, team.tenantId),
          eq(events.cancelled, false),
          gte(events.endsAt, now),
        ),
      )
      .orderBy(asc(events.startsAt), asc(events.id))
      .limit(limit);
  },

  async documents(db: DbOrTx, team: { id: string; tenantId: string }): Promise<TeamDocumentRow[]> {
    return db
      .select()
      .from(teamDocuments)
      .where(and(eq(teamDocuments.teamId, team.id), eq(teamDocuments.tenantId, team.tenantId)))
      .orderBy(desc(teamDocuments.createdAt), asc(teamDocuments.id));
  },

  async document(
    db: DbOrTx,
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
        ),
      )
      .limit(1);
    return row;
  },

  async contactPersons(
    db: DbOrTx,
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
      .where(and(eq(teamContactPersons.teamId, team.id), eq(teamContactPersons.tenantId, team.tenantId)))
      .orderBy(asc(teamContactPersons.position), asc(teamContactPersons.name));
    return rows.map((r) => ({ ...r.contact, avatarImageUrl: r.avatarImageUrl }));
  },
};
