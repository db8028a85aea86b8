import { IonItem, IonLabel, IonList } from '@ionic/react';
import { IonNote } from '../../../shared/ui/ionic/note.ts';
import { IonToggle } from '../../../shared/ui/ionic/toggle.ts';
import type { MyRegistration } from '@vereinsheim/contracts/events';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@vereinsheim/contracts/routes';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { InfiniteList } from '../../../shared/ui/InfiniteList.tsx';
import { useMyRegistrations } from '../api/get-my-registrations.ts';
import { EventStatusBadge } from '../components/EventStatusBadge.tsx';
import '../components/events.css';
import { formatShortDate, formatTimeRange } from '../../../shared/i18n/format.ts';

/** Filters of spec §2: 'Nur bevorstehend' (events not over yet) and 'Abgesagte ausblenden' (withdrawn or cancelled). */
export function filterRegistrations(
  items: MyRegistration[],
  filters: { upcomingOnly: boolean; hideCancelled: boolean },
  now = new Date(),
): MyRegistration[] {
  return items.filter(
    (r) =>
      (!filters.upcomingOnly || new Date(r.event.end) >= now) &&
      (!filters.hideCancelled || (!r.isCancelled && !r.event.cancelled)),
  );
}

/** /my-registrations */
export default function MyRegistrationsPage() {
  const { t, i18n } = useTranslation('events');
  const lang = i18n.resolvedLanguage;
  const query = useMyRegistrations();
  const [upcomingOnly, setUpcomingOnly] = useState(false);
  const [hideCancelled, setHideCancelled] = useState(false);
  const all = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const shown = filterRegistrations(all, { upcomingOnly, hideCancelled });

  return (
    <AppPage title={t('myRegistrationsTitle')}>
      <IonList>
        <IonItem>
          <IonToggle checked={upcomingOnly} onIonChange={(e) => setUpcomingOnly(e.detail.checked)}>
            {t('my.upcomingOnly')}
          </IonToggle>
        </IonItem>
        <IonItem>
          <IonToggle checked={hideCancelled} onIonChange={(e) => setHideCancelled(e.detail.checked)}>
            {t('my.hideCancelled')}
          </IonToggle>
        </IonItem>
      </IonList>
      <InfiniteList
        query={query}
        count={all.length}
        textsFrom="events"
        texts={{ loadError: t('my.error'), empty: t('my.noneTitle') }}
        emptyDetail={<p>{t('my.none')}</p>}
      >
        {shown.length === 0 ? (
          <EmptyState message={t('my.noneFiltered')} />
        ) : (
          <IonList aria-label={t('myRegistrationsTitle')}>
            {shown.map((r) => (
              <IonItem key={r.registrationId} routerLink={pathTo('event', { id: r.eventId })} detail>
                <IonLabel>
                  <h2>{r.event.name}</h2>
                  <p>
                    {formatShortDate(r.event.start, lang)} ·{' '}
                    {formatTimeRange(r.event.start, r.event.end, lang)}
                  </p>
                  <p>{[r.event.city, r.event.tenantName].filter(Boolean).join(' · ')}</p>
                  <p className="vh-event-item__badges">
                    <EventStatusBadge status={r.event.status} />{' '}
                    <IonNote color={r.isCancelled ? 'danger' : undefined} data-progress={r.eventProgressType}>
                      {t(`progress.${r.eventProgressType}`)}
                    </IonNote>
                  </p>
                </IonLabel>
              </IonItem>
            ))}
          </IonList>
        )}
      </InfiniteList>
    </AppPage>
  );
}
