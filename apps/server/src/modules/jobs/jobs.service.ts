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
  return jobsRepository.insert(tx, job);
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

  const runOnce = async (): Promise<number> => {
    const claimed = await jobsRepository.claim(db, kinds, batch, leaseMs);
    for (const job of claimed) {
      try {
        await handlers[job.kind]!(job.payload, job);
        await jobsRepository.complete(db, job.id);
      } catch (error) {
        const delay = Math.min(3_600_000, backoffBase * 2 ** (job.attempts - 1));
        log.warn({ err: error, kind: job.kind, attempts: job.attempts }, 'job failed; retrying later');
        await jobsRepository.retry(db, job, error instanceof Error ? error.message : String(error), delay);
      }
    }
    return claimed.length;
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

  return {
    runDue,
    wake: () => {
      if (!stopped) void runDue();
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
