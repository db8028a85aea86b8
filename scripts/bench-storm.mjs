/**
 * Registration storm (issue 14 §4), part of `npm run bench` on PostgreSQL: STORM_PERSONS (default 1 000)
 * distinct persons register at once for one event with STORM_PLACES (50) places and STORM_WAITING (20) waiting
 * places. Prepared beforehand, outside the timing: a club, the persons with their identity link and
 * membership (bulk SQL), the event, and one access token per person (scripts/bench-keys.mjs; the server runs with
 * BENCH_KEY_ENV). Then every POST /api/event/{id}/registration is sent at
 * the same moment over its own connection; the clock runs until the last answer. Afterwards the database is
 * asked how many registrations it holds per status: overbooked = participating beyond the places plus waiting
 * beyond the waiting places.
 */
import http from 'node:http';
import { signAccessToken } from './bench-keys.mjs';
import { cpuMeter, isLocalDatabase } from './bench-cpu.ts';

const PERSONS = Number(process.env.STORM_PERSONS ?? 1000);
const PLACES = Number(process.env.STORM_PLACES ?? 50);
const WAITING = Number(process.env.STORM_WAITING ?? 20);

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export async function registrationStorm(databaseUrl, server) {
  const { default: pg } = await import('pg');
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const issuer = `${server.baseURL}/oidc`;
  let eventId;
  let subjects;
  try {
    await db.query('BEGIN');
    const tenant = (
      await db.query(
        `INSERT INTO tenants (slug, name) VALUES ('storm-' || gen_random_uuid(), 'Ansturm-Verein') RETURNING id`,
      )
    ).rows[0].id;
    const people = (
      await db.query(
        `INSERT INTO persons (first_name, last_name, gender, setup_completed)
         SELECT 'Storm' || g, 'Person', 'noinformation', true FROM generate_series(1, $1::int) g
         RETURNING id`,
        [PERSONS],
      )
    ).rows.map((r) => r.id);
    subjects = people.map((id) => `storm-${id}`);
    await db.query(
      `INSERT INTO identities (issuer, subject, person_id) SELECT $1, 'storm-' || p, p FROM unnest($2::uuid[]) p`,
      [issuer, people],
    );
    await db.query(
      `INSERT INTO memberships (person_id, tenant_id, role) SELECT p, $1, 'member' FROM unnest($2::uuid[]) p`,
      [tenant, people],
    );
    eventId = (
      await db.query(
        `INSERT INTO events (tenant_id, name, description, starts_at, ends_at, city, max_participants, max_waiting,
                             registration_open, visibility)
         VALUES ($1, 'Sommercamp (Ansturm)', 'Anmeldung öffnet', now() + interval '30 days',
                 now() + interval '30 days 3 hours', 'Köln', $2, $3, true, 'members')
         RETURNING id`,
        [tenant, PLACES, WAITING],
      )
    ).rows[0].id;
    await db.query('COMMIT');

    const tokens = await Promise.all(subjects.map((subject) => signAccessToken(server.baseURL, subject)));

    // One connection per person (as 1 000 phones would), opened when the request is sent.
    const url = new URL(`${server.baseURL}/api/event/${eventId}/registration`);
    const post = (token) =>
      new Promise((resolve, reject) => {
        const req = http.request(
          url,
          {
            method: 'POST',
            agent: false,
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': 'application/json',
              'content-length': 2,
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end('{}');
      });
    const latencies = [];
    const codes = new Map();
    let bodies = 0;
    // CPU time of the burst alone: the server's, a local PostgreSQL's and this process's (the 1 000 clients).
    const used = cpuMeter(server.pid, isLocalDatabase(databaseUrl));
    const client0 = process.cpuUsage();
    const t0 = performance.now();
    await Promise.all(
      tokens.map(async (token) => {
        const start = performance.now();
        let status;
        try {
          status = await post(token);
          bodies += 1;
        } catch (error) {
          status = `error ${error.code ?? error.message}`;
        }
        latencies.push(performance.now() - start);
        codes.set(status, (codes.get(status) ?? 0) + 1);
      }),
    );
    const totalMs = performance.now() - t0;
    const spent = used();
    const client = process.cpuUsage(client0);

    const stored = Object.fromEntries(
      (
        await db.query(
          `SELECT status::text, count(*)::int AS n FROM event_registrations WHERE event_id = $1 GROUP BY status`,
          [eventId],
        )
      ).rows.map((r) => [r.status, r.n]),
    );
    const participating = stored.participating ?? 0;
    const waiting = stored.waiting ?? 0;
    const overbooked = Math.max(0, participating - PLACES) + Math.max(0, waiting - WAITING);
    const serverErrors = [...codes]
      .filter(([c]) => typeof c !== 'number' || c >= 500)
      .reduce((n, [, k]) => n + k, 0);
    latencies.sort((a, b) => a - b);
    return {
      persons: PERSONS,
      places: PLACES,
      waitingPlaces: WAITING,
      totalMs,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.at(-1),
      codes: Object.fromEntries(codes),
      answered: bodies,
      participating,
      waiting,
      overbooked,
      serverErrors,
      cpuMs: {
        server: spent.server === null ? null : spent.server / 1000,
        postgres: spent.postgres === null ? null : spent.postgres / 1000,
        clients: (client.user + client.system) / 1000,
      },
    };
  } finally {
    await db.end();
  }
}
