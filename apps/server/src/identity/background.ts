import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Work done after the answer has left: what differs between a known and an unknown e-mail address
 * (looking the account up, writing tokens, sending mail) must not change the answer or its timing, and
 * a mail server that is down must not turn into an error page. Failures are logged; closing the app
 * waits for what is running.
 */
/**
 * A moment after the answer has left before the work starts, so that even a client on the same machine
 * reads the answer before the work competes for the CPU (measured by scripts/bench-auth.mjs: without it
 * a local client saw known addresses ~1 ms slower in the median; with it the difference is noise).
 */
const AFTER_ANSWER_DELAY_MS = 15;

export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();
  private readonly log: FastifyBaseLogger;

  constructor(log: FastifyBaseLogger) {
    this.log = log;
  }

  /** Runs `work` once the response has been handed to the network (or the client has gone). */
  run(name: string, response: ServerResponse, work: () => Promise<void>): void {
    const sent = new Promise<void>((resolve) => {
      if (response.writableFinished || response.destroyed) resolve();
      else {
        response.once('finish', () => resolve());
        response.once('close', () => resolve());
      }
    });
    const task: Promise<void> = sent
      .then(() => new Promise<void>((resolve) => setTimeout(resolve, AFTER_ANSWER_DELAY_MS)))
      .then(work)
      .catch((err: unknown) => this.log.error({ err, task: name }, 'background task failed'))
      .finally(() => this.running.delete(task));
    this.running.add(task);
  }

  /** Resolves when every task started so far has ended. */
  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
