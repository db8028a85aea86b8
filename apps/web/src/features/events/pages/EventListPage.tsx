import { IonButton, IonInput, IonList, IonSelect, IonSelectOption } from '@ionic/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mergePages } from '../../../shared/api/paging.ts';
import { useMyTenants } from '../../../shared/tenant-selection/index.ts';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
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

/** /events: endless list from today on, with the filters of spec §2 and pull-to-refresh. */
export default function EventListPage() {
  const { t } = useTranslation('events');
  const [filters, setFilters] = useState<EventFilters>(initialFilters);
  const query = useEvents(filters);
  const disciplines = useCatalogue('disciplines');
  const divisions = useCatalogue('divisions');
  const clubs = useMyTenants();
  const events = useMemo(() => (query.data ? mergePages(query.data.pages) : []), [query.data]);
  const set = (patch: Partial<EventFilters>) => setFilters((f) => ({ ...f, ...patch }));
  const multi = (value: unknown): string[] => (Array.isArray(value) ? (value as string[]) : []);
  const selectLabels = { cancelText: t('filters.cancel'), okText: t('filters.ok') };

  return (
    <AppPage title={t('listTitle')}>
      <section className="vh-event-filters" aria-label={t('filters.title')}>
        <IonInput
          type="date"
          label={t('filters.from')}
          labelPlacement="stacked"
          value={filters.from ?? ''}
          onIonChange={(e) => set({ from: e.detail.value || undefined })}
        />
        <IonInput
          type="date"
          label={t('filters.till')}
          labelPlacement="stacked"
          value={filters.till ?? ''}
          onIonChange={(e) => set({ till: e.detail.value || undefined })}
        />
        <IonSelect
          multiple
          label={t('filters.disciplines')}
          labelPlacement="stacked"
          placeholder={t('filters.all')}
          value={filters.disciplineIds}
          onIonChange={(e) => set({ disciplineIds: multi(e.detail.value) })}
          {...selectLabels}
        >
          {disciplines.data?.map((d) => (
            <IonSelectOption key={d.id} value={d.id}>
              {d.name}
            </IonSelectOption>
          ))}
        </IonSelect>
        <IonSelect
          multiple
          label={t('filters.divisions')}
          labelPlacement="stacked"
          placeholder={t('filters.all')}
          value={filters.divisionIds}
          onIonChange={(e) => set({ divisionIds: multi(e.detail.value) })}
          {...selectLabels}
        >
          {divisions.data?.map((d) => (
            <IonSelectOption key={d.id} value={d.id}>
              {d.name}
            </IonSelectOption>
          ))}
        </IonSelect>
        <IonSelect
          multiple
          label={t('filters.clubs')}
          labelPlacement="stacked"
          placeholder={t('filters.all')}
          value={filters.tenantIds}
          onIonChange={(e) => set({ tenantIds: multi(e.detail.value) })}
          {...selectLabels}
        >
          {clubs.data?.items.map((c) => (
            <IonSelectOption key={c.id} value={c.id}>
              {c.name}
            </IonSelectOption>
          ))}
        </IonSelect>
        <IonButton fill="clear" onClick={() => setFilters(initialFilters())}>
          {t('filters.reset')}
        </IonButton>
      </section>
      <InfiniteList
        query={query}
        count={events.length}
        empty={t('empty')}
        texts={{
          loading: t('loading'),
          loadError: t('loadError'),
          retry: t('retry'),
          loadMoreError: t('loadError'),
          loadingMore: t('loadingMore'),
        }}
      >
        <IonList aria-busy={query.isFetching} aria-label={t('listTitle')}>
          {events.map((event) => (
            <EventListItem key={event.id} event={event} />
          ))}
        </IonList>
      </InfiniteList>
    </AppPage>
  );
}
