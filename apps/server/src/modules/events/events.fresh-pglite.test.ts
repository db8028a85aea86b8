import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, runMigrations, type DatabaseHandle } from '../../db/client.ts';
import { eventsRepository } from './events.repository.ts';

/**
 * `npm start` on its embedded defaults: a new PGlite database that migrates at start-up. PGlite learns the
 * database's types when it opens, so the enums the migrations create afterwards have no array serializer there;
 * the other tests open PGlite from a dump that already holds them and cannot see this. The events' list parameters
 * sent as arrays must work on such a database (the dashboard's next events once answered 500 here).
 */
describe('array parameters on a fresh embedded database', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openPglite({});
    await runMigrations(handle);
  });
  afterAll(() => handle.close());

  const person = '00000000-0000-4000-8000-00000000f001';
  const club = '00000000-0000-4000-8000-00000000f002';

  it('filters my registrations by states, clubs and end', async () => {
    const list = await eventsRepository.myRegistrations(
      handle.db,
      { personId: person },
      {
        includeCancelled: false,
        endsAfter: new Date(),
        tenantIds: [club],
        statuses: ['invited', 'participating', 'waiting'],
        orderBy: 'start',
        order: 'ascending',
        limit: 5,
        offset: 0,
      },
    );
    expect(list).toEqual({ rows: [], total: 0 });
  });

  it('lists events and their details for a person with clubs', async () => {
    const scope = { personId: person, tenantIds: [club] };
    const events = await eventsRepository.list(
      handle.db,
      scope,
      { tenantIds: [club], disciplineIds: [club], divisionIds: [club], keyword: 'lauf', from: new Date() },
      { orderBy: 'start', order: 'ascending', limit: 5, offset: 0 },
    );
    expect(events).toEqual({ rows: [], total: 0 });
    expect(await eventsRepository.ownRegistrations(handle.db, scope, [club])).toEqual(new Map());
  });
});
