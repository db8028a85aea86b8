import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { insertMany } from './insert-many.ts';
import { itemSharing, logMessages, memberships, persons } from './schema/index.ts';

let ctx: TestContext;
let club: string;
beforeAll(async () => {
  ctx = await createTestContext();
  club = await ctx.createClub();
});
afterAll(() => ctx.close());

describe('insertMany (one statement, one parameter)', () => {
  it('stores every row with its uuid, text, date, enum, boolean, NULL and jsonb values, in one statement', async () => {
    const ids: string[] = [randomUUID(), randomUUID(), randomUUID()];
    const { queries } = await ctx.countQueries(() =>
      insertMany(ctx.db, persons, [
        { id: ids[0]!, firstName: 'Änne', lastName: 'O’Brien "Q"', birthdate: '1990-02-28' },
        { id: ids[1]!, firstName: 'Bo', lastName: 'Back\\slash', birthdate: null },
        { id: ids[2]!, firstName: 'Cem', lastName: 'Zeile\nzwei', birthdate: '2001-12-31' },
      ]),
    );
    expect(queries).toBe(1);
    const stored = await ctx.db
      .select({
        id: persons.id,
        firstName: persons.firstName,
        lastName: persons.lastName,
        birthdate: persons.birthdate,
        gender: persons.gender,
      })
      .from(persons)
      .where(inArray(persons.id, ids));
    stored.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
    // Columns not given keep their defaults (gender).
    expect(stored).toEqual([
      {
        id: ids[0],
        firstName: 'Änne',
        lastName: 'O’Brien "Q"',
        birthdate: '1990-02-28',
        gender: 'noinformation',
      },
      { id: ids[1], firstName: 'Bo', lastName: 'Back\\slash', birthdate: null, gender: 'noinformation' },
      {
        id: ids[2],
        firstName: 'Cem',
        lastName: 'Zeile\nzwei',
        birthdate: '2001-12-31',
        gender: 'noinformation',
      },
    ]);

    await insertMany(
      ctx.db,
      memberships,
      ids.map((personId) => ({
        tenantId: club,
        personId,
        role: 'trainer' as const,
        startsOn: '2024-04-01',
        endsOn: null,
      })),
    );
    const roles = await ctx.db.select().from(memberships).where(inArray(memberships.personId, ids));
    expect(roles.map((r) => [r.role, r.startsOn, r.endsOn])).toEqual(
      Array(3).fill(['trainer', '2024-04-01', null]),
    );

    await insertMany(ctx.db, itemSharing, [
      {
        personId: ids[0]!,
        itemKind: 'mail',
        itemId: randomUUID(),
        tenantId: club,
        isDefault: true,
        intern: true,
      },
    ]);
    const [sharing] = await ctx.db.select().from(itemSharing).where(inArray(itemSharing.personId, ids));
    expect(sharing).toMatchObject({ itemKind: 'mail', tenantId: club, isDefault: true, intern: true });

    const params = { club: 'Kanuclub', role: { key: 'log.value.role.member' } };
    const changes = [{ field: 'role', old: null, new: 'member' }];
    await insertMany(ctx.db, logMessages, [
      {
        personId: ids[1]!,
        actorPersonId: null,
        action: 'created',
        entityKind: 'membership',
        tenantId: club,
        summaryKey: 'log.membership.roleAdded',
        summaryParams: params,
        changes,
      },
    ]);
    const [log] = await ctx.db.select().from(logMessages).where(inArray(logMessages.personId, ids));
    expect(log).toMatchObject({ summaryParams: params, changes, actorPersonId: null, tenantId: club });
  });

  it('answers how many rows it inserted, and with onConflictDoNothing skips the rows a unique index refuses', async () => {
    const taken = randomUUID();
    expect(await insertMany(ctx.db, persons, [{ id: taken, firstName: 'Erst', lastName: 'Mal' }])).toBe(1);
    const fresh = randomUUID();
    const rows = [
      { id: taken, firstName: 'Nochmal', lastName: 'Gleich' },
      { id: fresh, firstName: 'Neu', lastName: 'Hier' },
    ];
    expect(await insertMany(ctx.db, persons, rows, { onConflictDoNothing: true })).toBe(1);
    const stored = await ctx.db
      .select({ id: persons.id, firstName: persons.firstName })
      .from(persons)
      .where(inArray(persons.id, [taken, fresh]));
    expect(stored.sort((a, b) => a.firstName.localeCompare(b.firstName))).toEqual([
      { id: taken, firstName: 'Erst' },
      { id: fresh, firstName: 'Neu' },
    ]);
  });

  it('sends nothing for no rows', async () => {
    const { queries } = await ctx.countQueries(() => insertMany(ctx.db, persons, []));
    expect(queries).toBe(0);
  });

  it('writes all rows or none: a row that breaks a constraint fails the statement', async () => {
    const ids = [randomUUID(), randomUUID()];
    await expect(
      insertMany(ctx.db, persons, [
        { id: ids[0]!, firstName: 'Da', lastName: 'Bei' },
        { id: ids[1]!, firstName: null as unknown as string, lastName: 'Ohne Vorname' },
      ]),
    ).rejects.toThrow();
    expect(await ctx.db.select().from(persons).where(inArray(persons.id, ids))).toEqual([]);
  });
});
