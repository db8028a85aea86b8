#!/usr/bin/env node
/**
 * npm run seed:scale -- --persons N [--database postgres://…] — adds a realistic installation of N persons to a
 * PostgreSQL database (migrated; DATABASE_URL or --database), built in SQL with generate_series so that 1 M
 * persons take minutes, not hours. Per 1 M persons: 3 000 clubs, 300 k events, 5 M registrations, 2 M
 * messages, 1 M invoices (every figure scales with N). Every row is marked `scale-…`/"Scale …" so that it is
 * recognisable; the demo data (if any) stays as it is. VACUUM (ANALYZE) at the end: the registrations update every
 * event once (the counter triggers of ADR 0032), and a running installation's autovacuum would have removed those
 * dead row versions long before anyone measures; without it the events' counts read 300 k dead rows (ADR 0033).
 * Also used by `npm run bench` with BENCH_PERSONS (scripts/bench.mjs).
 */
import pg from 'pg';

export function scaleFigures(persons) {
  return {
    persons,
    clubs: Math.max(3, Math.round(persons * 0.003)),
    events: Math.max(10, Math.round(persons * 0.3)),
    registrations: persons * 5,
    messages: persons * 2,
    invoices: persons,
  };
}

/** Runs the generator on the database at `url`; returns the figures and the seconds it took. */
export async function seedScale(url, persons, log = (line) => console.error(line)) {
  const f = scaleFigures(persons);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  const step = async (what, sql, params = []) => {
    const t = Date.now();
    await client.query(sql, params);
    log(`[seed:scale] ${what} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  };
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL synchronous_commit = off');
    await step(
      `${f.persons} persons`,
      `CREATE TEMP TABLE sp AS SELECT g AS i, gen_random_uuid() AS id FROM generate_series(1, $1::int) g;
       CREATE UNIQUE INDEX ON sp (i);`.replaceAll('$1::int', String(f.persons)),
    );
    await client.query(
      `INSERT INTO persons (id, first_name, last_name, gender, setup_completed)
       SELECT id, 'Scale' || i, 'Person ' || (i % 997), 'noinformation', true FROM sp`,
    );
    await step(
      `${f.clubs} clubs`,
      `CREATE TEMP TABLE st AS SELECT g AS i, gen_random_uuid() AS id FROM generate_series(1, ${f.clubs}) g;
       CREATE UNIQUE INDEX ON st (i);
       INSERT INTO tenants (id, slug, name) SELECT id, 'scale-' || id, 'Scale Verein ' || i FROM st;`,
    );
    await step(
      'memberships (1–2 clubs per person)',
      `INSERT INTO memberships (person_id, tenant_id, role)
       SELECT sp.id, st.id, 'member'::membership_role FROM sp JOIN st ON st.i = (sp.i % ${f.clubs}) + 1
       UNION ALL
       SELECT sp.id, st.id, 'member'::membership_role FROM sp JOIN st ON st.i = ((sp.i * 7) % ${f.clubs}) + 1
       WHERE sp.i % 2 = 0 AND (sp.i * 7) % ${f.clubs} <> sp.i % ${f.clubs}`,
    );
    await step(
      `${f.events} events`,
      `CREATE TEMP TABLE se AS
         SELECT g AS i, gen_random_uuid() AS id, st.id AS tenant_id
         FROM generate_series(1, ${f.events}) g JOIN st ON st.i = (g % ${f.clubs}) + 1;
       CREATE UNIQUE INDEX ON se (i);
       INSERT INTO events (id, tenant_id, name, description, starts_at, ends_at, city, max_participants,
                           max_waiting, visibility)
       SELECT id, tenant_id,
              (ARRAY['Sommerfest','Turnier','Trainingslager','Jahreshauptversammlung','Lauftreff','Camp'])[1 + i % 6]
                || ' ' || i || ' ' || substr(md5(i::text), 1, 8),
              'Scale', now() + ((i % 730) - 365) * interval '1 day', now() + ((i % 730) - 365) * interval '1 day' + interval '3 hours',
              'Stadt ' || (i % 300), 50, 20, CASE WHEN i % 10 = 0 THEN 'public'::event_visibility ELSE 'members' END
       FROM se;`,
    );
    const perEvent = Math.ceil(f.registrations / f.events);
    await step(
      `${f.registrations} registrations`,
      `INSERT INTO event_registrations (tenant_id, event_id, person_id, status, registered_at)
       SELECT se.tenant_id, se.id, sp.id,
              CASE WHEN (se.i + k) % 20 = 19 THEN 'waiting'::registration_status
                   WHEN (se.i + k) % 25 = 24 THEN 'cancelled' ELSE 'participating' END,
              now() - (k || ' minutes')::interval
       FROM se CROSS JOIN generate_series(0, ${perEvent - 1}) k
       JOIN sp ON sp.i = ((se.i * 13 + k * 7919) % ${f.persons}) + 1
       WHERE (se.i - 1) * ${perEvent} + k < ${f.registrations}
       ON CONFLICT DO NOTHING`,
    );
    await step(
      `${f.messages} messages (10 % unread)`,
      `INSERT INTO messages (person_id, tenant_id, kind, title, body, read_at, created_at)
       SELECT sp.id, st.id, 'club', 'Nachricht ' || g, 'Scale', CASE WHEN g % 10 = 0 THEN NULL ELSE now() END,
              now() - (g || ' seconds')::interval
       FROM generate_series(1, ${f.messages}) g
       JOIN sp ON sp.i = (g % ${f.persons}) + 1 JOIN st ON st.i = (g % ${f.clubs}) + 1`,
    );
    await step(
      `${f.invoices} invoices`,
      `INSERT INTO invoices (tenant_id, person_id, direction, number, title, invoice_date, net_cents, vat_cents,
                             gross_cents, issuer_name, recipient_name, payment_reference)
       SELECT st.id, sp.id, 'incoming', 'S-' || g, 'Mitgliedsbeitrag', current_date - (g % 700), 5000, 950, 5950,
              'Scale Verein', 'Scale Person', 'S-' || g
       FROM generate_series(1, ${f.invoices}) g
       JOIN sp ON sp.i = (g % ${f.persons}) + 1 JOIN st ON st.i = (g % ${f.clubs}) + 1`,
    );
    await client.query('COMMIT');
    await step('VACUUM (ANALYZE)', 'VACUUM (ANALYZE)');
  } finally {
    await client.end();
  }
  return { ...f, seconds: (Date.now() - started) / 1000 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const arg = (name) => {
    const at = args.indexOf(`--${name}`);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const persons = Number(arg('persons') ?? 10_000);
  const url = arg('database') ?? process.env.DATABASE_URL;
  if (!url || !Number.isInteger(persons) || persons < 1) {
    console.error('Usage: npm run seed:scale -- --persons N [--database postgres://…] (or DATABASE_URL)');
    process.exit(2);
  }
  const result = await seedScale(url, persons);
  console.log(JSON.stringify(result));
}
