import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx } from '../../db/client.ts';
import { jobsRepository, type ClaimedJob, type NewJob } from './jobs.repository.ts';

/**
 * Durable jobs (ADR 0015): `enqueue` writes a row of `jobs` in the caller's transaction (outbox), so the job
 * exists exactly when the business row does; a worker on any instance claims due jobs with FOR UPDATE SKIP
 * LOCKED, runs the handler of its kind and marks it done, or retries with exponential backoff. The unique
 * key makes enqueueing idempotent. Delivery is at least once: a crash after the send and before `done`
 * repeats the send once the lease ends, so handlers pass the key on where the receiver can de-duplicate
 * (Web Push `Topic`, a mail's Message-ID) and keep their own "sent" marks where it cannot.
 */
export async function enqueue(tx: DbOrTx, job: NewJob): Promise<boolean> {
  const created = await jobsRepository.insert(tx, job);
  if (created && !job.runAt) wakeSoon();
  return created;
}

/** Several jobs in one statement (e.g. one push per recipient); resolves with the number created. */
export async function enqueueMany(tx: DbOrTx, list: NewJob[]): Promise<number> {
  const created = await jobsRepository.insertMany(tx, list);
  if (created > 0) wakeSoon();
  return created;
}

const workers = new Set<JobWorker>();
let wakeTimers: NodeJS.Timeout[] = [];

/**
 * Nudges this process's workers a moment after an enqueue (the enqueueing transaction commits in between;
 * a second nudge covers a slower commit, the poll anything later). Other instances find the job by polling.
 */
function wakeSoon(): void {
  if (workers.size === 0 || wakeTimers.length > 0) return;
  wakeTimers = [25, 300].map((delay) => {
    const timer = setTimeout(() => {
      wakeTimers = wakeTimers.filter((t) => t !== timer);
      for (const worker of workers) worker.wake();
    }, delay);
    timer.unref();
    return timer;
  });
}

export type JobHandler = (payload: unknown, job: ClaimedJob) => Promise<void>;

export interface JobWorkerOptions {
  /** How often to look for due jobs when idle. */
  pollMs?: number;
  /** How long a claimed job is held before another instance may take it (crash recovery). */
  leaseMs?: number;
  batch?: number;
  /** Backoff before attempt n+1: base · 2^(n−1), at most an hour. */
  backoffBaseMs?: number;
  /** How often to delete closed jobs (`jobsRepository.purgeClosed`); also once when the worker starts. */
  purgeEveryMs?: number;
}

export interface JobWorker {
  /** Runs due jobs now (also called by the poll timer); resolves with the number run. */
  runDue(): Promise<number>;
  /** Nudges the worker (after an enqueue in this process) instead of waiting for the next poll. */
  wake(): void;
  stop(): Promise<void>;
}

export function startJobWorker(
  db: Database,
  handlers: Record<string, JobHandler>,
  log: FastifyBaseLogger,
  options: JobWorkerOptions = {},
): JobWorker {
  const pollMs = options.pollMs ?? 1_000;
  const leaseMs = options.leaseMs ?? 60_000;
  const batch = options.batch ?? 20;
  const backoffBase = options.backoffBaseMs ?? 5_000;
  const kinds = Object.keys(handlers);
  let running: Promise<number> | undefined;
  let stopped = false;
  // The worker's own async context, from where it was started. A wake comes from an enqueue inside a request;
  // run from there, the worker's claims and jobs would belong to that request's context (its statement count,
  // x-db-queries, and anything else kept in an AsyncLocalStorage) though they are not part of it.
  const inWorkerContext = AsyncLocalStorage.snapshot();

  const runJob = async (job: ClaimedJob) => {
    try {
      await handlers[job.kind]!(job.payload, job);
      await jobsRepository.complete(db, job.id);
    } catch (error) {
      const delay = Math.min(3_600_000, backoffBase * 2 ** (job.attempts - 1));
      log.warn({ err: error, kind: job.kind, attempts: job.attempts }, 'job failed; retrying later');
      await jobsRepository.retry(db, job, error instanceof Error ? error.message : String(error), delay);
    }
  };

  /** Claims and runs batches (the jobs of one batch side by side) until fewer than a batch were due. */
  const runOnce = async (): Promise<number> => {
    let total = 0;
    for (;;) {
      const claimed = await jobsRepository.claim(db, kinds, batch, leaseMs);
      await Promise.all(claimed.map(runJob));
      total += claimed.length;
      if (claimed.length < batch || stopped) return total;
    }
  };

  const runDue = (): Promise<number> => {
    running ??= runOnce()
      .catch((error: unknown) => {
        log.warn({ err: error }, 'job worker could not claim jobs');
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const timer = setInterval(() => {
    if (!stopped) void runDue();
  }, pollMs);
  timer.unref();

  let purging: Promise<void> | undefined;
  const purge = () => {
    purging ??= jobsRepository
      .purgeClosed(db)
      .catch((error: unknown) => log.warn({ err: error }, 'job worker could not purge closed jobs'))
      .finally(() => {
        purging = undefined;
      });
  };
  purge();
  const purgeTimer = setInterval(
    () => {
      if (!stopped) purge();
    },
    options.purgeEveryMs ?? 10 * 60_000,
  );
  purgeTimer.unref();

  const worker: JobWorker = {
    runDue,
    wake: () =>
      inWorkerContext(() => {
        if (stopped) return;
        // A wake while a run is under way runs once more after it (the new job may have missed the claim).
        if (running) void running.then(() => (stopped ? 0 : runDue()));
        else void runDue();
      }),
    stop: async () => {
      stopped = true;
      workers.delete(worker);
      clearInterval(timer);
      clearInterval(purgeTimer);
      await Promise.all([running, purging]);
    },
  };
  workers.add(worker);
  return worker;
}
