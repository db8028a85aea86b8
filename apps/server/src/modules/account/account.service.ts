import { eq, inArray, sql } from 'drizzle-orm';
import type { AccountExport } from '@vereinsheim/contracts';
import type { Database, DbOrTx } from '../../db/client.ts';
import {
  accounts,
  devMails,
  identities,
  loginThrottle,
  mailAddresses,
  oidcModels,
  persons,
  storedFiles,
} from '../../db/schema/index.ts';
import { notFound } from '../../lib/problem.ts';
import type { Actor } from '../../plugins/auth.ts';
import type { FileStore } from '../media/file-store.ts';

/** Columns never exported: secrets that say nothing about the person. */
const SECRET_COLUMN = /password|hash|secret|token|^p256dh$|^auth$|^keys$/i;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Every table of the public schema that has a person_id column. */
async function tablesWithPersonId(db: DbOrTx): Promise<string[]> {
  const result = await db.execute<{ table_name: string }>(sql`
    select c.table_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and c.column_name = 'person_id' and t.table_type = 'BASE TABLE'
    order by c.table_name`);
  return result.rows.map((r) => r.table_name);
}

function redact(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !SECRET_COLUMN.test(key)));
}

export const accountService = {
  /**
   * GDPR Art. 15/20: the person row and every row of every table that carries their person_id
   * (personal data, sharing, log, approvals, memberships, registrations, invoices, …), plus the
   * sign-in account without its password hash.
   */
  async export(db: Database, actor: Actor): Promise<AccountExport> {
    const [person] = await db.select().from(persons).where(eq(persons.id, actor.personId));
    if (!person) throw notFound('Unknown person.');
    const tables: Record<string, Record<string, unknown>[]> = {};
    for (const table of await tablesWithPersonId(db)) {
      const result = await db.execute<{ row: Record<string, unknown> }>(
        sql`select row_to_json(t) as row from ${sql.raw(quoteIdent(table))} t where t.person_id = ${actor.personId}`,
      );
      const rows = result.rows.map((r) => redact(r.row));
      if (rows.length) tables[table] = rows;
    }
    return {
      exportedAt: new Date().toISOString(),
      format: 'vereinsheim-export/1',
      person: redact({
        ...person,
        createdAt: person.createdAt.toISOString(),
        updatedAt: person.updatedAt.toISOString(),
      }),
      tables,
    };
  },

  /**
   * Deletes the person and everything about them in one transaction: the person row (its foreign
   * keys cascade to profile items, sharing, images, log rows about them, approvals, memberships,
   * identities, the embedded provider's account and password resets, and every other module's
   * person-owned rows), the provider's sessions and grants for the account, throttle entries and dev
   * mails to their addresses; stored image files are removed after the commit.
   */
  async deleteAccount(db: Database, store: FileStore, actor: Actor): Promise<void> {
    const files = await db.transaction(async (tx) => {
      const [person] = await tx
        .select({ id: persons.id })
        .from(persons)
        .where(eq(persons.id, actor.personId))
        .for('update');
      if (!person) throw notFound('Unknown person.');
      const own = await tx
        .select({ id: accounts.id, email: accounts.email })
        .from(accounts)
        .where(eq(accounts.personId, actor.personId));
      const subjects = await tx
        .select({ subject: identities.subject })
        .from(identities)
        .where(eq(identities.personId, actor.personId));
      const mails = await tx
        .select({ email: mailAddresses.email })
        .from(mailAddresses)
        .where(eq(mailAddresses.personId, actor.personId));
      const accountIds = [...new Set([...own.map((a) => a.id), ...subjects.map((s) => s.subject)])];
      const addresses = [
        ...new Set([...own.map((a) => a.email), ...mails.map((m) => m.email)].map((m) => m.toLowerCase())),
      ];

      for (const accountId of accountIds) {
        // Sessions, grants, tokens, codes and interactions of the embedded provider name the account id.
        await tx
          .delete(oidcModels)
          .where(
            sql`${oidcModels.payload}->>'accountId' = ${accountId} or ${oidcModels.payload}::text like ${`%${accountId}%`}`,
          );
      }
      for (const address of addresses) {
        await tx.delete(devMails).where(sql`lower(${devMails.to}) like ${`%${address}%`}`);
        await tx.delete(loginThrottle).where(sql`lower(${loginThrottle.key}) like ${`%${address}%`}`);
      }
      const fileRows = await tx
        .select({ name: storedFiles.name })
        .from(storedFiles)
        .where(eq(storedFiles.personId, actor.personId));
      if (own.length)
        await tx.delete(accounts).where(
          inArray(
            accounts.id,
            own.map((a) => a.id),
          ),
        );
      await tx.delete(persons).where(eq(persons.id, actor.personId));
      return fileRows.map((f) => f.name);
    });
    for (const name of files) await store.delete(name).catch(() => undefined);
  },
};
