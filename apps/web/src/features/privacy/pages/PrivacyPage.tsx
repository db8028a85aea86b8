import { IonButton, IonItem, IonLabel, IonList, IonSpinner } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { QueryStates } from '../../../shared/ui/QueryStates.tsx';
import { formatDate } from '../../../shared/i18n/format.ts';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { useApprove } from '../api/approve.ts';
import { useApprovals } from '../api/get-approvals.ts';

/** /privacy: per club, the privacy notice and terms, what is approved, and the approve buttons. */
export default function PrivacyPage() {
  const { t, i18n } = useTranslation('privacy');
  const query = useApprovals();
  const approve = useApprove();
  return (
    <AppPage title={t('title')}>
      <p className="vh-help">{t('intro')}</p>
      <QueryStates
        query={query}
        texts={{ loading: t('loading'), loadError: t('loadError'), retry: t('retry'), empty: t('noClubs') }}
        isEmpty={(approvals) => approvals.length === 0}
      >
        {(approvals) => (
          <IonList>
            {approvals.map((a) => {
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
                            date: formatDate(a.approvedAt, i18n.resolvedLanguage),
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
      </QueryStates>
      {approve.isError && <p role="alert">{t('approveFailed')}</p>}
    </AppPage>
  );
}
