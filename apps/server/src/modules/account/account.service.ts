import type { AccountExport } from '@vereinsheim/contracts';
import type { Database } from '../../db/client.ts';
import { deleteSignInData } from '../../identity/index.ts';
import { notVisible, type Actor } from '../../policy/index.ts';
import type { FileStore } from '../media/index.ts';
import { deletePerson, findSelf, lockSelf, subjectsOf } from '../persons/index.ts';
import { mailAddressesOf } from '../personal-data/index.ts';
import { storedFileNamesOf } from '../profile/index.ts';
import { sessionRepository } from '../session/index.ts';
import { accountRepository as repo } from './account.repository.ts';

/** Columns never exported: secrets that say nothing about the person. */
const SECRET_COLUMN = /password|hash|secret|token|^p256dh$|^auth$|^keys$/i;

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
    const person = await findSelf(db, actor);
    if (!person) throw notVisible('person');
    const tables: Record<string, Record<string, unknown>[]> = {};
    for (const table of await repo.tablesWithPersonId(db)) {
      const rows = (await repo.rowsOf(db, actor, table)).map(redact);
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
   * deleteAccount: the person and everything about them in one transaction. The sign-in side removes
   * its accounts, sessions, grants, throttle entries and dev mails (identity); deleting the person row
   * cascades to every module's person-owned rows; stored image files are removed after the commit.
   */
  async deleteAccount(db: Database, store: FileStore, actor: Actor): Promise<void> {
    const files = await db.transaction(async (tx) => {
      if (!(await lockSelf(tx, actor))) throw notVisible('person');
      const [subjects, mailAddresses, files] = await Promise.all([
        subjectsOf(tx, actor),
        mailAddressesOf(tx, actor),
        storedFileNamesOf(tx, actor),
      ]);
      await deleteSignInData(tx, { personId: actor.personId, subjects, mailAddresses });
      // The web sessions hold the account's tokens and ID token claims (name, e-mail address).
      for (const subject of subjects) await sessionRepository.deleteForSubject(tx, subject);
      await deletePerson(tx, actor);
      return files;
    });
    for (const name of files) await store.delete(name).catch(() => undefined);
  },
};
