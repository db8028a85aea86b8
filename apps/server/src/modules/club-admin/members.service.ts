import type {
  AddMemberRole,
  ClubMember,
  ClubMemberList,
  ClubMemberQuery,
  ImportRow,
  MemberImport,
  MemberImportResult,
  MembershipRole,
  MemberSearchResult,
} from '@vereinsheim/contracts';
import { MEMBER_SEARCH_LIMIT } from '@vereinsheim/contracts';
import type { Database, Tx } from '../../db/client.ts';
import type { DocumentRenderer } from '../../documents/index.ts';
import { render, type Language } from '../../lib/i18n.ts';
import { pagedList, pageWindow } from '../../lib/paging.ts';
import { problem } from '../../lib/problem.ts';
import { todayIso } from '../../lib/today.ts';
import { authorize, notVisible, type Actor } from '../../policy/index.ts';
import { writeLog, writeLogs, type LogEntry } from '../activity-log/index.ts';
import { clubAdminRepository as repo, type MembershipRow } from './club-admin.repository.ts';
import { toCsv } from '../../lib/csv.ts';
import { parseCsv } from './csv.ts';

const manage = (actor: Actor, tenantId: string) =>
  authorize(actor, 'club.members.manage', { type: 'club', tenantId });

const isActive = (r: MembershipRow, today: string) =>
  r.startsOn <= today && (r.endsOn === null || r.endsOn >= today);

async function membersOf(
  db: Database | Tx,
  tenantId: string,
  people: { id: string; firstName: string; lastName: string }[],
): Promise<ClubMember[]> {
  const ids = people.map((p) => p.id);
  const [roles, contacts] = await Promise.all([
    repo.roles(db, tenantId, ids),
    repo.sharedContacts(db, tenantId, ids),
  ]);
  const today = todayIso();
  return people.map((p) => {
    const own = roles.filter((r) => r.personId === p.id);
    return {
      personId: p.id,
      firstName: p.firstName,
      lastName: p.lastName,
      emails: contacts.mails.filter((m) => m.personId === p.id).map((m) => m.value),
      phones: contacts.phones.filter((m) => m.personId === p.id).map((m) => m.value),
      roles: own.map((r) => ({
        id: r.id,
        role: r.role,
        startsOn: r.startsOn,
        endsOn: r.endsOn,
        active: isActive(r, today),
      })),
      active: own.some((r) => isActive(r, today)),
    };
  });
}

async function memberOrNotFound(db: Database | Tx, tenantId: string, personId: string): Promise<ClubMember> {
  const person = await repo.person(db, personId);
  const [member] = person ? await membersOf(db, tenantId, [person]) : [];
  if (!member || member.roles.length === 0) throw notVisible('member');
  return member;
}

const roleText = (role: MembershipRole) => ({ key: `log.value.role.${role}` });

/** The log entry of a membership change (`params` with the club's name). */
const roleLog = (
  actor: Actor,
  tenantId: string,
  personId: string,
  key: 'roleAdded' | 'roleEnded' | 'ended',
  params: Record<string, string | { key: string }>,
): LogEntry => ({
  personId,
  actorPersonId: actor.personId,
  action: key === 'roleAdded' ? 'created' : 'updated',
  entityKind: 'membership',
  tenantId,
  summary: { key: `log.membership.${key}`, params },
});

async function logRole(
  tx: Tx,
  actor: Actor,
  tenantId: string,
  personId: string,
  key: 'roleAdded' | 'roleEnded' | 'ended',
  params: Record<string, string | { key: string }>,
) {
  await writeLog(
    tx,
    roleLog(actor, tenantId, personId, key, { club: await repo.tenantName(tx, tenantId), ...params }),
  );
}

const HEADERS = {
  firstName: ['vorname', 'firstname', 'first name'],
  lastName: ['nachname', 'lastname', 'last name', 'name'],
  email: ['e-mail', 'email', 'mail'],
  birthdate: ['geburtsdatum', 'birthdate', 'date of birth'],
  startsOn: ['eintritt', 'mitglied seit', 'startson', 'member since'],
} as const;
type Column = keyof typeof HEADERS;

/** 24.12.1990 or 1990-12-24 → 1990-12-24; anything else (or an impossible date) → null. */
function isoDateOf(value: string): string | null {
  const de = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value);
  const iso = de ? `${de[3]}-${de[2]!.padStart(2, '0')}-${de[1]!.padStart(2, '0')}` : value;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}

