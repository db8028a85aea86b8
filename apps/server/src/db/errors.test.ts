import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestPerson } from '../../test/harness.ts';
import { isDatabaseUnavailable, serializeError } from './errors.ts';

describe('the server log holds no personal data from database errors', () => {
  const MARKER = 'Diagnose-Marker-7f3a9c';
  const lines: string[] = [];
  let ctx: TestContext;
  let person: TestPerson;

  beforeAll(async () => {
    ctx = await createTestContext(
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line) => lines.push(line) } },
    );
    person = await ctx.createPerson();
    // The database itself refuses the row: its error carries the row ("Failing row contains …") and Drizzle's
    // wrapper carries every query value.
    await ctx.db.execute(
      sql.raw(
        `ALTER TABLE medical_informations ADD CONSTRAINT fault_probe CHECK (position('${MARKER}' in name) = 0)`,
      ),
    );
  });
  afterAll(() => ctx.close());

  it('logs the statement and SQLSTATE of a failed medical write, never the values written', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/medicalinformation',
      headers: await ctx.auth(person),
      payload: { type: 'allergy', name: `${MARKER} Penicillin`, description: `${MARKER} Atemnot` },
    });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain(MARKER);

    const log = lines.join('');
    const entry = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.msg === 'unhandled error');
    expect(entry).toBeDefined();
    const err = JSON.stringify(entry!.err);
    expect(err).toContain('insert into \\"medical_informations\\"');
    expect(err).toContain('"code":"23514"');
    expect(err).toContain('"constraint":"fault_probe"');
    expect(log).not.toContain(MARKER);
    expect(log).not.toContain('Penicillin');
  });
});

describe('serializeError', () => {
  it('keeps a PGlite/pg server error’s SQLSTATE and names but drops detail, params and quoted values', () => {
    const cause = Object.assign(new Error('invalid input syntax for type uuid: "Max Mustermann"'), {
      name: 'error',
      code: '22P02',
      severity: 'ERROR',
      detail: 'Key (email)=(max@example.org) already exists.',
      where: 'SQL function "x" statement 1: max@example.org',
      table: 'persons',
      query: 'select * from persons where id = $1',
      params: ['Max Mustermann'],
    });
    const wrapper = Object.assign(
      new Error('Failed query: select * from persons where id = $1\nparams: Max Mustermann'),
      { query: 'select * from persons where id = $1', params: ['Max Mustermann'], cause },
    );
    const out = JSON.stringify(serializeError(wrapper));
    expect(out).not.toContain('Max Mustermann');
    expect(out).not.toContain('max@example.org');
    expect(serializeError(wrapper)).toMatchObject({
      message: 'Failed query',
      statement: 'select * from persons where id = $1',
      cause: {
        code: '22P02',
        table: 'persons',
        message: 'invalid input syntax for type uuid: [value removed]',
      },
    });
  });

  it('keeps type, message and stack of other errors', () => {
    const out = serializeError(new TypeError('boom'));
    expect(out).toMatchObject({ type: 'TypeError', message: 'boom' });
    expect(out.stack).toMatch(/^TypeError: boom\n\s+at /);
  });
});

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a terminated backend', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    [
      'a server starting up',
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    ],
    ['a connection exception', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['a pool timeout', new Error('timeout exceeded when trying to connect')],
    ['a wrapped one', new Error('Failed query', { cause: new Error('Connection terminated unexpectedly') })],
    [
      'one inside an AggregateError',
      new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]),
    ],
  ])('is true for %s', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a check violation', Object.assign(new Error('violates check constraint'), { code: '23514' })],
    ['a programming error', new TypeError('undefined is not a function')],
    ['a string', 'boom'],
  ])('is false for %s', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
