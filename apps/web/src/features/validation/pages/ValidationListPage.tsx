import { IonBadge, IonItem, IonLabel, IonList } from '@ionic/react';
import { IonNote } from '../../../shared/ui/ionic/note.ts';
import { IonSegment, IonSegmentButton } from '../../../shared/ui/ionic/segment.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@vereinsheim/contracts/routes';
import { VALIDATION_STATES, type ValidationState } from '@vereinsheim/contracts/validation';
import { formatDay } from '../../../shared/i18n/format.ts';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { QueryStates } from '../../../shared/ui/QueryStates.tsx';
import { useValidationQueue } from '../api/validation.ts';
import '../components/validation.css';
import { PullToRefresh } from '../../../shared/ui/PullToRefresh.tsx';

/** The reviewer's queue: the cases of their clubs, newest first, filtered by state with counts. */
export default function ValidationListPage() {
  const { t, i18n } = useTranslation('validation');
  const [state, setState] = useState<ValidationState | null>(null);
  const queue = useValidationQueue(state);
  const counts = queue.data?.counts ?? {};
  const total = Object.values(counts).reduce((n, c) => n + (c ?? 0), 0);
  return (
    <AppPage
      title={t('listTitle')}
      toolbar={
        <IonSegment
          scrollable
          value={state ?? 'all'}
          aria-label={t('filter')}
          onIonChange={(e) => setState(e.detail.value === 'all' ? null : (e.detail.value as ValidationState))}
        >
          <IonSegmentButton value="all">
            <IonLabel>
              {t('states.all')} ({total})
            </IonLabel>
          </IonSegmentButton>
          {VALIDATION_STATES.map((s) => (
            <IonSegmentButton key={s} value={s}>
              <IonLabel>
                {t(`states.${s}`)} ({counts[s] ?? 0})
              </IonLabel>
            </IonSegmentButton>
          ))}
        </IonSegment>
      }
    >
      <PullToRefresh onRefresh={() => queue.refetch()} />
      <p className="vh-help">{t('listHelp')}</p>
      <QueryStates
        query={queue}
        texts={{
          loading: t('listTitle'),
          loadError: t('loadError'),
          retry: t('retry'),
          empty: t('emptyQueue'),
        }}
        isEmpty={(list) => list.items.length === 0}
      >
        {(list) => (
          <IonList aria-label={t('listTitle')}>
            {list.items.map((c) => (
              <IonItem key={c.id} routerLink={pathTo('validationProcess', { id: c.id })} detail>
                <IonLabel>
                  <h2>{c.personName}</h2>
                  {/* Under the name, not at the row's end: there, on a phone, the texts were a narrow column. */}
                  <p className="vh-validation-badges">
                    <IonBadge className={`vh-validation-state vh-validation-state--${c.state}`}>
                      {t(`states.${c.state}`)}
                    </IonBadge>
                    {c.correctionSections.length > 0 && (
                      <IonNote>{t('corrections', { count: c.correctionSections.length })}</IonNote>
                    )}
                  </p>
                  <p>
                    {t(`reasons.${c.reason}`)} · {c.tenantName}
                  </p>
                  <p>
                    {t('progress', { done: c.decidedSections, total: 10 })} ·{' '}
                    {formatDay(c.createdAt.slice(0, 10), i18n.resolvedLanguage)}
                  </p>
                </IonLabel>
              </IonItem>
            ))}
          </IonList>
        )}
      </QueryStates>
    </AppPage>
  );
}
