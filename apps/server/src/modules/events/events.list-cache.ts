import type { EventRow } from './events.repository.ts';

/** The key of public events in event_list_changes (migration 0028): every list shows them. */
export const PUBLIC_EVENTS_KEY = '00000000-0000-0000-0000-000000000000';
/** How long a page is kept at most; the log keeps a key's rows a day (migration 0028), far longer. */
export const LIST_PAGE_TTL_MS = 60 * 60_000;
const MAX_PAGES = 1_000;

/**
 * A page of the events list as one statement read it, without what changes with every registration or differs per
 * person (the counters, the reader's own registration): its rows in order, the total, and the snapshot of that
 * statement (`pg_current_snapshot()`), against which a later use checks the change log (ADR 0051).
 */
export interface KeptPage {
  rows: readonly { readonly event: Readonly<EventRow>; readonly tenantName: string }[];
  total: number;
  snapshot: string;
  /** The clubs whose changes it depends on, and PUBLIC_EVENTS_KEY. */
  keys: string[];
  keptAt: number;
}

/**
 * The events list's pages in memory, per database handle, shared by every person with the same clubs, filters and
 * page (ADR 0051). An entry is never answered on its own: each use asks the database, in the statement that reads the
 * counters and the reader's registrations, whether a transaction that committed after the entry's snapshot changed
 * one of its keys; only then is it used. So a page is never older than what the database has committed, on any
 * instance, whoever wrote.
 */
export class EventListPages {
  readonly #pages = new Map<string, KeptPage>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  get(key: string): KeptPage | undefined {
    const page = this.#pages.get(key);
    if (!page) return undefined;
    if (this.#now() - page.keptAt > LIST_PAGE_TTL_MS) {
      this.#pages.delete(key);
      return undefined;
    }
    return page;
  }

  keep(key: string, page: Omit<KeptPage, 'keptAt'>): void {
    this.#pages.delete(key);
    // The oldest first: a Map iterates in insertion order.
    if (this.#pages.size >= MAX_PAGES) this.#pages.delete(this.#pages.keys().next().value!);
    this.#pages.set(key, { ...page, keptAt: this.#now() });
  }

  drop(key: string): void {
    this.#pages.delete(key);
  }

  get size(): number {
    return this.#pages.size;
  }
}

const byDatabase = new WeakMap<object, EventListPages>();

/** The kept pages of one database handle (a transaction has none: it reads its own snapshot). */
export function listPagesOf(db: object): EventListPages {
  let pages = byDatabase.get(db);
  if (!pages) byDatabase.set(db, (pages = new EventListPages()));
  return pages;
}
