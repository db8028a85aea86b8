import { messages, parse, PGlite, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';
import { statementNamer } from './statement-names.ts';

type BackendMessage = Parameters<Parameters<InstanceType<typeof protocol.Parser>['parse']>[1]>[0];
type Parsers = PGlite['parsers'];

/**
 * A text that may notify: its answer goes through PGlite's parser, which hands notifications to the listeners.
 * Besides NOTIFY itself, a statement that writes (a data-modifying CTE `with … as (insert …)`, or the insert,
 * update, delete or merge after the CTEs) may fire a trigger that notifies (the scope's, ADR 0045); a locking
 * read (`for update`) writes nothing.
 */
const MAY_NOTIFY = /notify|(^|[()])\s*(insert|update|delete|merge)\s/i;

/** Message types of a read's answer when nothing but rows came back (ADR 0043). */
const PARSE_COMPLETE = 0x31; // '1'
const BIND_COMPLETE = 0x32; // '2'
const NO_DATA = 0x6e; // 'n'
const EMPTY_QUERY = 0x49; // 'I'
const READY_FOR_QUERY = 0x5a; // 'Z'
const PORTAL_SUSPENDED = 0x73; // 's'
const ROW_DESCRIPTION = 0x54; // 'T'
const DATA_ROW = 0x44; // 'D'
const COMMAND_COMPLETE = 0x43; // 'C'
const PLAIN = new Set([
  PARSE_COMPLETE,
  BIND_COMPLETE,
  NO_DATA,
  EMPTY_QUERY,
  READY_FOR_QUERY,
  PORTAL_SUSPENDED,
  ROW_DESCRIPTION,
  DATA_ROW,
  COMMAND_COMPLETE,
]);

/**
 * A read's answer, as PGlite's `parseResults` would give it, from the protocol bytes: each text field is decoded
 * from the answer in place and passed to its type's parser (the call's, else the database's). PGlite's own parser
 * copies every field's bytes into a new buffer before decoding them, and `parseResults` merges the call's parsers
 * with the database's ~320 into a new object per call; for a list of 25 rows that was a fifth of the server's
 * time. Undefined when the answer holds anything but ParseComplete, BindComplete, NoData, EmptyQuery, a row
 * description, rows, CommandComplete and ReadyForQuery (an error or a notice): the caller then lets PGlite's
 * parser read it.
 */
export function readAnswer(
  data: Buffer,
  parsers: Parsers,
  callParsers: QueryOptions['parsers'],
  asArrays: boolean,
): { result: Results<unknown>; parsed: boolean } | undefined {
  let fields: { name: string; dataTypeID: number }[] = [];
  const rows: unknown[] = [];
  let result: Results<unknown> | undefined;
  let parsed = false;
  for (let offset = 0; offset < data.length;) {
    const type = data[offset]!;
    if (!PLAIN.has(type)) return undefined;
    const end = offset + 1 + data.readInt32BE(offset + 1);
    let at = offset + 5;
    if (type === PARSE_COMPLETE) parsed = true;
    else if (type === ROW_DESCRIPTION) {
      const count = data.readInt16BE(at);
      at += 2;
      fields = [];
      for (let i = 0; i < count; i++) {
        const zero = data.indexOf(0, at);
        const name = data.toString('utf8', at, zero);
        const dataTypeID = data.readInt32BE(zero + 1 + 6);
        fields.push({ name, dataTypeID });
        at = zero + 1 + 18;
      }
    } else if (type === DATA_ROW) {
      const count = data.readInt16BE(at);
      at += 2;
      const values: unknown[] = new Array(count);
      for (let i = 0; i < count; i++) {
        const length = data.readInt32BE(at);
        at += 4;
        if (length < 0) values[i] = null;
        else {
          const text = data.toString('utf8', at, at + length);
          at += length;
          const dataTypeID = fields[i]!.dataTypeID;
          const parser = (callParsers?.[dataTypeID] ?? parsers[dataTypeID]) as
            ((value: string, typeId: number) => unknown) | undefined;
          values[i] = parser ? parser(text, dataTypeID) : text;
        }
      }
      rows.push(asArrays ? values : Object.fromEntries(fields.map((field, i) => [field.name, values[i]])));
    } else if (type === COMMAND_COMPLETE && !result) {
      const words = data.toString('utf8', at, end - 1).split(' ');
      const command = words[0]!;
      const count = parseInt(words[words.length - 1]!, 10);
      result = { rows, fields, command, affectedRows: 0 };
      if (!Number.isNaN(count)) Object.assign(result, { rowCount: count });
    }
    offset = end;
  }
  return { result: result ?? { affectedRows: 0, rows: [], fields: [] }, parsed };
}

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
 * holds the statements for the life of the database. Their answers are read from the protocol bytes
 * (`readAnswer`, ADR 0043) instead of by PGlite's message parser.
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
        let answer: BackendMessage[];
        if (name !== undefined && !MAY_NOTIFY.test(sql)) {
          // A named read: its answer's bytes as they come (ADR 0043), read by `readAnswer`.
          const chunks: Buffer[] = [];
          await this.execProtocolRawStream(batch, {
            syncToFs: false,
            onRawData: (chunk) => chunks.push(Buffer.from(chunk)),
          });
          const data = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
          // The call's parsers first, then the database's (PGlite merges the two into a new object per call).
          const read = readAnswer(data, this.parsers, options?.parsers, options?.rowMode === 'array');
          if (read) {
            if (read.parsed) this.#parsed.add(name);
            await this.syncToFs();
            return read.result as Results<T>;
          }
          // Anything but rows (an error, a notice): PGlite's own parser reads the same bytes.
          answer = [];
          new protocol.Parser().parse(data, (message) => answer.push(message));
          for (const message of answer) {
            if (message instanceof messages.NoticeMessage) options?.onNotice?.(message);
            if (message instanceof messages.NotificationResponseMessage)
              throw new Error(
                `A notification arrived with the read "${sql}"; it would not reach PGlite's listeners.`,
              );
          }
        } else {
          // throwOnError off: a named Parse that completed before a later message failed (a parameter that is
          // no uuid, say) leaves the statement in the session, and the next call must not parse it again.
          answer = (
            await this.execProtocol(batch, {
              syncToFs: false,
              throwOnError: false,
              onNotice: options?.onNotice,
            })
          ).messages;
        }
        if (name !== undefined && answer.some((m) => m.name === 'parseComplete')) this.#parsed.add(name);
        await this.syncToFs();
        const error = answer.find((m) => m instanceof messages.DatabaseError);
        if (error) throw Object.assign(error, { query: sql, params, queryOptions: options });
        return parse.parseResults(answer, this.parsers, options)[0] as Results<T>;
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
