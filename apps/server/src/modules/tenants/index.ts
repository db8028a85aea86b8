/** Clubs (tenants) and memberships. */
export { tenantsRoutes } from './tenants.routes.ts';
export type { TenantRow } from './tenants.repository.ts';
export { clubMemberIds, clubSummariesOf, tenantExists, tenantsByIds } from './tenants.service.ts';
