import {
  IonButton,
  IonInfiniteScroll,
  IonInfiniteScrollContent,
  IonInput,
  IonList,
  IonRefresher,
  IonRefresherContent,
  IonSelect,
  IonSelectOption,
  IonSpinner,
} from '@ionic/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMyTenants } from '../../../shared/tenant-selection/index.ts';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { useCatalogue } from '../api/get-catalogues.ts';
import { mergeEventPages, useEvents, type EventFilters } from '../api/get-events.ts';
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
  const events = useMemo(() => (query.data ? mergeEventPages(query.data.pages) : []), [query.data]);
  const loadMoreFailed = query.isFetchNextPageError;
  const set = (patch: Partial<EventFilters>) => setFilters((f) => ({ ...f, ...patch }));
  const multi = (value: unknown): string[] => (Array.isArray(value) ? (value as string[]) : []);
  const selectLabels = { cancelText: t('filters.cancel'), okText: t('filters.ok') };

  return (
    <AppPage title={t('listTitle')}>
      <IonRefresher
        slot="fixed"
        onIonRefresh={(event) => {
          void query.refetch().finally(() => event.detail.complete());
        }}
      >
        <IonRefresherContent />
      </IonRefresher>
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
      {query.isPending ? (
        <IonSpinner aria-label={t('loading')} />
      ) : query.isError && !query.data ? (
        <EmptyState message={t('loadError')}>
          <IonButton onClick={() => void query.refetch()}>{t('retry')}</IonButton>
        </EmptyState>
      ) : events.length === 0 ? (
        <EmptyState message={t('empty')} />
      ) : (
        <>
          <IonList aria-busy={query.isFetching} aria-label={t('listTitle')}>
            {events.map((event) => (
              <EventListItem key={event.id} event={event} />
            ))}
          </IonList>
          {loadMoreFailed && (
            <EmptyState message={t('loadError')}>
              <IonButton onClick={() => void query.fetchNextPage()}>{t('retry')}</IonButton>
            </EmptyState>
          )}
          <IonInfiniteScroll
            disabled={!query.hasNextPage || loadMoreFailed}
            onIonInfinite={(event) => {
              // Skipped while a fetch runs or everything is loaded (spec §4).
              const done = () => void event.target.complete();
              if (!query.hasNextPage || query.isFetchingNextPage) done();
              else void query.fetchNextPage().finally(done);
            }}
          >
            <IonInfiniteScrollContent loadingText={t('loadingMore')} />
          </IonInfiniteScroll>
        </>
      )}
    </AppPage>
  );
}
