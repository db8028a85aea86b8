import { IonButton, IonItem, IonList, IonLabel } from '@ionic/react';
import { IonInput } from '../../../shared/ui/ionic/input.ts';
import { IonListHeader } from '../../../shared/ui/ionic/list-header.ts';
import { useIonAlert } from '../../../shared/ui/ionic/use-ion-alert.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_DELETION_CONFIRMATION, useAccountDeletion, useExportAccount } from '../api/account-data.ts';

/**
 * Self-service data export (GDPR Art. 15/20) and account deletion behind confirmation and a typed word;
 * deletion needs a fresh sign-in (useAccountDeletion).
 */
export function AccountDataSection() {
  const { t } = useTranslation('account');
  const exporter = useExportAccount();
  const deletion = useAccountDeletion();
  const [presentAlert] = useIonAlert();
  const [confirmation, setConfirmation] = useState('');
  const [armed, setArmed] = useState(deletion.returned);
  const [error, setError] = useState<string | null>(null);

  const download = () =>
    exporter.mutate(undefined, {
      onSuccess: (blob) => {
        const url = URL.createObjectURL(blob);
        const link = document.createElement('a');
        link.href = url;
        link.download = `vereinsheim-export-${new Date().toISOString().slice(0, 10)}.json`;
        link.click();
        setTimeout(() => URL.revokeObjectURL(url), 1000);
      },
      onError: () => setError(t('exportFailed')),
    });

  const remove = () =>
    void presentAlert({
      header: t('deleteAccount'),
      message: t('confirmDelete'),
      buttons: [
        { text: t('cancel'), role: 'cancel' },
        {
          text: t('deleteForever'),
          role: 'destructive',
          handler: () => {
            setError(null);
            deletion.remove(confirmation);
          },
        },
      ],
    });

  const typed = confirmation.trim().toUpperCase() === ACCOUNT_DELETION_CONFIRMATION;
  const { state } = deletion;
  const deletionError =
    state.kind === 'failed'
      ? (state.detail ?? t('deleteFailed'))
      : state.kind === 'sign-in-failed'
        ? t('signInAgainFailed')
        : null;
  return (
    <section>
      <IonListHeader>
        <IonLabel>
          <h2>{t('yourData')}</h2>
        </IonLabel>
      </IonListHeader>
      <IonList>
        <IonItem>
          <IonLabel className="ion-text-wrap">
            <p>{t('exportHint')}</p>
            <div className="vh-actions-below">
              <IonButton disabled={exporter.isPending} onClick={download}>
                {t('export')}
              </IonButton>
            </div>
          </IonLabel>
        </IonItem>
        <IonItem>
          <IonLabel className="ion-text-wrap">
            <h3>{t('deleteAccount')}</h3>
            <p>{t('deleteAccountHint')}</p>
            {!armed && (
              <div className="vh-actions-below">
                <IonButton color="danger" fill="outline" onClick={() => setArmed(true)}>
                  {t('deleteAccount')}
                </IonButton>
              </div>
            )}
          </IonLabel>
        </IonItem>
        {armed && deletion.returned && state.kind === 'idle' && (
          <IonItem lines="none">
            <p role="status">{t('signedInAgain', { word: ACCOUNT_DELETION_CONFIRMATION })}</p>
          </IonItem>
        )}
        {armed && (
          <IonItem>
            <IonInput
              label={t('typeToConfirm', { word: ACCOUNT_DELETION_CONFIRMATION })}
              labelPlacement="stacked"
              value={confirmation}
              onIonInput={(e) => setConfirmation(e.detail.value ?? '')}
              name="confirmation"
            />
            <IonButton slot="end" color="danger" disabled={!typed || deletion.pending} onClick={remove}>
              {t('deleteForever')}
            </IonButton>
          </IonItem>
        )}
        {state.kind === 'sign-in-needed' && (
          <IonItem>
            <IonLabel className="ion-text-wrap" role="alert">
              <h3>{t('signInAgainTitle')}</h3>
              <p>{t('signInAgainMessage')}</p>
            </IonLabel>
            <IonButton slot="end" onClick={deletion.signInAgain}>
              {t('signInAgain')}
            </IonButton>
          </IonItem>
        )}
        {(error ?? deletionError) && (
          <IonItem lines="none">
            <p role="alert">{error ?? deletionError}</p>
          </IonItem>
        )}
      </IonList>
    </section>
  );
}