export const membersService = {
  async list(db: Database, actor: Actor, tenantId: string, query: ClubMemberQuery): Promise<ClubMemberList> {
    await manage(actor, tenantId);
    const window = pageWindow(query);
    const { rows, total } = await repo.findMembers(db, tenantId, {
      keyword: query.keyword || undefined,
      includeEnded: query.includeEnded ?? false,
      limit: window.limit,
      offset: window.offset,
    });
    return pagedList(await membersOf(db, tenantId, rows), total, window, 'ascending');
  },

  /** Current members by name only (committee, organisers, admins pick recipients and participants). */
  async search(db: Database, actor: Actor, tenantId: string, keyword: string): Promise<MemberSearchResult> {
    await authorize(actor, 'club.members.search', { type: 'club', tenantId });
    const { rows } = await repo.findMembers(db, tenantId, {
      keyword,
      byNameOnly: true,
      includeEnded: false,
      limit: MEMBER_SEARCH_LIMIT,
      offset: 0,
    });
    return { items: rows.map((r) => ({ personId: r.id, firstName: r.firstName, lastName: r.lastName })) };
  },

  async detail(db: Database, actor: Actor, tenantId: string, personId: string): Promise<ClubMember> {
    await manage(actor, tenantId);
    return memberOrNotFound(db, tenantId, personId);
  },

  async addRole(
    db: Database,
    actor: Actor,
    tenantId: string,
    personId: string,
    input: AddMemberRole,
  ): Promise<ClubMember> {
    await manage(actor, tenantId);
    return db.transaction(async (tx) => {
      await memberOrNotFound(tx, tenantId, personId);
      const startsOn = input.startsOn ?? todayIso();
      const endsOn = input.endsOn ?? null;
      if (endsOn !== null && endsOn < startsOn) throw problem(422, 'member.endBeforeStart');
      if (await repo.openRole(tx, tenantId, personId, input.role)) throw problem(409, 'member.roleHeld');
      await repo.insertRole(tx, { tenantId, personId, role: input.role, startsOn, endsOn });
      await logRole(tx, actor, tenantId, personId, 'roleAdded', {
        role: roleText(input.role),
        from: startsOn,
      });
      return memberOrNotFound(tx, tenantId, personId);
    });
  },

  async endRole(
    db: Database,
    actor: Actor,
    tenantId: string,
    personId: string,
    roleId: string,
    endsOn = todayIso(),
  ): Promise<ClubMember> {
    await manage(actor, tenantId);
    return db.transaction(async (tx) => {
      const row = await repo.lockRole(tx, tenantId, personId, roleId);
      if (!row) throw notVisible('member');
      if (row.endsOn !== null && row.endsOn <= endsOn) throw problem(409, 'member.roleEnded');
      if (endsOn < row.startsOn) throw problem(422, 'member.endBeforeStart');
      await repo.endRole(tx, roleId, endsOn);
      await logRole(tx, actor, tenantId, personId, 'roleEnded', { role: roleText(row.role), until: endsOn });
      return memberOrNotFound(tx, tenantId, personId);
    });
  },

  /** Ends every open role of the person in the club (the membership ends). */
  async endMembership(
    db: Database,
    actor: Actor,
    tenantId: string,
    personId: string,
    endsOn = todayIso(),
  ): Promise<ClubMember> {
    await manage(actor, tenantId);
    return db.transaction(async (tx) => {
      const member = await memberOrNotFound(tx, tenantId, personId);
      const open = member.roles.filter((r) => r.endsOn === null || r.endsOn > endsOn);
      if (open.length === 0) throw problem(409, 'member.alreadyEnded');
      for (const r of open) {
        if (endsOn < r.startsOn) throw problem(422, 'member.endBeforeStart');
        await repo.endRole(tx, r.id, endsOn);
      }
      await logRole(tx, actor, tenantId, personId, 'ended', { until: endsOn });
      return memberOrNotFound(tx, tenantId, personId);
    });
  },

  /** The member list as CSV (only what the club's internal view shows), column names in the reader's language. */
  async exportCsv(db: Database, actor: Actor, tenantId: string, lng: Language): Promise<string> {
    await manage(actor, tenantId);
    const { rows } = await repo.findMembers(db, tenantId, { includeEnded: false, limit: 100_000, offset: 0 });
    const members = await membersOf(db, tenantId, rows);
    const header = ['lastName', 'firstName', 'email', 'phone', 'roles', 'memberSince'].map((column) =>
      render(lng, { key: `export.members.${column}` }),
    );
    return toCsv(
      lng,
      header,
      members.map((m) => [
        m.lastName,
        m.firstName,
        m.emails.join(', '),
        m.phones.join(', '),
        m.roles
          .filter((r) => r.active)
          .map((r) => render(lng, roleText(r.role)))
          .join(', '),
        m.roles.reduce((min, r) => (r.startsOn < min ? r.startsOn : min), '9999-12-31'),
      ]),
    );
  },

  /**
   * Imports members from CSV. Every row is checked; a dry run writes nothing. Rows match an existing
   * member of the club by e-mail and birthdate (then nothing is created; a former member gets a new `member`
   * role from today); others create a person with the mail address shared with the club's internal view and
   * the role `member`. Rows with errors are skipped.
   */
  async import(
    db: Database,
    actor: Actor,
    tenantId: string,
    input: MemberImport,
    lng: Language,
    documents: DocumentRenderer,
  ): Promise<MemberImportResult> {
    await manage(actor, tenantId);
    const { header, records } = await parseCsv(documents, input.csv);
    const index: Partial<Record<Column, number>> = {};
    for (const [column, names] of Object.entries(HEADERS) as [Column, readonly string[]][]) {
      const i = header.findIndex((h) => names.includes(h.toLowerCase()));
      if (i >= 0) index[column] = i;
    }
    const missing = (['firstName', 'lastName', 'email', 'birthdate'] as const).filter(
      (c) => index[c] === undefined,
    );
    if (missing.length)
      throw problem(422, 'member.import.columns', {
        errors: missing.map((c) => ({
          field: c,
          message: render(lng, { key: 'problem.member.import.missingColumn' }),
        })),
      });
    if (records.length > 2000) throw problem(422, 'member.import.tooMany');
    const msg = (key: string) => render(lng, { key: `problem.member.import.${key}` });
    const today = todayIso();

    // Every row is checked first (no database); then one query finds the members among the good rows, and a
    // confirmed import writes each table once for the whole file (no statement per row).
    const seen = new Set<string>();
    const checked = records.map((rec, i) => {
      const get = (c: Column) => (index[c] === undefined ? '' : (rec[index[c]] ?? '').trim());
      const row = {
        line: i + 2,
        firstName: get('firstName'),
        lastName: get('lastName'),
        email: get('email').toLowerCase(),
        birthdate: get('birthdate'),
      };
      const errors: ImportRow['errors'] = [];
      if (!row.firstName) errors.push({ field: 'firstName', message: msg('required') });
      if (!row.lastName) errors.push({ field: 'lastName', message: msg('required') });
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(row.email))
        errors.push({ field: 'email', message: msg('email') });
      const birthdate = isoDateOf(row.birthdate);
      if (!birthdate || birthdate > today) errors.push({ field: 'birthdate', message: msg('date') });
      const startsRaw = get('startsOn');
      const startsOn = startsRaw ? isoDateOf(startsRaw) : today;
      if (!startsOn) errors.push({ field: 'startsOn', message: msg('date') });
      const key = `${row.email}|${birthdate}`;
      if (errors.length === 0 && seen.has(key)) errors.push({ field: 'email', message: msg('duplicate') });
      seen.add(key);
      return errors.length
        ? { row, errors }
        : { row: { ...row, birthdate: birthdate! }, errors, key, startsOn: startsOn! };
    });

    const run = async (tx: Tx | Database, write: boolean): Promise<MemberImportResult> => {
      const good = checked.filter((c) => c.key !== undefined);
      const known = await repo.matchMembers(
        tx,
        tenantId,
        good.map((c) => c.row),
      );
      const rows: ImportRow[] = [];
      const reopen = new Set<string>();
      const create: { row: (typeof good)[number]['row']; startsOn: string }[] = [];
      for (const c of checked) {
        if (c.key === undefined) {
          rows.push({ ...c.row, outcome: 'error', errors: c.errors });
          continue;
        }
        const existing = known.get(c.key);
        // A former member comes back: a new dated role from today, the old roles stay as history. A second row
        // of the same person (another of its addresses) then finds a current member.
        const outcome = !existing
          ? 'new'
          : existing.active || reopen.has(existing.id)
            ? 'existing'
            : 'reopened';
        rows.push({ ...c.row, outcome, errors: c.errors });
        if (outcome === 'reopened') reopen.add(existing!.id);
        if (outcome === 'new') create.push({ row: c.row, startsOn: c.startsOn });
      }
      if (write && (reopen.size > 0 || create.length > 0)) {
        const t = tx as Tx;
        const created = await repo.insertImportedPersons(
          t,
          tenantId,
          actor.personId,
          create.map((c) => c.row),
        );
        const roles = [
          ...[...reopen].map((personId) => ({ personId, startsOn: today })),
          ...create.map((c, i) => ({ personId: created[i]!, startsOn: c.startsOn })),
        ];
        await repo.insertRoles(
          t,
          roles.map((r) => ({
            tenantId,
            personId: r.personId,
            role: 'member' as const,
            startsOn: r.startsOn,
            endsOn: null,
          })),
        );
        const club = await repo.tenantName(t, tenantId);
        await writeLogs(
          t,
          roles.map((r) =>
            roleLog(actor, tenantId, r.personId, 'roleAdded', {
              club,
              role: roleText('member'),
              from: r.startsOn,
            }),
          ),
        );
      }
      return {
        dryRun: !write,
        rows,
        created: create.length,
        matched: rows.filter((r) => r.outcome === 'existing').length,
        reopened: reopen.size,
        failed: rows.filter((r) => r.outcome === 'error').length,
      };
    };
    if (input.dryRun) return run(db, false);
    return db.transaction(async (tx) => {
      // One import per club at a time: a second one waits and then matches what the first created.
      await repo.lockImport(tx, tenantId);
      return run(tx, true);
    });
  },
};
