import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** The key of public events in list_changes (migration 0028): every events list shows them. */
export const PUBLIC_EVENTS_KEY = '00000000-0000-0000-0000-000000000000';
/** How long a page is kept at most; the log keeps a key's rows a day (migration 0028), far longer. */
export const KEPT_PAGE_TTL_MS = 60 * 60_000;
const MAX_PAGES = 1_000;

/** The lists whose writers log their changes in list_changes (migration 0028). */
export type LoggedList = 'events' | 'news';

/**
 * A page of a list as one statement read it, without what differs per person or changes without being logged: its
 * rows, the total, the snapshot of that statement (`pg_current_snapshot()`), against which every use checks the
 * change log, and the keys (clubs) whose changes it depends on (ADR 0051).
 */
export interface KeptPage<Row> {
  rows: readonly Row[];
  total: number;
  snapshot: string;
  keys: string[];
  /** Epoch ms from which the page no longer holds whatever the log says (a scheduled post's time); null: none. */
  until: number | null;
  keptAt: number;
}

/**
 * Pages of one list in memory, per database handle, shared by every person who asks the same page (ADR 0051). A
 * page is never answered on its own: each use asks the database, in the statement that reads what is per person,
 * whether a transaction that committed after the page's snapshot logged one of its keys (`changedSince`); only then
 * is it used. So a page is never older than what the database has committed, on any instance, whoever wrote.
 */
export class KeptPages<Row> {
  readonly #pages = new Map<string, KeptPage<Row>>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** The page, unless it is older than KEPT_PAGE_TTL_MS or its `until` has come (at `at`, default now). */
  get(key: string, at = this.#now()): KeptPage<Row> | undefined {
    const page = this.#pages.get(key);
    if (!page) return undefined;
    if (at - page.keptAt > KEPT_PAGE_TTL_MS || (page.until !== null && at >= page.until)) {
      this.#pages.delete(key);
      return undefined;
    }
    return page;
  }

  keep(key: string, page: Omit<KeptPage<Row>, 'keptAt'>): void {
    this.#pages.delete(key);
    // The oldest first: a Map iterates in insertion order.
    if (this.#pages.size >= MAX_PAGES) this.#pages.delete(this.#pages.keys().next().value!);
    this.#pages.set(key, { ...page, keptAt: this.#now() });
  }

  drop(key: string): void {
    this.#pages.delete(key);
  }
}

/**
 * One `KeptPages` per database handle and list. A transaction gets none (undefined): it reads its own snapshot and
 * its own writes, which no kept page may serve or take.
 */
export function keptPagesPer<Row>(): (db: object) => KeptPages<Row> | undefined {
  const byDatabase = new WeakMap<object, KeptPages<Row>>();
  return (db) => {
    if ('rollback' in db) return undefined;
    let pages = byDatabase.get(db);
    if (!pages) byDatabase.set(db, (pages = new KeptPages<Row>()));
    return pages;
  };
}

/** The snapshot a statement reads, once (an init plan): a page read by it is checked against it later. */
export const STATEMENT_SNAPSHOT = sql<string>`(select pg_current_snapshot()::text)`;

/**
 * True when a transaction that committed after `snapshot` logged one of `keys` for `list`: a transaction still
 * under way then is not visible in the snapshot, and counts once it has committed.
 */
export function changedSince(list: LoggedList, keys: SQLWrapper, snapshot: SQLWrapper): SQL<boolean> {
  const snap = sql`${snapshot}::pg_snapshot`;
  return sql<boolean>`exists(select 1 from list_changes c where c.list = ${sql.raw(`'${list}'`)} and c.key = any(${keys}::uuid[]) and c.xid >= pg_snapshot_xmin(${snap}) and not pg_visible_in_snapshot(c.xid, ${snap}))`;
}
