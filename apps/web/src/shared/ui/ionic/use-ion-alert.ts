import { alertController, type AlertButton, type AlertOptions } from '@ionic/core/components';
import type { UseIonAlertResult } from '@ionic/react';
import { useCallback } from 'react';
import { useLazyOverlay, type OverlayHookOptions } from './overlay.ts';

const defineAlert = () =>
  import('@ionic/core/components/ion-alert.js').then(({ defineCustomElement }) => defineCustomElement());
const createAlert = (options: AlertOptions) => alertController.create(options);

/** @ionic/react's `useIonAlert`, with `ion-alert` loaded when the first alert opens (ADR 0027). */
export function useIonAlert(): UseIonAlertResult {
  const { present, dismiss } = useLazyOverlay('Alert', defineAlert, createAlert);
  const show = useCallback(
    (messageOrOptions: string | (AlertOptions & OverlayHookOptions), buttons?: AlertButton[]) =>
      present(
        typeof messageOrOptions === 'string'
          ? { message: messageOrOptions, buttons: buttons ?? [{ text: 'Ok' }] }
          : messageOrOptions,
      ),
    [present],
  );
  return [show, dismiss];
}
