import { resourceKeys } from '../../../shared/api/query-keys.ts';

/** The list filters of spec §2: date from/to, disciplines, divisions and clubs. */
export interface EventFilters {
  from?: string | undefined;
  till?: string | undefined;
  disciplineIds: string[];
  divisionIds: string[];
  tenantIds: string[];
}

/** Every query key of the events feature; a registration or withdrawal invalidates `all` (counts and lists change). */
export const eventKeys = {
  all: resourceKeys.events,
  list: (filters: EventFilters) => [...eventKeys.all, 'list', filters] as const,
  calendar: (range: { from: string; till: string }, tenantIds: string[]) =>
    [...eventKeys.all, 'calendar', range, tenantIds] as const,
  catalogue: (kind: 'disciplines' | 'divisions') => [...eventKeys.all, 'catalogue', kind] as const,
  detail: (id: string) => [...eventKeys.all, 'detail', id] as const,
  contract: (id: string) => [...eventKeys.all, 'contract', id] as const,
  registration: (id: string) => [...eventKeys.all, 'registration', id] as const,
  participants: (id: string) => [...eventKeys.all, 'participants', id] as const,
  contactPersons: (tenantId: string, eventId: string) =>
    [...eventKeys.all, 'contactpersons', tenantId, eventId] as const,
  documents: (tenantId: string, eventId: string) =>
    [...eventKeys.all, 'documents', tenantId, eventId] as const,
  myRegistrations: () => [...eventKeys.all, 'my-registrations'] as const,
};
