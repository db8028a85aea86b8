/**
 * CPU time per request for `npm run bench` (issue 14 §5, where the time goes): the server process's (all its
 * threads) and the local PostgreSQL's (every process named `postgres` on this machine), read from /proc before and
 * after a load. Plain erasable TypeScript: Node runs it directly (scripts/bench.mjs imports it). Linux only: elsewhere, and for a PostgreSQL on another machine, the figures are null.
 *
 * PostgreSQL's figure only grows: a process that ends during the load (a closed connection, an autovacuum worker)
 * leaves its CPU time with its parent, the postmaster, which counts its reaped children's (cutime, cstime).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** Microseconds per clock tick of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICK_US = (() => {
  try {
    return 1_000_000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  } catch {
    return 10_000;
  }
})();

/** utime + stime of one /proc/<pid>/stat line; its name (field 2) may hold spaces, so fields count after ')'. */
export function cpuOfStat(line: string): number {
  const fields = line.slice(line.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_US;
}

/** cutime + stime of one /proc/<pid>/stat line: the CPU time of its children that ended and were waited for. */
export function reapedCpuOfStat(line: string): number {
  const fields = line.slice(line.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) * TICK_US;
}

/** CPU time (µs) the process has used so far, all its threads; null without /proc. */
export function processCpuUs(pid: number): number | null {
  try {
    return cpuOfStat(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * CPU time (µs) PostgreSQL on this machine has used so far: every running `postgres` process's own, and each
 * postmaster's (a `postgres` process whose parent is none) reaped children's, so that it does not fall when a
 * backend ends; null when no `postgres` process is seen.
 */
export function postgresCpuUs(): number | null {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return null;
  }
  const processes: { pid: number; parent: number; line: string }[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let line: string;
    try {
      line = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    if (!line.includes('(postgres)')) continue;
    processes.push({
      pid: Number(entry),
      parent: Number(line.slice(line.lastIndexOf(')') + 2).split(' ')[1]),
      line,
    });
  }
  if (processes.length === 0) return null;
  const pids = new Set(processes.map((p) => p.pid));
  let sum = 0;
  for (const { parent, line } of processes)
    sum += cpuOfStat(line) + (pids.has(parent) ? 0 : reapedCpuOfStat(line));
  return sum;
}

/** True for a PostgreSQL URL on this machine (loopback or a Unix socket), whose processes /proc shows. */
export function isLocalDatabase(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false; // a form URL cannot read (e.g. a user with an empty host): no database figures
  }
  const host = parsed.searchParams.get('host') ?? parsed.hostname;
  return ['127.0.0.1', 'localhost', '::1', '[::1]', ''].includes(host) || host.startsWith('/');
}

/**
 * Starts counting: the returned function gives the CPU time (µs) used since, by the server process and, when
 * `withPostgres`, by the local PostgreSQL; each null when it cannot be read.
 */
export function cpuMeter(
  serverPid: number | undefined,
  withPostgres: boolean,
): () => { server: number | null; postgres: number | null } {
  const server0 = serverPid ? processCpuUs(serverPid) : null;
  const pg0 = withPostgres ? postgresCpuUs() : null;
  return () => {
    const server1 = server0 === null || !serverPid ? null : processCpuUs(serverPid);
    const pg1 = pg0 === null ? null : postgresCpuUs();
    return {
      server: server0 === null || server1 === null ? null : server1 - server0,
      postgres: pg0 === null || pg1 === null ? null : pg1 - pg0,
    };
  };
}

/** Steal and all CPU time (ticks) from /proc/stat's first line; guest time is inside user time, so not added. */
export function stealOf(line: string): { steal: number; total: number } {
  // cpu  user nice system idle iowait irq softirq steal guest guest_nice
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  return { steal: ticks[7] ?? 0, total: ticks.reduce((sum, n) => sum + n, 0) };
}

/**
 * Starts counting the machine's steal time (CPU time the hypervisor gave to other guests, /proc/stat): the
 * returned function gives its share of all CPU time since, or null without /proc/stat. A share of a few percent
 * or more means the figures of the run moved with the neighbours' load.
 */
export function stealMeter(): () => number | null {
  const read = (): { steal: number; total: number } | null => {
    try {
      return stealOf(fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!);
    } catch {
      return null;
    }
  };
  const start = read();
  return () => {
    const end = read();
    if (!start || !end || end.total === start.total) return null;
    return (end.steal - start.steal) / (end.total - start.total);
  };
}
