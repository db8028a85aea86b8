import { IonButton, IonItem, IonLabel, IonList, IonSpinner } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { useApprove } from '../api/approve.ts';
import { useApprovals } from '../api/get-approvals.ts';

/** /privacy: per club, the privacy notice and terms, what is approved, and the approve buttons. */
export default function PrivacyPage() {
  const { t, i18n } = useTranslation('privacy');
  const query = useApprovals();
  const approve = useApprove();
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'de', { dateStyle: 'medium' });
  return (
    <AppPage title={t('title')}>
      <p className="vh-help">{t('intro')}</p>
      {query.isPending ? (
        <IonSpinner aria-label={t('loading')} />
      ) : query.isError ? (
        <EmptyState message={t('loadError')}>
          <IonButton onClick={() => void query.refetch()}>{t('retry')}</IonButton>
        </EmptyState>
      ) : query.data.length === 0 ? (
        <EmptyState message={t('noClubs')} />
      ) : (
        <IonList>
          {query.data.map((a) => {
            const busy =
              approve.isPending &&
              approve.variables?.tenantId === a.tenantId &&
              approve.variables.kind === a.kind;
            return (
              <IonItem key={`${a.tenantId}:${a.kind}`} data-testid="approval">
                <IonLabel className="ion-text-wrap">
                  <h3>
                    {a.tenantName}: {t(`kinds.${a.kind}`)}
                  </h3>
                  <p>
                    {a.approved && a.approvedAt
                      ? t('approvedOn', {
                          date: date.format(new Date(a.approvedAt)),
                          version: a.version ?? '',
                        })
                      : t('notApproved')}
                  </p>
                </IonLabel>
                {!a.approved && (
                  <IonButton
                    slot="end"
                    disabled={busy}
                    onClick={() => approve.mutate({ tenantId: a.tenantId, kind: a.kind })}
                  >
                    {busy ? <IonSpinner name="dots" /> : t('approve')}
                  </IonButton>
                )}
              </IonItem>
            );
          })}
        </IonList>
      )}
      {approve.isError && <p role="alert">{t('approveFailed')}</p>}
    </AppPage>
  );
}
