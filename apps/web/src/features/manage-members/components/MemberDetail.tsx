import {
  IonButton,
  IonButtons,
  IonContent,
  IonHeader,
  IonItem,
  IonLabel,
  IonList,
  IonTitle,
  IonToolbar,
} from '@ionic/react';
import { IonModal } from '../../../shared/ui/ionic/modal.ts';
import { IonInput } from '../../../shared/ui/ionic/input.ts';
import { IonListHeader } from '../../../shared/ui/ionic/list-header.ts';
import { IonSelect, IonSelectOption } from '../../../shared/ui/ionic/select.ts';
import { useIonAlert } from '../../../shared/ui/ionic/use-ion-alert.ts';
import { useIonToast } from '../../../shared/ui/ionic/use-ion-toast.ts';
import { MEMBERSHIP_ROLES, type MembershipRole } from '@vereinsheim/contracts/enums';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/client.ts';
import { formatDay, formatFieldDate } from '../../../shared/i18n/format.ts';
import { useAddRole, useClubMember, useEndMembership, useEndRole } from '../api/members.ts';

/** One member in a dialog: dated roles, add a role, end a role or the membership (each confirmed). */
export function MemberDetail(props: { tenantId: string; personId: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('manageMembers');
  const lng = i18n.resolvedLanguage;
  const { tenantId, personId } = props;
  const member = useClubMember(tenantId, personId);
  const addRole = useAddRole(tenantId, personId ?? '');
  const endRole = useEndRole(tenantId, personId ?? '');
  const endMembership = useEndMembership(tenantId, personId ?? '');
  const [role, setRole] = useState<MembershipRole>('trainer');
  const [startsOn, setStartsOn] = useState('');
  const [presentAlert] = useIonAlert();
  const [presentToast] = useIonToast();
  const m = member.data;

  const fail = (e: unknown) =>
    void presentToast({
      message: (isApiError(e) && e.problem?.detail) || t('failed'),
      duration: 5000,
      color: 'danger',
    });
  const done = (message: string) => void presentToast({ message, duration: 3000, color: 'success' });

  const confirm = (header: string, message: string, action: () => void) =>
    void presentAlert({
      header,
      message,
      buttons: [
        { text: t('cancel'), role: 'cancel' },
        { text: t('confirm'), role: 'destructive', handler: action },
      ],
    });

  return (
    <IonModal isOpen={personId !== null} onDidDismiss={props.onClose}>
      <IonHeader>
        <IonToolbar>
          <IonTitle>{m ? `${m.firstName} ${m.lastName}` : t('member')}</IonTitle>
          <IonButtons slot="end">
            <IonButton onClick={props.onClose}>{t('close')}</IonButton>
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">
        {m && (
          <>
            <p>{m.emails.join(', ') || t('noSharedMail')}</p>
            {m.phones.length > 0 && <p>{m.phones.join(', ')}</p>}
            <IonList aria-label={t('roles')}>
              <IonListHeader>
                <IonLabel>{t('roles')}</IonLabel>
              </IonListHeader>
              {m.roles.map((r) => (
                <IonItem key={r.id}>
                  <IonLabel>
                    <h3>{t(`role.${r.role}`)}</h3>
                    <p>
                      {t('period', {
                        from: formatDay(r.startsOn, lng),
                        to: r.endsOn ? formatDay(r.endsOn, lng) : t('open'),
                      })}
                    </p>
                  </IonLabel>
                  {r.endsOn === null && (
                    <IonButton
                      slot="end"
                      fill="outline"
                      color="danger"
                      disabled={endRole.isPending}
                      onClick={() =>
                        confirm(t('endRole'), t('endRoleConfirm', { role: t(`role.${r.role}`) }), () =>
                          endRole.mutate(r.id, { onError: fail, onSuccess: () => done(t('roleEnded')) }),
                        )
                      }
                    >
                      {t('endRole')}
                    </IonButton>
                  )}
                </IonItem>
              ))}
            </IonList>
            <form
              className="vh-manage-fields"
              onSubmit={(e) => {
                e.preventDefault();
                addRole.mutate(
                  { role, ...(startsOn ? { startsOn } : {}) },
                  { onError: fail, onSuccess: () => done(t('roleAdded')) },
                );
              }}
            >
              <IonSelect
                label={t('newRole')}
                value={role}
                onIonChange={(e) => setRole(e.detail.value as MembershipRole)}
              >
                {MEMBERSHIP_ROLES.map((r) => (
                  <IonSelectOption key={r} value={r}>
                    {t(`role.${r}`)}
                  </IonSelectOption>
                ))}
              </IonSelect>
              <IonInput
                type="date"
                label={t('startsOn')}
                labelPlacement="stacked"
                value={startsOn}
                helperText={formatFieldDate(startsOn, lng) || undefined}
                onIonInput={(e) => setStartsOn(String(e.detail.value ?? ''))}
              />
              <IonButton type="submit" disabled={addRole.isPending}>
                {t('addRole')}
              </IonButton>
            </form>
            {m.active && (
              <IonButton
                color="danger"
                expand="block"
                disabled={endMembership.isPending}
                onClick={() =>
                  confirm(
                    t('endMembership'),
                    t('endMembershipConfirm', { name: `${m.firstName} ${m.lastName}` }),
                    () =>
                      endMembership.mutate(undefined, {
                        onError: fail,
                        onSuccess: () => done(t('membershipEnded')),
                      }),
                  )
                }
              >
                {t('endMembership')}
              </IonButton>
            )}
          </>
        )}
      </IonContent>
    </IonModal>
  );
}
