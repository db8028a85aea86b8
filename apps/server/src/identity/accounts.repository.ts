import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { accounts, identities, passwordResets, persons } from '../db/schema/index.ts';

export type AccountRow = typeof accounts.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

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

  /** Person, account and identity (issuer + subject = account id) of a sign-up. */
  async createWithPerson(
    tx: DbOrTx,
    input: { firstName: string; lastName: string; email: string; passwordHash: string; issuer: string },
  ): Promise<AccountRow> {
    const [person] = await tx
      .insert(persons)
      .values({ firstName: input.firstName, lastName: input.lastName })
      .returning({ id: persons.id });
    const [account] = await tx
      .insert(accounts)
      .values({ email: normalizeEmail(input.email), passwordHash: input.passwordHash, personId: person!.id })
      .returning();
    await tx.insert(identities).values({ issuer: input.issuer, subject: account!.id, personId: person!.id });
    return account!;
  },

  async setPassword(db: DbOrTx, accountId: string, passwordHash: string): Promise<void> {
    await db
      .update(accounts)
      .set({ passwordHash, passwordChangedAt: new Date() })
      .where(eq(accounts.id, accountId));
  },

  async createPasswordReset(
    db: DbOrTx,
    accountId: string,
    tokenHash: string,
    expiresAt: Date,
  ): Promise<void> {
    await db.insert(passwordResets).values({ tokenHash, accountId, expiresAt });
  },

  /** The account of an unused, unexpired reset token (without using it up). */
  async findValidReset(db: DbOrTx, tokenHash: string): Promise<string | undefined> {
    const [row] = await db
      .select({ accountId: passwordResets.accountId })
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.tokenHash, tokenHash),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      )
      .limit(1);
    return row?.accountId;
  },

  /** Marks the token used if it still is valid; returns its account (atomic: a token works once). */
  async useReset(db: DbOrTx, tokenHash: string): Promise<string | undefined> {
    const [row] = await db
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.tokenHash, tokenHash),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      )
      .returning({ accountId: passwordResets.accountId });
    return row?.accountId;
  },

  /** Other outstanding links of the account stop working once the password is changed. */
  async retireResets(db: DbOrTx, accountId: string): Promise<void> {
    await db
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.accountId, accountId), isNull(passwordResets.usedAt)));
  },
};
