export { myTenantsQueryOptions, tenantKeys, useMyTenants } from './tenants.ts';
export {
  TENANT_SELECTION_KEY,
  toggleSelection,
  useSelectedTenantIds,
  useTenantSelection,
} from './selection.ts';
export { useManagedClub } from './managed.ts';
export { ManagedClubSelect } from './ManagedClubSelect.tsx';
export { ALL_CLUBS, useClubScope, type ClubScope } from './scope.ts';
export { ClubScopeSelect } from './ClubScopeSelect.tsx';
