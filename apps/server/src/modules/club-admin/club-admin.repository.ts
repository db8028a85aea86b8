import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, exists, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { InvoiceStatus, MembershipRole } from '@vereinsheim/contracts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { insertMany } from '../../db/insert-many.ts';
import {
  invoiceCounters,
  invoices,
  itemSharing,
  mailAddresses,
  memberships,
  persons,
  phoneNumbers,
  teamMembers,
  teams,
  tenants,
} from '../../db/schema/index.ts';
import { activeMembership } from '../../policy/index.ts';

export type MembershipRow = typeof memberships.$inferSelect;

/** A dated role of a person in the club. */
type NewRole = {
  tenantId: string;
  personId: string;
  role: MembershipRole;
  startsOn: string;
  endsOn: string | null;
};

const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, '\\$&')}%`;

/** Mail addresses shared with the club's internal view (ADR 0003): the only contact data the club sees. */
const sharedIntern = (
  kind: 'mail' | 'phone',
  itemId: typeof mailAddresses.id | typeof phoneNumbers.id,
  tenantId: string,
) =>
  and(
    eq(itemSharing.itemKind, kind),
    eq(itemSharing.itemId, itemId),
    eq(itemSharing.tenantId, tenantId),
    eq(itemSharing.intern, true),
  );

export const clubAdminRepository = {
  /** The club's name, address, tax and bank data (ADR 0026); undefined for an unknown club. */
  async clubSettings(db: DbOrTx, tenantId: string) {
    const [row] = await db
      .select({
        name: tenants.name,
        street: tenants.street,
        city: tenants.city,
        taxNumber: tenants.taxNumber,
        vatId: tenants.vatId,
        bankAccountOwner: tenants.bankAccountOwner,
        bankIban: tenants.bankIban,
        bankBic: tenants.bankBic,
        bankName: tenants.bankName,
      })
      .from(tenants)
      .where(eq(tenants.id, tenantId));
    return row;
  },

  async updateClubSettings(
    db: DbOrTx,
    tenantId: string,
    values: Pick<
      typeof tenants.$inferInsert,
      'street' | 'city' | 'taxNumber' | 'vatId' | 'bankAccountOwner' | 'bankIban' | 'bankBic' | 'bankName'
    >,
  ): Promise<void> {
    await db
      .update(tenants)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(tenants.id, tenantId));
  },

  async tenantName(db: DbOrTx, tenantId: string): Promise<string> {
    const [row] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
    return row?.name ?? '';
  },

  /** The club's members (with any role row; active only unless includeEnded), by name. */
  async findMembers(
    db: DbOrTx,
    tenantId: string,
    options: { keyword?: string; byNameOnly?: boolean; includeEnded: boolean; limit: number; offset: number },
  ) {
    const inClub = exists(
      db
        .select({ one: sql`1` })
        .from(memberships)
        .where(
          and(
            eq(memberships.personId, persons.id),
            eq(memberships.tenantId, tenantId),
            options.includeEnded ? undefined : activeMembership(),
          ),
        ),
    );
    const keyword = options.keyword
      ? or(
          ilike(persons.firstName, like(options.keyword)),
          ilike(persons.lastName, like(options.keyword)),
          sql`(${persons.firstName} || ' ' || ${persons.lastName}) ilike ${like(options.keyword)}`,
          options.byNameOnly
            ? undefined
            : exists(
                db
                  .select({ one: sql`1` })
                  .from(mailAddresses)
                  .innerJoin(itemSharing, sharedIntern('mail', mailAddresses.id, tenantId))
                  .where(
                    and(
                      eq(mailAddresses.personId, persons.id),
                      ilike(mailAddresses.email, like(options.keyword)),
                    ),
                  ),
              ),
        )
      : undefined;
    const where = and(inClub, keyword);
    const rows = await db
      .select({ id: persons.id, firstName: persons.firstName, lastName: persons.lastName })
      .from(persons)
      .where(where)
      .orderBy(asc(persons.lastName), asc(persons.firstName), asc(persons.id))
      .limit(options.limit)
      .offset(options.offset);
    const [count] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(persons)
      .where(where);
    return { rows, total: count?.n ?? 0 };
  },

  async person(db: DbOrTx, personId: string) {
    const [row] = await db
      .select({ id: persons.id, firstName: persons.firstName, lastName: persons.lastName })
      .from(persons)
      .where(eq(persons.id, personId));
    return row;
  },

  async roles(db: DbOrTx, tenantId: string, personIds: string[]): Promise<MembershipRow[]> {
    if (personIds.length === 0) return [];
    return db
      .select()
      .from(memberships)
      .where(and(eq(memberships.tenantId, tenantId), inArray(memberships.personId, personIds)))
      .orderBy(asc(memberships.startsOn), asc(memberships.role));
  },

  async sharedContacts(db: DbOrTx, tenantId: string, personIds: string[]) {
    if (personIds.length === 0) return { mails: [], phones: [] };
    const mails = await db
      .select({ personId: mailAddresses.personId, value: mailAddresses.email })
      .from(mailAddresses)
      .innerJoin(itemSharing, sharedIntern('mail', mailAddresses.id, tenantId))
      .where(inArray(mailAddresses.personId, personIds))
      .orderBy(asc(mailAddresses.createdAt));
    const phones = await db
      .select({ personId: phoneNumbers.personId, value: phoneNumbers.number })
      .from(phoneNumbers)
      .innerJoin(itemSharing, sharedIntern('phone', phoneNumbers.id, tenantId))
      .where(inArray(phoneNumbers.personId, personIds))
      .orderBy(asc(phoneNumbers.createdAt));
    return { mails, phones };
  },

  async lockRole(tx: Tx, tenantId: string, personId: string, roleId: string) {
    const [row] = await tx
      .select()
      .from(memberships)
      .where(
        and(
          eq(memberships.id, roleId),
          eq(memberships.tenantId, tenantId),
          eq(memberships.personId, personId),
        ),
      )
      .for('update');
    return row;
  },

  async openRole(tx: Tx, tenantId: string, personId: string, role: MembershipRole) {
    const [row] = await tx
      .select()
      .from(memberships)
      .where(
        and(
          eq(memberships.tenantId, tenantId),
          eq(memberships.personId, personId),
          eq(memberships.role, role),
          isNull(memberships.endsOn),
        ),
      );
    return row;
  },

  async insertRole(tx: Tx, values: NewRole) {
    const [row] = await tx.insert(memberships).values(values).returning();
    return row!;
  },

  async endRole(tx: Tx, roleId: string, endsOn: string) {
    await tx.update(memberships).set({ endsOn }).where(eq(memberships.id, roleId));
  },

  /** Many dated roles in one statement (a member import). */
  async insertRoles(tx: Tx, values: NewRole[]) {
    await insertMany(tx, memberships, values);
  },

  /**
   * The members of the club (current or former: any role row, also ended) among a whole import's rows, in one
   * query: a person matches a row by any of its mail addresses (case-insensitive) and its birthdate. Per
   * `email|birthdate` (email lower-case) the person and whether a role of it is active today; where several
   * persons match one row, an active member wins, then the lowest id (a former member is reopened by the import,
   * not duplicated).
   */
  async matchMembers(
    tx: DbOrTx,
    tenantId: string,
    rows: readonly { email: string; birthdate: string }[],
  ): Promise<Map<string, { id: string; active: boolean }>> {
    const matches = new Map<string, { id: string; active: boolean }>();
    if (rows.length === 0) return matches;
    // The club's members with each of their addresses first (grouped, so PostgreSQL computes it as one set and
    // then hashes the file's pairs against both columns; joined the other way round it matched on the birthdate
    // alone and compared every address of everyone born that day: 6.8 s for 2,000 rows born on one date).
    const email = sql<string>`lower(${mailAddresses.email})`;
    const members = tx
      .select({
        id: persons.id,
        email: email.as('email'),
        birthdate: persons.birthdate,
        active: sql<boolean>`bool_or(${activeMembership()})`.as('active'),
      })
      .from(memberships)
      .innerJoin(persons, eq(persons.id, memberships.personId))
      .innerJoin(mailAddresses, eq(mailAddresses.personId, persons.id))
      .where(eq(memberships.tenantId, tenantId))
      .groupBy(persons.id, email, persons.birthdate)
      .as('members');
    const found = await tx
      .select({ id: members.id, email: members.email, birthdate: members.birthdate, active: members.active })
      .from(members)
      .where(
        sql`(${members.email}, ${members.birthdate}) in (select e, d::date from unnest(${sql.param(
          rows.map((r) => r.email.toLowerCase()),
        )}::text[], ${sql.param(rows.map((r) => r.birthdate))}::text[]) as wanted(e, d))`,
      )
      .orderBy(asc(members.id));
    for (const row of found) {
      const key = `${row.email}|${row.birthdate}`;
      const known = matches.get(key);
      if (!known || (row.active && !known.active)) matches.set(key, { id: row.id, active: row.active });
    }
    return matches;
  },

  /**
   * Persons created by a club import, each with its mail address shared with that club's internal view: three
   * statements for the whole file (db/insert-many.ts). Returns the new persons' ids in the order of `people`.
   */
  async insertImportedPersons(
    tx: Tx,
    tenantId: string,
    by: string,
    people: readonly { firstName: string; lastName: string; birthdate: string; email: string }[],
  ): Promise<string[]> {
    if (people.length === 0) return [];
    const ids = people.map(() => randomUUID());
    const mailIds = people.map(() => randomUUID());
    await insertMany(
      tx,
      persons,
      people.map((p, i) => ({
        id: ids[i]!,
        firstName: p.firstName,
        lastName: p.lastName,
        birthdate: p.birthdate,
      })),
    );
    await insertMany(
      tx,
      mailAddresses,
      people.map((p, i) => ({
        id: mailIds[i]!,
        personId: ids[i]!,
        email: p.email,
        isDefault: true,
        createdBy: by,
      })),
    );
    await insertMany(
      tx,
      itemSharing,
      people.map((_, i) => ({
        personId: ids[i]!,
        itemKind: 'mail' as const,
        itemId: mailIds[i]!,
        tenantId,
        isDefault: true,
        intern: true,
      })),
    );
    return ids;
  },

  /** Serialises imports into one club (released when the transaction ends). */
  async lockImport(tx: Tx, tenantId: string) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`member-import:${tenantId}`}))`);
  },

  /** Active members holding the role, or in the team (of this club), once each. */
  async recipients(
    db: DbOrTx,
    tenantId: string,
    by: { role?: MembershipRole; teamId?: string; personIds?: string[] },
  ) {
    const conditions = [eq(memberships.tenantId, tenantId), activeMembership()];
    if (by.role) conditions.push(eq(memberships.role, by.role));
    if (by.personIds) conditions.push(inArray(memberships.personId, by.personIds));
    if (by.teamId) {
      conditions.push(
        exists(
          db
            .select({ one: sql`1` })
            .from(teamMembers)
            .innerJoin(teams, eq(teams.id, teamMembers.teamId))
            .where(
              and(
                eq(teamMembers.personId, memberships.personId),
                eq(teams.id, by.teamId),
                eq(teams.tenantId, tenantId),
              ),
            ),
        ),
      );
    }
    return db
      .selectDistinct({ id: persons.id, firstName: persons.firstName, lastName: persons.lastName })
      .from(memberships)
      .innerJoin(persons, eq(persons.id, memberships.personId))
      .where(and(...conditions))
      .orderBy(asc(persons.lastName), asc(persons.firstName), asc(persons.id));
  },

  async teamInClub(db: DbOrTx, tenantId: string, teamId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.id, teamId), eq(teams.tenantId, tenantId)));
    return row !== undefined;
  },

  /**
   * The club's next `count` invoice numbers, in one statement: the counter row stays locked until the issuing
   * transaction ends, so concurrent issues queue and a rollback leaves no gap.
   */
  async nextInvoiceNumbers(tx: Tx, tenantId: string, count: number): Promise<number[]> {
    const [row] = await tx
      .insert(invoiceCounters)
      .values({ tenantId, lastNumber: count })
      .onConflictDoUpdate({
        target: invoiceCounters.tenantId,
        set: { lastNumber: sql`${invoiceCounters.lastNumber} + ${count}` },
      })
      .returning({ n: invoiceCounters.lastNumber });
    const last = row!.n;
    return Array.from({ length: count }, (_, i) => last - count + 1 + i);
  },

  async findInvoices(
    db: DbOrTx,
    tenantId: string,
    options: { status?: InvoiceStatus; keyword?: string; today: string; limit: number; offset: number },
  ) {
    const status =
      options.status === 'overdue'
        ? and(eq(invoices.status, 'open'), sql`${invoices.dueDate} < ${options.today}`)
        : options.status === 'open'
          ? and(
              eq(invoices.status, 'open'),
              or(isNull(invoices.dueDate), sql`${invoices.dueDate} >= ${options.today}`),
            )
          : options.status
            ? eq(invoices.status, options.status)
            : undefined;
    const where = and(
      eq(invoices.tenantId, tenantId),
      eq(invoices.direction, 'incoming'),
      status,
      options.keyword
        ? or(
            ilike(invoices.number, like(options.keyword)),
            ilike(invoices.title, like(options.keyword)),
            ilike(invoices.recipientName, like(options.keyword)),
          )
        : undefined,
    );
    const rows = await db
      .select()
      .from(invoices)
      .where(where)
      .orderBy(desc(invoices.invoiceDate), desc(invoices.number))
      .limit(options.limit)
      .offset(options.offset);
    const [count] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(invoices)
      .where(where);
    return { rows, total: count?.n ?? 0 };
  },

  async invoice(db: DbOrTx, tenantId: string, invoiceId: string) {
    const [row] = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, invoiceId), eq(invoices.tenantId, tenantId)));
    return row;
  },

  async recordReminder(tx: Tx, invoiceId: string, on: string) {
    await tx
      .update(invoices)
      .set({ reminderCount: sql`${invoices.reminderCount} + 1`, lastReminderOn: on, updatedAt: new Date() })
      .where(eq(invoices.id, invoiceId));
  },
};
