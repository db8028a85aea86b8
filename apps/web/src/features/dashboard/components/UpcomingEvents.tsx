import { IonBadge, IonButton, IonItem, IonLabel, IonList, IonSkeletonText } from '@ionic/react';
import { useIonToast } from '../../../shared/ui/ionic/use-ion-toast.ts';
import type { MyRegistration } from '@vereinsheim/contracts/events';
import { pathTo } from '@vereinsheim/contracts/routes';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { isApiError } from '../../../shared/api/client.ts';
import { formatDateTime } from '../../../shared/i18n/format.ts';
import { ClubScopeSelect, useClubScope } from '../../../shared/tenant-selection/index.ts';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { useAnswerInvitation } from '../api/answer-invitation.ts';
import { DASHBOARD_EVENTS_COUNT, useUpcomingRegistrations } from '../api/get-upcoming-registrations.ts';
import './dashboard.css';

/** The person's status at an event as one short text ('Warteliste, Platz 2'). */
function statusText(t: TFunction<'dashboard'>, registration: MyRegistration): string {
  if (registration.eventProgressType === 'waiting' && registration.waitingPosition !== null)
    return t('upcoming.status.waitingAt', { position: registration.waitingPosition });
  return t(`upcoming.status.${registration.eventProgressType}`);
}

/** Answer buttons of one invitation: accept registers (or opens the event to choose prices), decline ends it. */
function InvitationAnswer({ registration }: { registration: MyRegistration }) {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const [presentToast] = useIonToast();
  const { accept, decline } = useAnswerInvitation();
  const eventId = registration.event.id;
  const busy = accept.isPending || decline.isPending;
  const toast = (message: string) => void presentToast({ message, duration: 2500, position: 'bottom' });
  const failed = (error: unknown) =>
    toast((isApiError(error) && error.problem?.detail) || t('upcoming.answerError'));
  const name = registration.event.name;
  return (
    <div className="vh-dashboard-answer">
      <IonButton
        size="small"
        disabled={busy}
        aria-label={t('upcoming.acceptFor', { name })}
        onClick={() =>
          accept.mutate(eventId, {
            onSuccess: (outcome) => {
              if (outcome === 'choose') void navigate(pathTo('event', { id: eventId }));
              else toast(t('upcoming.accepted', { name }));
            },
            onError: failed,
          })
        }
      >
        {t('upcoming.accept')}
      </IonButton>
      <IonButton
        size="small"
        fill="outline"
        disabled={busy}
        aria-label={t('upcoming.declineFor', { name })}
        onClick={() =>
          decline.mutate(eventId, {
            onSuccess: () => toast(t('upcoming.declined', { name })),
            onError: failed,
          })
        }
      >
        {t('upcoming.decline')}
      </IonButton>
    </div>
  );
}

/** Placeholder rows of the list's height while it loads, so the sections below do not move. */
function SkeletonRows({ label }: { label: string }) {
  return (
    <IonList aria-busy="true" aria-label={label}>
      {Array.from({ length: 2 }, (_, i) => (
        <IonItem key={i} className="vh-dashboard-event">
          <IonLabel>
            <h4>
              <IonSkeletonText animated style={{ width: '60%' }} />
            </h4>
            <p>
              <IonSkeletonText animated style={{ width: '40%' }} />
            </p>
          </IonLabel>
        </IonItem>
      ))}
    </IonList>
  );
}

/** Dashboard section: the person's next events in the club scope with their status; invitations answered here. */
export function UpcomingEvents() {
  const { t, i18n } = useTranslation('dashboard');
  const scope = useClubScope();
  const query = useUpcomingRegistrations(scope.tenantIds, scope.ready);
  return (
    <section aria-labelledby="dashboard-upcoming" className="vh-dashboard-section">
      <h3 id="dashboard-upcoming">{t('upcoming.title')}</h3>
      <ClubScopeSelect scope={scope} />
      <div className="vh-dashboard-upcoming-body">
        {query.isPending ? (
          <SkeletonRows label={t('upcoming.title')} />
        ) : query.isError ? (
          <EmptyState message={t('loadError')}>
            <IonButton size="small" onClick={() => void query.refetch()}>
              {t('retry')}
            </IonButton>
          </EmptyState>
        ) : query.data.length === 0 ? (
          <EmptyState message={t('upcoming.empty')} />
        ) : (
          <IonList aria-label={t('upcoming.title')}>
            {query.data.slice(0, DASHBOARD_EVENTS_COUNT).map((registration) => (
              <IonItem key={registration.registrationId} className="vh-dashboard-event">
                <IonLabel>
                  <h4>
                    <Link to={pathTo('event', { id: registration.event.id })}>{registration.event.name}</Link>
                  </h4>
                  <p>
                    {formatDateTime(registration.event.start, i18n.resolvedLanguage)} ·{' '}
                    {registration.event.tenantName}
                  </p>
                  {registration.eventProgressType === 'invited' && (
                    <InvitationAnswer registration={registration} />
                  )}
                </IonLabel>
                <IonBadge
                  slot="end"
                  color={registration.eventProgressType === 'invited' ? 'warning' : 'medium'}
                  className="vh-dashboard-status"
                >
                  {statusText(t, registration)}
                </IonBadge>
              </IonItem>
            ))}
          </IonList>
        )}
      </div>
      {/* Below the events once they are there: shown with the skeleton, it would move down when they arrive. */}
      {!query.isPending && (
        <p>
          <Link to={pathTo('myRegistrations')}>{t('upcoming.all')}</Link>
        </p>
      )}
    </section>
  );
}
