/** The activity log: every change to a person's data writes one row, in the change's transaction. */
export { activityLogRoutes } from './activity-log.routes.ts';
export { maskIban, writeLog, writeLogs, type LogChange, type LogEntry } from './activity-log.service.ts';
