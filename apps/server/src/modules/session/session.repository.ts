import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { webLogins, webSessions } from '../../db/schema/index.ts';

export type WebSessionRow = typeof webSessions.$inferSelect;
export type WebLoginRow = typeof webLogins.$inferSelect;

export const sessionRepository = {
  async insertLogin(db: DbOrTx, values: WebLoginRow): Promise<void> {
    await db.insert(webLogins).values(values);
  },

  /** Removes and returns the sign-in of this state: a state is usable once, whatever happens next. */
  async takeLogin(db: DbOrTx, state: string): Promise<WebLoginRow | undefined> {
    const [row] = await db.delete(webLogins).where(eq(webLogins.state, state)).returning();
    return row;
  },

  async insertSession(
    db: DbOrTx,
    values: Pick<WebSessionRow, 'id' | 'subject' | 'tokens' | 'claims' | 'expiresAt'>,
  ): Promise<void> {
    await db.insert(webSessions).values(values);
  },

  async find(db: DbOrTx, id: string): Promise<WebSessionRow | undefined> {
    const [row] = await db.select().from(webSessions).where(eq(webSessions.id, id)).limit(1);
    return row;
  },

  async touch(db: DbOrTx, id: string): Promise<void> {
    await db.update(webSessions).set({ lastSeenAt: new Date() }).where(eq(webSessions.id, id));
  },

  /** Clears the fresh flag; true when this call cleared it (the first read after the sign-in). */
  async takeFresh(db: DbOrTx, id: string): Promise<boolean> {
    const rows = await db
      .update(webSessions)
      .set({ fresh: false })
      .where(and(eq(webSessions.id, id), eq(webSessions.fresh, true)))
      .returning({ id: webSessions.id });
    return rows.length > 0;
  },

  /**
   * Takes the refresh lease when nobody holds it (or it ran out): one statement, so of several requests on
   * several instances exactly one refreshes. Returns the row as it is now, or undefined when the lease is taken.
   */
  async acquireRefreshLease(db: DbOrTx, id: string, until: Date): Promise<WebSessionRow | undefined> {
    const [row] = await db
      .update(webSessions)
      .set({ refreshLeaseUntil: until })
      .where(
        and(
          eq(webSessions.id, id),
          or(isNull(webSessions.refreshLeaseUntil), lt(webSessions.refreshLeaseUntil, sql`now()`)),
        ),
      )
      .returning();
    return row;
  },

  /** Stores refreshed tokens and gives the lease back; undefined when the session was ended meanwhile. */
  async saveRefreshed(
    db: DbOrTx,
    id: string,
    values: Pick<WebSessionRow, 'tokens' | 'claims' | 'expiresAt'>,
  ): Promise<WebSessionRow | undefined> {
    const [row] = await db
      .update(webSessions)
      .set({ ...values, refreshLeaseUntil: null, lastSeenAt: new Date() })
      .where(eq(webSessions.id, id))
      .returning();
    return row;
  },

  async releaseRefreshLease(db: DbOrTx, id: string): Promise<void> {
    await db.update(webSessions).set({ refreshLeaseUntil: null }).where(eq(webSessions.id, id));
  },

  async delete(db: DbOrTx, id: string): Promise<WebSessionRow | undefined> {
    const [row] = await db.delete(webSessions).where(eq(webSessions.id, id)).returning();
    return row;
  },

  /** Ends every web session of an account (e.g. when the account is deleted). */
  async deleteForSubject(db: DbOrTx, subject: string): Promise<number> {
    const rows = await db
      .delete(webSessions)
      .where(eq(webSessions.subject, subject))
      .returning({ id: webSessions.id });
    return rows.length;
  },

  /** Drops sign-ins and sessions past their end. */
  async purgeExpired(db: DbOrTx, idleBefore: Date): Promise<void> {
    await db.delete(webLogins).where(lt(webLogins.expiresAt, sql`now()`));
    await db
      .delete(webSessions)
      .where(or(lt(webSessions.expiresAt, sql`now()`), lt(webSessions.lastSeenAt, idleBefore)));
  },
};
