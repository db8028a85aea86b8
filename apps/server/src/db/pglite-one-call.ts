import { messages, parse, PGlite, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';
import { statementNamer } from './statement-names.ts';

/** Statement texts whose parameter types are remembered; past this many, a new text takes PGlite's own path. */
export const MAX_KNOWN_TEXTS = 2_000;

/**
 * PGlite whose `query` hands the database one batch of protocol messages per statement (ADR 0038).
 *
 * PGlite's own `query` enters the database six times per statement: Parse, Describe (to learn the parameters'
 * types), Bind, Describe, Execute and Sync, each a separate call into the WebAssembly module with its own
 * round of message parsing. This class asks for a text's parameter types once (`describeQuery`) and then sends
 * Parse, Bind, Describe, Execute and Sync together. What it does with the answer is PGlite's own code: the
 * parameters are serialised by PGlite's serializers for the described types, as in `query`; the rows are
 * parsed by PGlite's `parseResults` with the caller's parsers; errors are PGlite's `DatabaseError` with the
 * query, parameters and options attached, as `query` attaches them. It runs under the same two locks as
 * `query` (no statement runs inside another caller's transaction) and syncs the file system after it, as
 * `query` does outside a transaction.
 *
 * Only the top-level `query` changes. Statements inside `transaction()` (Drizzle's transactions) and `exec`
 * (migrations) take PGlite's own path. So do calls with a blob, explicit parameter types or serializers,
 * and new texts once MAX_KNOWN_TEXTS are known.
 *
 * Reads are named statements (ADR 0042), as on PostgreSQL (ADR 0034, `statementNamer`): the first call of a read's
 * text sends Parse with a name, later calls only Bind to it, so the database parses and analyses the text once
 * and keeps its plan (a generic one after five executions, when that is not costlier). The one PGlite session
 * holds the statements for the life of the database.
 */
export class OneCallPGlite extends PGlite {
  readonly #parameterTypes = new Map<string, number[]>();
  /** As on PostgreSQL (ADR 0034): at most 500 names, so the one session's plan cache stays bounded. */
  readonly #nameFor = statementNamer();
  /** False: every statement unnamed (DB_NAMED_READS=0, for the A/B of ADR 0042). */
  namedReads = true;
  /** Names of the statements the session holds (their Parse has completed). */
  readonly #parsed = new Set<string>();

  override async query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (options?.blob || options?.paramTypes || options?.serializers)
      return super.query<T>(sql, params, options);
    const types = await this.#typesOf(sql, options);
    if (!types) return super.query<T>(sql, params, options);
    await this._checkReady();
    return this._runExclusiveTransaction(() =>
      this._runExclusiveQuery(async () => {
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serializer = this.serializers[types[i]!];
          return serializer ? serializer(value) : (value as { toString(): string }).toString();
        });
        const name = this.namedReads ? this.#nameFor(sql) : undefined;
        const parsed = name !== undefined && this.#parsed.has(name);
        const batch = Buffer.concat([
          ...(parsed ? [] : [protocol.serialize.parse({ text: sql, types: [], name })]),
          protocol.serialize.bind({ values, statement: name }),
          protocol.serialize.describe({ type: 'P' }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]);
        // throwOnError off: a named Parse that completed before a later message failed (a parameter that is
        // no uuid, say) leaves the statement in the session, and the next call must not parse it again.
        const answer = await this.execProtocol(batch, {
          syncToFs: false,
          throwOnError: false,
          onNotice: options?.onNotice,
        });
        if (name !== undefined && answer.messages.some((m) => m.name === 'parseComplete'))
          this.#parsed.add(name);
        await this.syncToFs();
        const error = answer.messages.find((m) => m instanceof messages.DatabaseError);
        if (error) throw Object.assign(error, { query: sql, params, queryOptions: options });
        return parse.parseResults(answer.messages, this.parsers, options)[0] as Results<T>;
      }),
    );
  }

  /** The parameter types of a text, described once; undefined: let PGlite's own `query` run (and fail) it. */
  async #typesOf(sql: string, options: QueryOptions | undefined): Promise<number[] | undefined> {
    const known = this.#parameterTypes.get(sql);
    if (known) return known;
    if (this.#parameterTypes.size >= MAX_KNOWN_TEXTS) return undefined;
    try {
      const described = await this.describeQuery(sql, options);
      const types = described.queryParams.map((param) => param.dataTypeID);
      this.#parameterTypes.set(sql, types);
      return types;
    } catch {
      return undefined;
    }
  }

  /** How many texts have their parameter types remembered (tests). */
  get knownTexts(): number {
    return this.#parameterTypes.size;
  }

  /** How many named statements the session holds (tests). */
  get namedStatements(): number {
    return this.#parsed.size;
  }
}
