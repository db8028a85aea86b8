/** Piscina's refusals (its errors are plain Errors): the queue is full, or there is none and every thread works. */
const BUSY = new Set(['Task queue is at limit', 'No task queue available and all Workers are busy']);

/** Whether a worker pool refused the task because it is busy (→ 503 with Retry-After, never a 500). */
export function isPoolBusy(error: unknown): boolean {
  return error instanceof Error && BUSY.has(error.message);
}
