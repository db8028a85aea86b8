import { IonItem, IonLabel } from '@ionic/react';
import { IonNote } from '../../../shared/ui/ionic/note.ts';
import { IonToggle } from '../../../shared/ui/ionic/toggle.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  currentWebSubscription,
  disablePush,
  isPushSupported,
  PushPermissionDeniedError,
} from '../../../shared/platform/push.ts';
import { unregisterPushSubscription } from '../api/push-subscriptions.ts';
import { registerThisDevice } from './register-device.ts';

type State = 'unknown' | 'on' | 'off' | 'busy';

/** The push notification switch of /account: asks for permission, registers or removes this device. */
export function PushNotificationsToggle() {
  const { t } = useTranslation('push');
  const supported = isPushSupported();
  const [state, setState] = useState<State>('unknown');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!supported) return;
    let active = true;
    void currentWebSubscription()
      .then((subscription) => {
        if (active) setState(subscription ? 'on' : 'off');
      })
      .catch(() => active && setState('off'));
    return () => {
      active = false;
    };
  }, [supported]);

  async function change(on: boolean) {
    setError(null);
    setState('busy');
    try {
      if (on) {
        await registerThisDevice();
        setState('on');
      } else {
        const forget = await disablePush();
        if (forget) await unregisterPushSubscription(forget).catch(() => undefined);
        setState('off');
      }
    } catch (cause) {
      setState(on ? 'off' : 'on');
      setError(cause instanceof PushPermissionDeniedError ? t('denied') : t('failed'));
    }
  }

  return (
    <IonItem>
      <IonToggle
        checked={state === 'on'}
        disabled={!supported || state === 'busy' || state === 'unknown'}
        onIonChange={(event) => void change(event.detail.checked)}
      >
        <IonLabel className="ion-text-wrap">
          {t('label')}
          <p>{supported ? t('hint') : t('unsupported')}</p>
        </IonLabel>
      </IonToggle>
      {error && (
        <IonNote slot="helper" color="danger" role="alert">
          {error}
        </IonNote>
      )}
    </IonItem>
  );
}
