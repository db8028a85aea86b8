import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client.ts';
import { listenTo, type ChannelSubscription } from '../db/notifications.ts';
import type { ActorScope } from './actor.ts';
import { readActorScope } from './scope.repository.ts';

/** The channel the memberships' and team members' triggers notify (migration 0026, ADR 0045). */
export const SCOPE_CHANNEL = 'vh_scope';
/** How long an entry answers at most, as a bound for what no notification could tell (clock, a lost payload). */
export const SCOPE_TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;
const RECENT = 1_000;

export interface ScopeCache {
  /** The person's scope: from memory while it holds, otherwise read (one statement) and kept. */
  load(personId: string): Promise<ActorScope>;
  /**
   * Runs a read that may bring a scope along (the subject's person with their scope, ADR 0020) and keeps that
   * scope under the same rule as `load`.
   */
  remember<T extends { scope?: ActorScope; lapsesAt?: number | null } | null>(
    read: () => Promise<T>,
  ): Promise<T>;
  close(): Promise<void>;
}

export interface ScopeCacheOptions {
  ttlMs?: number;
  /** The clock (epoch ms); tests move it past a membership's end date. */
  now?: () => number;
}

/**
 * The actors' scopes (memberships with roles, teams) in memory, per person (ADR 0045): every authenticated
 * request needs its actor's scope, and it changes only when a membership or team membership is written or a
 * membership's end date passes.
 *
 * - **Written:** the tables' triggers NOTIFY `vh_scope` with the persons (or `*`) when the change commits; every
 *   instance drops those entries. A read that started before a change and ends after its notification is not
 *   kept (the invalidations are numbered), so an entry never outlives a change it did not see.
 * - **Lapsed:** an entry holds until the earliest end of its memberships (the database's midnight), and at most
 *   `SCOPE_TTL_MS`.
 * - **Not listening** (until the LISTEN connection has heard a check of its own, db/notifications.ts, and again
 *   from a lost connection or a failed check until it is back): nothing is answered from memory or kept, and the
 *   entries are dropped, since notifications meanwhile are lost.
 */
export async function startScopeCache(
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  options: ScopeCacheOptions = {},
): Promise<ScopeCache> {
  const ttl = options.ttlMs ?? SCOPE_TTL_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { scope: ActorScope; until: number }>();
  let listening = false;
  // Every invalidation, numbered, with the persons it named (null: all). A read keeps its result only if no
  // invalidation since it started named its person; the last RECENT are remembered, an older read is not kept.
  let generation = 0;
  const recent: { generation: number; persons: ReadonlySet<string> | null }[] = [];
  const invalidate = (persons: ReadonlySet<string> | null) => {
    recent.push({ generation: ++generation, persons });
    if (recent.length > RECENT) recent.shift();
    if (persons === null) entries.clear();
    else for (const personId of persons) entries.delete(personId);
  };
  const changedSince = (before: number, personId: string): boolean => {
    if (before === generation) return false;
    if (recent.length === 0 || recent[0]!.generation > before + 1) return true;
    for (let i = recent.length - 1; i >= 0 && recent[i]!.generation > before; i--) {
      const persons = recent[i]!.persons;
      if (persons === null || persons.has(personId)) return true;
    }
    return false;
  };

  const subscription: ChannelSubscription = await listenTo(database, SCOPE_CHANNEL, log, {
    onNotification: (payload) => invalidate(payload === '*' ? null : new Set(payload.split(','))),
    onDown: () => {
      listening = false;
      invalidate(null);
    },
    onUp: () => {
      invalidate(null);
      listening = true;
    },
  });

  /** Keeps a scope read from `asked` on, unless an invalidation since `before` named its person. */
  const keep = (scope: ActorScope, lapsesAt: number | null, asked: number, before: number) => {
    const { personId } = scope;
    if (!listening || changedSince(before, personId)) return;
    entries.delete(personId);
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    entries.set(personId, { scope, until: Math.min(asked + ttl, lapsesAt ?? Number.POSITIVE_INFINITY) });
  };

  return {
    async load(personId) {
      const asked = now();
      if (listening) {
        const hit = entries.get(personId);
        if (hit && hit.until > asked) return hit.scope;
      }
      const before = generation;
      const { scope, lapsesAt } = await readActorScope(database.db, personId);
      keep(scope, lapsesAt, asked, before);
      return scope;
    },
    async remember(read) {
      const asked = now();
      const before = generation;
      const result = await read();
      if (result?.scope) keep(result.scope, result.lapsesAt ?? null, asked, before);
      return result;
    },
    async close() {
      listening = false;
      entries.clear();
      await subscription.close();
    },
  };
}
