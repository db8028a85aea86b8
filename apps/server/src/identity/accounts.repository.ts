import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client.ts';
import { accounts, emailVerifications, passwordResets } from '../db/schema/index.ts';
import { addSignUpMailAddress } from '../modules/personal-data/index.ts';
import { createPerson, findSelf, linkIdentity } from '../modules/persons/index.ts';

export type AccountRow = typeof accounts.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** A link token's row: unused and unexpired. */
const open = (table: typeof passwordResets | typeof emailVerifications, tokenHash: string) =>
  and(eq(table.tokenHash, tokenHash), isNull(table.usedAt), gt(table.expiresAt, new Date()));

/** Locks the account's row until the transaction ends: its link replacements take turns. */
async function lockAccount(db: Tx, accountId: string): Promise<void> {
  await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
}

export const accountsRepository = {
  async findById(db: DbOrTx, id: string): Promise<AccountRow | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
    return row;
  },

  async findByEmail(db: DbOrTx, email: string): Promise<AccountRow | undefined> {
    const [row] = await db
      .select()
      .from(accounts)
      .where(sql`lower(${accounts.email}) = ${normalizeEmail(email)}`)
      .limit(1);
    return row;
  },

  /**
   * Person, account (not yet verified), identity (issuer + subject = account id) of a sign-up, and the
   * sign-up address as the person's first e-mail address in their personal data.
   */
  async createWithPerson(
    tx: DbOrTx,
    input: { firstName: string; lastName: string; email: string; passwordHash: string; issuer: string },
  ): Promise<AccountRow> {
    const personId = await createPerson(tx, { firstName: input.firstName, lastName: input.lastName });
    const email = normalizeEmail(input.email);
    const [account] = await tx
      .insert(accounts)
      .values({ email, passwordHash: input.passwordHash, personId, emailVerified: false })
      .returning();
    await linkIdentity(tx, { issuer: input.issuer, subject: account!.id, personId });
    await addSignUpMailAddress(tx, personId, email);
    return account!;
  },

  async firstName(db: DbOrTx, personId: string): Promise<string | undefined> {
    return (await findSelf(db, { personId }))?.firstName;
  },

  async setPassword(db: DbOrTx, accountId: string, passwordHash: string): Promise<void> {
    await db
      .update(accounts)
      .set({ passwordHash, passwordChangedAt: new Date() })
      .where(eq(accounts.id, accountId));
  },

  async markEmailVerified(db: DbOrTx, accountId: string): Promise<void> {
    await db.update(accounts).set({ emailVerified: true }).where(eq(accounts.id, accountId));
  },

  /**
   * A new reset link for the account; older open links of the account stop working (one at a time). In a
   * transaction: the account's row is locked first, so two requests at once take turns (without it the second
   * insert broke the one-open-link index and its mail was lost).
   */
  async replacePasswordReset(db: Tx, accountId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await lockAccount(db, accountId);
    await this.retireResets(db, accountId);
    await db.insert(passwordResets).values({ tokenHash, accountId, expiresAt });
  },

  /** The account of an unused, unexpired reset token (without using it up). */
  async findValidReset(db: DbOrTx, tokenHash: string): Promise<string | undefined> {
    const [row] = await db
      .select({ accountId: passwordResets.accountId })
      .from(passwordResets)
      .where(open(passwordResets, tokenHash))
      .limit(1);
    return row?.accountId;
  },

  /** Marks the token used if it still is valid; returns its account (atomic: a token works once). */
  async useReset(db: DbOrTx, tokenHash: string): Promise<string | undefined> {
    const [row] = await db
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(open(passwordResets, tokenHash))
      .returning({ accountId: passwordResets.accountId });
    return row?.accountId;
  },

  /** Other outstanding links of the account stop working. */
  async retireResets(db: DbOrTx, accountId: string): Promise<void> {
    await db
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.accountId, accountId), isNull(passwordResets.usedAt)));
  },

  /**
   * A new verification link; older open links of the account stop working. In a transaction: the account's row
   * is locked first, so two requests at once cannot both leave their link open.
   */
  async replaceEmailVerification(
    db: Tx,
    accountId: string,
    tokenHash: string,
    expiresAt: Date,
  ): Promise<void> {
    await lockAccount(db, accountId);
    await db
      .update(emailVerifications)
      .set({ usedAt: new Date() })
      .where(and(eq(emailVerifications.accountId, accountId), isNull(emailVerifications.usedAt)));
    await db.insert(emailVerifications).values({ tokenHash, accountId, expiresAt });
  },

  /** Uses up a valid verification token; returns its account. */
  async useEmailVerification(db: DbOrTx, tokenHash: string): Promise<string | undefined> {
    const [row] = await db
      .update(emailVerifications)
      .set({ usedAt: new Date() })
      .where(open(emailVerifications, tokenHash))
      .returning({ accountId: emailVerifications.accountId });
    return row?.accountId;
  },
};
