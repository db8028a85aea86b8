import { IonList } from '@ionic/react';
import { IonInput } from '../../../shared/ui/ionic/input.ts';
import { IonSelect, IonSelectOption } from '../../../shared/ui/ionic/select.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFieldDate } from '../../../shared/i18n/format.ts';
import { useMergedPages } from '../../../shared/api/paging.ts';
import { ClubScopeSelect, useClubScope } from '../../../shared/tenant-selection/index.ts';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { FilterPanel } from '../../../shared/ui/FilterPanel.tsx';
import { InfiniteList } from '../../../shared/ui/InfiniteList.tsx';
import { useCatalogue } from '../api/get-catalogues.ts';
import { useEvents, type EventFilters } from '../api/get-events.ts';
import { EventListItem } from '../components/EventListItem.tsx';
import { todayIso } from '../components/format.ts';
import '../components/events.css';

const initialFilters = (): EventFilters => ({
  from: todayIso(),
  till: undefined,
  disciplineIds: [],
  divisionIds: [],
  tenantIds: [],
});

/** How many filters differ from the defaults (from today, no end, every discipline and division). */
export function activeFilterCount(filters: EventFilters, today = todayIso()): number {
  return [
    (filters.from ?? '') !== today,
    Boolean(filters.till),
    filters.disciplineIds.length > 0,
    filters.divisionIds.length > 0,
  ].filter(Boolean).length;
}

/**
 * /events: endless list from today on, of the club scope, with the filters of spec §2 behind a filter button
 * (with the number of active filters) and pull-to-refresh.
 */
export default function EventListPage() {
  const { t, i18n } = useTranslation('events');
  const [filters, setFilters] = useState<EventFilters>(initialFilters);
  const scope = useClubScope();
  const query = useEvents({ ...filters, tenantIds: scope.tenantIds ?? [] }, scope.ready);
  const disciplines = useCatalogue('disciplines');
  const divisions = useCatalogue('divisions');
  const events = useMergedPages(query);
  const set = (patch: Partial<EventFilters>) => setFilters((f) => ({ ...f, ...patch }));
  const multi = (value: unknown): string[] => (Array.isArray(value) ? (value as string[]) : []);
  const selectLabels = { cancelText: t('filters.cancel'), okText: t('filters.ok') };
  const multiSelects: Array<{
    key: 'disciplineIds' | 'divisionIds';
    label: string;
    options: Array<{ id: string; name: string }>;
  }> = [
    { key: 'disciplineIds', label: t('filters.disciplines'), options: disciplines.data ?? [] },
    { key: 'divisionIds', label: t('filters.divisions'), options: divisions.data ?? [] },
  ];

  return (
    <AppPage title={t('listTitle')}>
      <ClubScopeSelect scope={scope} />
      <FilterPanel activeCount={activeFilterCount(filters)} onReset={() => setFilters(initialFilters())}>
        <IonInput
          type="date"
          label={t('filters.from')}
          labelPlacement="stacked"
          value={filters.from ?? ''}
          helperText={formatFieldDate(filters.from, i18n.language) || undefined}
          onIonChange={(e) => set({ from: e.detail.value || undefined })}
        />
        <IonInput
          type="date"
          label={t('filters.till')}
          labelPlacement="stacked"
          value={filters.till ?? ''}
          helperText={formatFieldDate(filters.till, i18n.language) || undefined}
          onIonChange={(e) => set({ till: e.detail.value || undefined })}
        />
        {multiSelects.map(({ key, label, options }) => (
          <IonSelect
            key={key}
            multiple
            label={label}
            labelPlacement="stacked"
            placeholder={t('filters.all')}
            value={filters[key]}
            onIonChange={(e) => set({ [key]: multi(e.detail.value) })}
            {...selectLabels}
          >
            {options.map((o) => (
              <IonSelectOption key={o.id} value={o.id}>
                {o.name}
              </IonSelectOption>
            ))}
          </IonSelect>
        ))}
      </FilterPanel>
      <InfiniteList query={query} count={events.length} textsFrom="events">
        <IonList aria-busy={query.isFetching} aria-label={t('listTitle')}>
          {events.map((event) => (
            <EventListItem key={event.id} event={event} />
          ))}
        </IonList>
      </InfiniteList>
    </AppPage>
  );
}
