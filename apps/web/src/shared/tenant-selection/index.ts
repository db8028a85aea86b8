export { myTenantsQueryOptions, tenantKeys, useMyTenants } from './tenants.ts';
export {
  TENANT_SELECTION_KEY,
  toggleSelection,
  useSelectedTenantIds,
  useTenantSelection,
} from './selection.ts';
export { useManagedClub } from './managed.ts';
// ManagedClubSelect is imported from its file: it carries ion-select, and this index is on the dashboard's first
// paint (ADR 0027).
export { ALL_CLUBS, useClubScope, type ClubScope } from './scope.ts';
export { ClubScopeSelect } from './ClubScopeSelect.tsx';
