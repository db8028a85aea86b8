import { messages, parse, PGlite, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

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
 */
export class OneCallPGlite extends PGlite {
  readonly #parameterTypes = new Map<string, number[]>();

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
        const batch = Buffer.concat([
          protocol.serialize.parse({ text: sql, types: [] }),
          protocol.serialize.bind({ values }),
          protocol.serialize.describe({ type: 'P' }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]);
        let answer: Awaited<ReturnType<PGlite['execProtocol']>>;
        try {
          answer = await this.execProtocol(batch, { syncToFs: false, onNotice: options?.onNotice });
        } catch (error) {
          if (error instanceof messages.DatabaseError)
            Object.assign(error, { query: sql, params, queryOptions: options });
          throw error;
        }
        await this.syncToFs();
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
}
