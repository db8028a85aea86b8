/** Durable jobs on the database (ADR 0015, 0021): enqueue in the business transaction, run by a worker on any instance. */
export { enqueue, enqueueMany, startJobWorker, type JobHandler, type JobWorker } from './jobs.service.ts';
export type { ClaimedJob, NewJob } from './jobs.repository.ts';
export { enqueueMail, mailJobs, mailMessageId, MAIL_JOB } from './jobs.mail.ts';
