import { IonItem, IonLabel } from '@ionic/react';
import { IonNote } from '../../../shared/ui/ionic/note.ts';
import { IonToggle } from '../../../shared/ui/ionic/toggle.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  biometricUnlockAvailable,
  isBiometricUnlockOn,
  setBiometricUnlock,
} from '../../../shared/platform/biometric.ts';

/** The apps' biometric unlock switch of /account; shown only where the device can unlock with biometrics. */
export function BiometricUnlockToggle() {
  const { t } = useTranslation('common');
  const [available, setAvailable] = useState(false);
  const [on, setOn] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let active = true;
    void Promise.all([biometricUnlockAvailable(), isBiometricUnlockOn()]).then(([can, enabled]) => {
      if (!active) return;
      setAvailable(can);
      setOn(enabled);
    });
    return () => {
      active = false;
    };
  }, []);

  if (!available) return null;

  async function change(next: boolean) {
    setBusy(true);
    setFailed(false);
    const result = await setBiometricUnlock(next, t('biometric.reason'));
    setOn(result);
    setFailed(next && !result);
    setBusy(false);
  }

  return (
    <IonItem>
      <IonToggle checked={on} disabled={busy} onIonChange={(event) => void change(event.detail.checked)}>
        <IonLabel>
          {t('biometric.toggle')}
          <p>{t('biometric.hint')}</p>
        </IonLabel>
      </IonToggle>
      {failed && (
        <IonNote slot="helper" color="danger" role="alert">
          {t('biometric.failed')}
        </IonNote>
      )}
    </IonItem>
  );
}
