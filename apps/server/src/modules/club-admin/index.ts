/** The club side (ADR 0019): members managed by a club's admins, invoices by its committee. */
export { clubAdminRoutes } from './club-admin.routes.ts';
