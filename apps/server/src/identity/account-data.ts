import { eq, inArray, like, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { accounts, authLimits, devMails, oidcModels } from '../db/schema/index.ts';
import { normalizeEmail } from './accounts.repository.ts';
import { limitKeys } from './limits.ts';

/**
 * Deletes what the embedded provider keeps about an account outside the tables that cascade from the
 * person: its sessions, grants, codes and tokens (matched by the `account_id` column), development
 * mails to its addresses (matched exactly) and its sign-in counters (keys that start with the hash of
 * one of its addresses). Runs inside the caller's deletion transaction.
 */
export async function deleteAccountProviderData(
  tx: DbOrTx,
  accountIds: string[],
  emails: string[],
): Promise<void> {
  if (accountIds.length > 0) await tx.delete(oidcModels).where(inArray(oidcModels.accountId, accountIds));
  const addresses = [...new Set(emails.map(normalizeEmail))];
  if (addresses.length === 0) return;
  await tx.delete(devMails).where(inArray(sql`lower(${devMails.to})`, addresses));
  const hashes = addresses.map((a) => limitKeys.account(a));
  await tx.delete(authLimits).where(
    or(
      inArray(
        authLimits.key,
        hashes.map((h) => `mail-to:${h}`),
      ),
      // Pair keys are `<prefix>:p:<account hash>:<address hash>`; the hashes are hex, so no wildcards.
      ...hashes.flatMap((h) => [
        like(authLimits.key, `login-pair-n:p:${h}:%`),
        like(authLimits.key, `login-pair-wait:p:${h}:%`),
      ]),
    ),
  );
}

/**
 * Account deletion (in the caller's transaction): everything the sign-in side keeps about a person — their
 * embedded-provider accounts (password resets and verifications cascade), the provider's rows of those
 * accounts and of the person's other subjects, development mails and sign-in counters of their addresses.
 */
export async function deleteSignInData(
  tx: DbOrTx,
  input: { personId: string; subjects: string[]; mailAddresses: string[] },
): Promise<void> {
  const own = await tx
    .select({ id: accounts.id, email: accounts.email })
    .from(accounts)
    .where(eq(accounts.personId, input.personId));
  const accountIds = [...new Set([...own.map((a) => a.id), ...input.subjects])];
  await deleteAccountProviderData(tx, accountIds, [...own.map((a) => a.email), ...input.mailAddresses]);
  if (own.length > 0)
    await tx.delete(accounts).where(
      inArray(
        accounts.id,
        own.map((a) => a.id),
      ),
    );
}
