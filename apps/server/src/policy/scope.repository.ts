import { and, eq, gte, isNull, or, sql } from 'drizzle-orm';
import type { MembershipRole } from '@vereinsheim/contracts';
import { preparedPerDatabase, usePrepared, type DbOrTx } from '../db/client.ts';
import { identities, memberships, teamMembers } from '../db/schema/index.ts';
import type { ActorScope } from './actor.ts';

/** A membership counts while it has no end date or ends today or later. */
export const activeMembership = () =>
  or(isNull(memberships.endsOn), gte(memberships.endsOn, sql`CURRENT_DATE`));

/**
 * When an active membership stops counting (epoch ms): the first moment of the day after its end date, in the
 * database's time zone, as `CURRENT_DATE` in `activeMembership` sees it. Null while it has no end date.
 */
const LAPSES_AT = sql<
  number | null
>`case when ${memberships.endsOn} is null then null else (extract(epoch from (${memberships.endsOn} + 1)::timestamptz) * 1000)::float8 end`;

/**
 * The authorization facts of one person, in one query (a UNION ALL of the active memberships with their roles
 * and the team memberships; ADR 0020). The policy reads these tables (never writes them); the tenants and
 * teams modules own them. `personId` is a placeholder: built once, sent as a named prepared statement.
 */
function scopeQuery(db: DbOrTx, personId: string | ReturnType<typeof sql.placeholder>) {
  return db
    .select({
      teamRow: sql<boolean>`false`,
      id: memberships.tenantId,
      role: sql<string | null>`${memberships.role}::text`,
      lapsesAt: LAPSES_AT,
    })
    .from(memberships)
    .where(and(eq(memberships.personId, personId), activeMembership()))
    .unionAll(
      db
        .select({
          teamRow: sql<boolean>`true`,
          id: teamMembers.teamId,
          role: sql<string | null>`null`,
          lapsesAt: sql<number | null>`null::float8`,
        })
        .from(teamMembers)
        .where(eq(teamMembers.personId, personId)),
    );
}

const statements = new WeakMap<object, ReturnType<ReturnType<typeof scopeQuery>['prepare']>>();

/** `prepared` defaults to DB_PREPARED (db/client.ts); scripts/bench-prepared.mjs passes both. */
export async function loadActorScope(
  db: DbOrTx,
  personId: string,
  prepared = usePrepared,
): Promise<ActorScope> {
  return (await readActorScope(db, personId, prepared)).scope;
}

/**
 * The person's scope and until when it holds without a write (epoch ms; null: until a membership or team
 * membership changes): the earliest moment one of its memberships lapses by its end date (ADR 0045).
 */
export async function readActorScope(
  db: DbOrTx,
  personId: string,
  prepared = usePrepared,
): Promise<ScopeRead> {
  let rows;
  if (prepared) {
    let statement = statements.get(db);
    if (!statement) {
      statement = scopeQuery(db, sql.placeholder('personId')).prepare('actor_scope');
      statements.set(db, statement);
    }
    rows = await statement.execute({ personId });
  } else {
    rows = await scopeQuery(db, personId);
  }
  return { scope: scopeOf(personId, rows), lapsesAt: earliestLapse(rows) };
}

/** A scope as read, and until when it holds without a write (epoch ms; null: until a write). */
export interface ScopeRead {
  scope: ActorScope;
  lapsesAt: number | null;
}

function earliestLapse(rows: { lapsesAt: number | string | null }[]): number | null {
  let earliest: number | null = null;
  for (const row of rows) {
    const at = row.lapsesAt === null ? null : Number(row.lapsesAt);
    if (at !== null && (earliest === null || at < earliest)) earliest = at;
  }
  return earliest;
}

/** The scope from the query's rows: each active membership's role, and each team. */
function scopeOf(
  personId: string,
  rows: { teamRow: boolean; id: string; role: string | null }[],
): ActorScope {
  const roles = new Map<string, Set<MembershipRole>>();
  const teams = new Set<string>();
  for (const { teamRow, id, role } of rows) {
    if (teamRow) {
      teams.add(id);
      continue;
    }
    const set = roles.get(id) ?? new Set<MembershipRole>();
    set.add(role as MembershipRole);
    roles.set(id, set);
  }
  return {
    personId,
    tenantIds: [...roles.keys()].sort(),
    roles,
    teamIds: [...teams].sort(),
  };
}

/** Built once per database handle (ADR 0034): in a storm of first requests, building it was part of each. */
const preparedSubjectScope = preparedPerDatabase((db, _key: 'one') =>
  db
    .select({
      personId: identities.personId,
      teamRow: sql<boolean | null>`s.team_row`,
      id: sql<string | null>`s.id`,
      role: sql<string | null>`s.role`,
      lapsesAt: sql<number | null>`s.lapses_at`,
    })
    .from(identities)
    .leftJoin(
      sql`lateral (
        select false as team_row, ${memberships.tenantId} as id, ${memberships.role}::text as role,
               ${LAPSES_AT} as lapses_at
          from ${memberships}
         where ${memberships.personId} = ${identities.personId} and ${activeMembership()}
        union all
        select true, ${teamMembers.teamId}, null, null::float8 from ${teamMembers}
         where ${teamMembers.personId} = ${identities.personId}
      ) s`,
      sql`true`,
    )
    .where(
      and(
        eq(identities.issuer, sql.placeholder('issuer')),
        eq(identities.subject, sql.placeholder('subject')),
      ),
    )
    .prepare('subject_scope'),
);

/**
 * The person of a provider subject (issuer + subject) with their scope, in ONE statement: the subject → person
 * link joined to the scope query's rows (the same rule as scopeQuery), and until when the scope holds (as
 * `readActorScope`). Asked when the subject is not cached (the first request after a sign-in, a storm of
 * registrations by many persons), where it saves a round trip per request (issue 14 §4). Undefined when no
 * person is linked to the subject.
 */
export async function readSubjectScope(
  db: DbOrTx,
  issuer: string,
  subject: string,
): Promise<ScopeRead | undefined> {
  const result = await preparedSubjectScope(db, 'one').execute({ issuer, subject });
  const [first] = result;
  if (!first) return undefined;
  const rows = result.flatMap((r) =>
    r.id === null ? [] : [{ teamRow: Boolean(r.teamRow), id: r.id, role: r.role, lapsesAt: r.lapsesAt }],
  );
  return { scope: scopeOf(first.personId, rows), lapsesAt: earliestLapse(rows) };
}
