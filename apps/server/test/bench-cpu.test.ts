/**
 * scripts/bench-cpu.ts: the CPU time `npm run bench` reports per request (issue 14 §5). Its figures must be the
 * processes' real CPU time: the server's from /proc as the process itself counts it, PostgreSQL's growing with the
 * work a held connection makes it do.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  cpuMeter,
  cpuOfStat,
  isLocalDatabase,
  reapedCpuOfStat,
  postgresCpuUs,
  processCpuUs,
  stealMeter,
  stealOf,
} from '../../../scripts/bench-cpu.ts';

/** Keeps this thread busy until the process has used `ms` more CPU time (by its own count). */
function spin(ms: number): number {
  const start = process.cpuUsage();
  let used = 0;
  while (used < ms * 1000) {
    const now = process.cpuUsage(start);
    used = now.user + now.system;
  }
  return used;
}

describe('bench-cpu', () => {
  it('reads utime and stime after the name, whatever the name holds', () => {
    // Fields 14 and 15 (utime, stime) in clock ticks; the name may hold spaces and parentheses.
    const line = '4242 (node (x) y) R 1 4242 4242 0 -1 4194304 500 0 0 0 250 40 0 0 20 0 11 0 100 0 0';
    expect(cpuOfStat(line)).toBe((250 + 40) * 10_000);
    // Fields 16 and 17 (cutime, cstime): the children that ended and were waited for.
    const parent = '7 (postgres) S 1 7 7 0 -1 4194304 500 0 0 0 250 40 1200 300 20 0 11 0 100 0 0';
    expect(reapedCpuOfStat(parent)).toBe((1200 + 300) * 10_000);
  });

  it("counts this process's CPU time as the process does", () => {
    const before = processCpuUs(process.pid);
    const used = spin(300);
    const after = processCpuUs(process.pid);
    expect(before).not.toBeNull();
    // /proc counts in ticks of 10 ms; the spin's own last reading and the test's other threads add a little.
    expect(after! - before!).toBeGreaterThanOrEqual(used - 20_000);
    expect(after! - before!).toBeLessThanOrEqual(used + 60_000);
  });

  it('tells a database on this machine from one elsewhere', () => {
    expect(isLocalDatabase('postgres://postgres@127.0.0.1:5432/vh')).toBe(true);
    expect(isLocalDatabase('postgres://postgres@localhost/vh')).toBe(true);
    expect(isLocalDatabase('postgres:///vh?host=/var/run/postgresql')).toBe(true);
    expect(isLocalDatabase('postgres://postgres@db.example.org:5432/vh')).toBe(false);
    // A form URL cannot read: no database figures rather than a wrong one.
    expect(isLocalDatabase('postgres://postgres@/vh?host=/var/run/postgresql')).toBe(false);
  });

  it("reads the hypervisor's steal time as a share of all CPU time", () => {
    // user nice system idle iowait irq softirq steal guest guest_nice: guest is inside user, not added again.
    expect(stealOf('cpu  100 0 50 800 10 0 5 35 60 0')).toEqual({ steal: 35, total: 1000 });
    const share = stealMeter();
    spin(50);
    const stolen = share();
    expect(stolen === null || (stolen >= 0 && stolen <= 1)).toBe(true);
  });

  it('gives no figures it cannot read', () => {
    const spent = cpuMeter(undefined, false)();
    expect(spent).toEqual({ server: null, postgres: null });
  });

  const url = process.env.DATABASE_URL;
  it.skipIf(!url || !isLocalDatabase(url))(
    "counts the local PostgreSQL's CPU time for work on a held connection",
    async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query('select 1');
        const meter = cpuMeter(process.pid, true);
        // A few hundred milliseconds of work for the backend alone (nothing crosses the wire but one row).
        await client.query('select count(*) from generate_series(1, 3000000) g where g % 7 = 3');
        const spent = meter();
        expect(spent.postgres).not.toBeNull();
        expect(spent.postgres!).toBeGreaterThanOrEqual(50_000);
        expect(postgresCpuUs()).not.toBeNull();
      } finally {
        await client.end();
      }
    },
  );

  it.skipIf(!url || !isLocalDatabase(url))(
    "keeps the CPU time of a backend that ends during the load (the postmaster's reaped children)",
    async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
      await client.query('select count(*) from generate_series(1, 3000000) g where g % 7 = 3');
      const meter = cpuMeter(undefined, true);
      await client.end();
      for (let i = 0; i < 100 && processCpuUs(pid) !== null; i++) await new Promise((r) => setTimeout(r, 20));
      expect(processCpuUs(pid)).toBeNull(); // the backend has ended
      // Without the reaped children's time the sum would fall by the backend's few hundred milliseconds.
      expect(meter().postgres!).toBeGreaterThanOrEqual(0);
    },
  );
});
