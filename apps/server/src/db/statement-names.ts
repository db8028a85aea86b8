/**
 * Reads as named prepared statements (ADR 0034). Every query Drizzle sends to PostgreSQL is a new unnamed statement
 * by default, so PostgreSQL parses and plans it again each time; for the list queries planning cost more than
 * executing (about 1 ms against 0.1–0.8 ms). A read whose SQL text was seen before gets a name, node-postgres
 * sends Parse once per connection, and PostgreSQL keeps its plan (a generic one after five executions, when that
 * is not costlier than planning per call). The texts are shapes (values travel as parameters), so their number is
 * bounded by the code; the cap keeps a pathological mix (e.g. `IN` lists of every length) from growing the
 * sessions' memory: past it, statements stay unnamed. The embedded PGlite names its reads the same way (ADR 0042,
 * pglite-one-call.ts).
 */
const READ = /^\(?\s*(select|with)\s/i;

/** SQL text → statement name for reads, at most `max` names (then undefined), texts up to `maxText` characters. */
export function statementNamer(max = 500, maxText = 16_000): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    const known = names.get(text);
    if (known !== undefined) return known;
    if (names.size >= max || text.length > maxText || !READ.test(text)) return undefined;
    const name = `vh_read_${names.size}`;
    names.set(text, name);
    return name;
  };
}
