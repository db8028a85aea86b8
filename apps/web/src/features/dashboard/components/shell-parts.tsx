import { IonButton } from '@ionic/react';
import type { MyRegistration } from '@vereinsheim/contracts/events';
import { pathTo } from '@vereinsheim/contracts/routes';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '../../../shared/api/client.ts';
import { ClubScopeSelect } from '../../../shared/tenant-selection/ClubScopeSelect.tsx';
import { useIonToast } from '../../../shared/ui/ionic/use-ion-toast.ts';
import { QueryStates } from '../../../shared/ui/QueryStates.tsx';
import { useAnswerInvitation } from '../api/answer-invitation.ts';
import { AnswerButtons } from './DashboardSections.tsx';
import { DashboardPartsContext, type DashboardParts } from './parts.ts';

/** Answer buttons of one invitation: accept registers (or opens the event to choose prices), decline ends it. */
function InvitationAnswer({ registration }: { registration: MyRegistration }) {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const [presentToast] = useIonToast();
  const { accept, decline } = useAnswerInvitation();
  const eventId = registration.event.id;
  const name = registration.event.name;
  const toast = (message: string) => void presentToast({ message, duration: 2500, position: 'bottom' });
  const failed = (error: unknown) =>
    toast((isApiError(error) && error.problem?.detail) || t('upcoming.answerError'));
  return (
    <AnswerButtons
      registration={registration}
      busy={accept.isPending || decline.isPending}
      onAccept={() =>
        accept.mutate(eventId, {
          onSuccess: (outcome) => {
            if (outcome === 'choose') void navigate(pathTo('event', { id: eventId }));
            else toast(t('upcoming.accepted', { name }));
          },
          onError: failed,
        })
      }
      onDecline={() =>
        decline.mutate(eventId, {
          onSuccess: () => toast(t('upcoming.declined', { name })),
          onError: failed,
        })
      }
    />
  );
}

function Retry({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <IonButton size="small" onClick={onRetry}>
      {t('retry')}
    </IonButton>
  );
}

function JoinClub() {
  const { t } = useTranslation('dashboard');
  return <IonButton routerLink={pathTo('joinClub')}>{t('joinClub')}</IonButton>;
}

/** The dashboard's parts inside the shell: Ionic's loading and error states, the club switch, working answers. */
export const SHELL_PARTS: DashboardParts = {
  States: QueryStates,
  ScopeLine: ClubScopeSelect,
  Answer: InvitationAnswer,
  Retry,
  JoinClub,
};

export function ShellDashboardParts({ children }: { children: ReactNode }) {
  return <DashboardPartsContext.Provider value={SHELL_PARTS}>{children}</DashboardPartsContext.Provider>;
}
