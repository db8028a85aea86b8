/** Durable jobs on the database (ADR 0015): enqueue in the business transaction, run by a worker on any instance. */
export { enqueue, startJobWorker, type JobHandler, type JobWorker } from './jobs.service.ts';
export type { ClaimedJob, NewJob } from './jobs.repository.ts';
