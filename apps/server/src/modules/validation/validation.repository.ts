import { and, desc, eq, ilike, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type {
  MembershipRole,
  ValidationReason,
  ValidationSection,
  ValidationState,
} from '@vereinsheim/contracts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  additionalInformations,
  addresses,
  bankAccounts,
  clubInvitations,
  confectionInformations,
  itemSharing,
  mailAddresses,
  medicalInformations,
  memberships,
  persons,
  phoneNumbers,
  tenants,
  validationCases,
  validationClubSettings,
  validationDecisions,
} from '../../db/schema/index.ts';
import { activeMembership } from '../../policy/index.ts';

export type CaseRow = typeof validationCases.$inferSelect;
export type CaseView = CaseRow & { tenantName: string; personName: string };
export type DecisionRow = typeof validationDecisions.$inferSelect;
export type InvitationRow = typeof clubInvitations.$inferSelect;

const caseColumns = {
  row: validationCases,
  tenantName: tenants.name,
  personName: sql<string>`${persons.firstName} || ' ' || ${persons.lastName}`,
};
const toView = (r: { row: CaseRow; tenantName: string; personName: string }): CaseView => ({
  ...r.row,
  tenantName: r.tenantName,
  personName: r.personName,
});

/** Items of one kind the person has shared with the club (either view), or all of them when `all`. */
function sharedOrAll(
  table: { id: AnyPgColumn; personId: AnyPgColumn },
  kind: (typeof itemSharing.itemKind.enumValues)[number],
  personId: string,
  tenantId: string,
  all: boolean,
): SQL | undefined {
  const shared = sql`exists (select 1 from ${itemSharing} where ${itemSharing.itemKind} = ${kind} and ${itemSharing.itemId} = ${table.id} and ${itemSharing.tenantId} = ${tenantId} and (${itemSharing.intern} or ${itemSharing.extern}))`;
  return and(eq(table.personId, personId), all ? undefined : shared);
}

