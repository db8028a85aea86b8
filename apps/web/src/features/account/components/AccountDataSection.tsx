import { IonButton, IonInput, IonItem, IonList, IonListHeader, IonLabel, useIonAlert } from '@ionic/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/client.ts';
import { useAuth } from '../../../shared/auth/session-context.tsx';
import { ACCOUNT_DELETION_CONFIRMATION, useDeleteAccount, useExportAccount } from '../api/account-data.ts';

/** Self-service data export (GDPR Art. 15/20) and account deletion behind confirmation and a typed word. */
export function AccountDataSection() {
  const { t } = useTranslation('account');
  const auth = useAuth();
  const exporter = useExportAccount();
  const deleter = useDeleteAccount();
  const [presentAlert] = useIonAlert();
  const [confirmation, setConfirmation] = useState('');
  const [armed, setArmed] = useState(false);
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
            deleter.mutate(confirmation, {
              onSuccess: () => void auth.signOut(),
              onError: (e) => setError((isApiError(e) && e.problem?.detail) || t('deleteFailed')),
            });
          },
        },
      ],
    });

  const typed = confirmation.trim().toUpperCase() === ACCOUNT_DELETION_CONFIRMATION;
  return (
    <IonList>
      <IonListHeader>
        <IonLabel>
          <h2>{t('yourData')}</h2>
        </IonLabel>
      </IonListHeader>
      <IonItem>
        <IonLabel className="ion-text-wrap">
          <p>{t('exportHint')}</p>
        </IonLabel>
        <IonButton slot="end" disabled={exporter.isPending} onClick={download}>
          {t('export')}
        </IonButton>
      </IonItem>
      <IonItem>
        <IonLabel className="ion-text-wrap">
          <h3>{t('deleteAccount')}</h3>
          <p>{t('deleteAccountHint')}</p>
        </IonLabel>
        {!armed && (
          <IonButton slot="end" color="danger" fill="outline" onClick={() => setArmed(true)}>
            {t('deleteAccount')}
          </IonButton>
        )}
      </IonItem>
      {armed && (
        <IonItem>
          <IonInput
            label={t('typeToConfirm', { word: ACCOUNT_DELETION_CONFIRMATION })}
            labelPlacement="stacked"
            value={confirmation}
            onIonInput={(e) => setConfirmation(e.detail.value ?? '')}
            name="confirmation"
          />
          <IonButton slot="end" color="danger" disabled={!typed || deleter.isPending} onClick={remove}>
            {t('deleteForever')}
          </IonButton>
        </IonItem>
      )}
      {error && (
        <p role="alert" className="ion-padding-start">
          {error}
        </p>
      )}
    </IonList>
  );
}