export const validationRepository = {
  async settings(db: DbOrTx, tenantId: string) {
    const [row] = await db
      .select()
      .from(validationClubSettings)
      .where(eq(validationClubSettings.tenantId, tenantId));
    return row ?? null;
  },

  async joinableClubs(db: DbOrTx, keyword: string | undefined) {
    return db
      .select({
        tenantId: tenants.id,
        name: tenants.name,
        termsVersion: validationClubSettings.termsVersion,
        termsText: validationClubSettings.termsText,
      })
      .from(validationClubSettings)
      .innerJoin(tenants, eq(tenants.id, validationClubSettings.tenantId))
      .where(
        and(
          eq(validationClubSettings.acceptsApplications, true),
          keyword ? ilike(tenants.name, `%${keyword.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
        ),
      )
      .orderBy(tenants.name)
      .limit(50);
  },

  async invitationByToken(db: DbOrTx, token: string) {
    const [row] = await db
      .select({
        invitation: clubInvitations,
        name: tenants.name,
        termsVersion: validationClubSettings.termsVersion,
        termsText: validationClubSettings.termsText,
      })
      .from(clubInvitations)
      .innerJoin(tenants, eq(tenants.id, clubInvitations.tenantId))
      .leftJoin(validationClubSettings, eq(validationClubSettings.tenantId, clubInvitations.tenantId))
      .where(and(eq(clubInvitations.token, token), isNull(clubInvitations.revokedAt)));
    return row ?? null;
  },

  async tenantName(db: DbOrTx, tenantId: string): Promise<string | null> {
    const [row] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
    return row?.name ?? null;
  },

  async activeRoles(db: DbOrTx, personId: string, tenantId: string): Promise<MembershipRole[]> {
    const rows = await db
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.personId, personId), eq(memberships.tenantId, tenantId), activeMembership()));
    return rows.map((r) => r.role);
  },

  /** The clubs where the person is an active member and which review changes of identity data. */
  async clubsReviewingIdentity(db: DbOrTx, personId: string): Promise<string[]> {
    const rows = await db
      .selectDistinct({ tenantId: memberships.tenantId })
      .from(memberships)
      .innerJoin(validationClubSettings, eq(validationClubSettings.tenantId, memberships.tenantId))
      .where(
        and(
          eq(memberships.personId, personId),
          activeMembership(),
          eq(validationClubSettings.reviewsIdentityChanges, true),
        ),
      );
    return rows.map((r) => r.tenantId);
  },

  /** The person's case at the club that is not yet approved, if any. */
  async unfinishedCase(db: DbOrTx, personId: string, tenantId: string) {
    const [row] = await db
      .select({ id: validationCases.id })
      .from(validationCases)
      .where(
        and(
          eq(validationCases.personId, personId),
          eq(validationCases.tenantId, tenantId),
          ne(validationCases.state, 'approved'),
        ),
      )
      .limit(1);
    return row ?? null;
  },

  async insertCase(
    db: DbOrTx,
    values: {
      personId: string;
      tenantId: string;
      reason: ValidationReason;
      message?: string | null;
      termsVersion?: string | null;
      termsText?: string | null;
      termsAcceptedAt?: Date | null;
      invitationId?: string | null;
    },
  ): Promise<CaseRow> {
    const [row] = await db.insert(validationCases).values(values).returning();
    return row!;
  },

  async findCase(db: DbOrTx, id: string): Promise<CaseView | null> {
    const [row] = await db
      .select(caseColumns)
      .from(validationCases)
      .innerJoin(tenants, eq(tenants.id, validationCases.tenantId))
      .innerJoin(persons, eq(persons.id, validationCases.personId))
      .where(eq(validationCases.id, id));
    return row ? toView(row) : null;
  },

  /** Cases of the given clubs (the reviewer's), newest first, with the count per state. */
  async listForClubs(
    db: DbOrTx,
    scope: {
      tenantIds: string[];
      state?: ValidationState;
      limit: number;
      offset: number;
      order: 'ascending' | 'descending';
    },
  ) {
    if (!scope.tenantIds.length) return { rows: [], total: 0, counts: {} as Record<string, number> };
    const inClubs = inArray(validationCases.tenantId, scope.tenantIds);
    const where = and(inClubs, scope.state ? eq(validationCases.state, scope.state) : undefined);
    const order =
      scope.order === 'ascending'
        ? [validationCases.createdAt, validationCases.id]
        : [desc(validationCases.createdAt), desc(validationCases.id)];
    const rows = await db
      .select(caseColumns)
      .from(validationCases)
      .innerJoin(tenants, eq(tenants.id, validationCases.tenantId))
      .innerJoin(persons, eq(persons.id, validationCases.personId))
      .where(where)
      .orderBy(...order)
      .limit(scope.limit)
      .offset(scope.offset);
    const countRows = await db
      .select({ state: validationCases.state, n: sql<number>`count(*)`.mapWith(Number) })
      .from(validationCases)
      .where(inClubs)
      .groupBy(validationCases.state);
    const counts = Object.fromEntries(countRows.map((c) => [c.state, c.n])) as Record<string, number>;
    const total = scope.state ? (counts[scope.state] ?? 0) : countRows.reduce((n, c) => n + c.n, 0);
    return { rows: rows.map(toView), total, counts };
  },

  async listForPerson(db: DbOrTx, personId: string): Promise<CaseView[]> {
    const rows = await db
      .select(caseColumns)
      .from(validationCases)
      .innerJoin(tenants, eq(tenants.id, validationCases.tenantId))
      .innerJoin(persons, eq(persons.id, validationCases.personId))
      .where(eq(validationCases.personId, personId))
      .orderBy(desc(validationCases.createdAt), desc(validationCases.id));
    return rows.map(toView);
  },

  async decisions(db: DbOrTx, caseIds: string[]): Promise<DecisionRow[]> {
    if (!caseIds.length) return [];
    return db
      .select()
      .from(validationDecisions)
      .where(inArray(validationDecisions.caseId, caseIds))
      .orderBy(validationDecisions.decidedAt);
  },

  /**
   * Moves the case on if nobody changed it since `version` (optimistic lock): bumps the version and
   * returns the new row, or null when another reviewer was faster.
   */
  async advance(
    db: DbOrTx,
    id: string,
    version: number,
    patch: Partial<Pick<CaseRow, 'state' | 'closedBy' | 'closedAt'>>,
  ): Promise<CaseRow | null> {
    const [row] = await db
      .update(validationCases)
      .set({ ...patch, version: sql`${validationCases.version} + 1`, updatedAt: new Date() })
      .where(and(eq(validationCases.id, id), eq(validationCases.version, version)))
      .returning();
    return row ?? null;
  },

  async upsertDecision(
    db: DbOrTx,
    values: {
      caseId: string;
      section: ValidationSection;
      decision: 'approved' | 'correction';
      comment: string | null;
      reviewerPersonId: string;
    },
  ) {
    await db
      .insert(validationDecisions)
      .values(values)
      .onConflictDoUpdate({
        target: [validationDecisions.caseId, validationDecisions.section],
        set: {
          decision: values.decision,
          comment: values.comment,
          reviewerPersonId: values.reviewerPersonId,
          decidedAt: new Date(),
        },
      });
  },

  async clearCorrections(db: DbOrTx, caseId: string) {
    await db
      .delete(validationDecisions)
      .where(and(eq(validationDecisions.caseId, caseId), eq(validationDecisions.decision, 'correction')));
  },

  /**
   * Activates the memberships asked for: a new open role from today unless one is open already (roles are dated:
   * an ended one stays as history, ADR 0019).
   */
  async activateMembership(db: DbOrTx, personId: string, tenantId: string, roles: MembershipRole[]) {
    for (const role of roles) {
      await db
        .insert(memberships)
        .values({ personId, tenantId, role })
        .onConflictDoNothing({
          target: [memberships.personId, memberships.tenantId, memberships.role],
          where: isNull(memberships.endsOn),
        });
    }
  },

  /** The data a reviewer of the club sees: person data, and the items shared with the club (contact data: all for an application). */
  async personData(db: DbOrTx, personId: string, tenantId: string, application: boolean) {
    const [person] = await db
      .select({
        firstName: persons.firstName,
        lastName: persons.lastName,
        title: persons.title,
        gender: persons.gender,
        birthdate: persons.birthdate,
        birthplace: persons.birthplace,
      })
      .from(persons)
      .where(eq(persons.id, personId));
    const [address, mail, phone, bank, confection, medical, additional] = await Promise.all([
      db
        .select({
          id: addresses.id,
          street: addresses.street,
          streetNumber: addresses.streetNumber,
          addition: addresses.addition,
          zip: addresses.zip,
          city: addresses.city,
          countryCode: addresses.countryCode,
        })
        .from(addresses)
        .where(sharedOrAll(addresses, 'address', personId, tenantId, application))
        .orderBy(addresses.createdAt),
      db
        .select({ id: mailAddresses.id, email: mailAddresses.email, isDefault: mailAddresses.isDefault })
        .from(mailAddresses)
        .where(sharedOrAll(mailAddresses, 'mail', personId, tenantId, application))
        .orderBy(mailAddresses.createdAt),
      db
        .select({ id: phoneNumbers.id, number: phoneNumbers.number, type: phoneNumbers.type })
        .from(phoneNumbers)
        .where(sharedOrAll(phoneNumbers, 'phone', personId, tenantId, application))
        .orderBy(phoneNumbers.createdAt),
      db
        .select({
          id: bankAccounts.id,
          iban: bankAccounts.iban,
          bic: bankAccounts.bic,
          accountOwner: bankAccounts.accountOwner,
        })
        .from(bankAccounts)
        .where(sharedOrAll(bankAccounts, 'bankaccount', personId, tenantId, false)),
      db
        .select({
          id: confectionInformations.id,
          clothingPartType: confectionInformations.clothingPartType,
          confectionSize: confectionInformations.confectionSize,
        })
        .from(confectionInformations)
        .where(sharedOrAll(confectionInformations, 'confectioninformation', personId, tenantId, false)),
      db
        .select({
          id: medicalInformations.id,
          type: medicalInformations.type,
          name: medicalInformations.name,
        })
        .from(medicalInformations)
        .where(sharedOrAll(medicalInformations, 'medicalinformation', personId, tenantId, false)),
      db
        .select({
          id: additionalInformations.id,
          name: additionalInformations.name,
          description: additionalInformations.description,
        })
        .from(additionalInformations)
        .where(sharedOrAll(additionalInformations, 'additionalinformation', personId, tenantId, false)),
    ]);
    return {
      person: person!,
      address,
      mail,
      phone,
      bank,
      confection,
      miscellaneous: [...medical, ...additional],
    };
  },

  async invitations(db: DbOrTx, tenantId: string): Promise<InvitationRow[]> {
    return db
      .select()
      .from(clubInvitations)
      .where(eq(clubInvitations.tenantId, tenantId))
      .orderBy(desc(clubInvitations.createdAt));
  },

  async insertInvitation(
    db: DbOrTx,
    values: { tenantId: string; token: string; label: string | null; createdBy: string },
  ) {
    const [row] = await db.insert(clubInvitations).values(values).returning();
    return row!;
  },

  async revokeInvitation(db: DbOrTx, tenantId: string, id: string): Promise<InvitationRow | null> {
    const [row] = await db
      .update(clubInvitations)
      .set({ revokedAt: sql`coalesce(${clubInvitations.revokedAt}, now())` })
      .where(and(eq(clubInvitations.id, id), eq(clubInvitations.tenantId, tenantId)))
      .returning();
    return row ?? null;
  },

  /** Members of the club (for a yearly check opened for one person: they must belong to it). */
  async isMember(db: DbOrTx, personId: string, tenantId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.personId, personId), eq(memberships.tenantId, tenantId), activeMembership()))
      .limit(1);
    return !!row;
  },
};
