import { toastController, type ToastOptions } from '@ionic/core/components';
import type { UseIonToastResult } from '@ionic/react';
import { useCallback } from 'react';
import { useLazyOverlay, type OverlayHookOptions } from './overlay.ts';

const defineToast = () =>
  import('@ionic/core/components/ion-toast.js').then(({ defineCustomElement }) => defineCustomElement());
const createToast = (options: ToastOptions) => toastController.create(options);

/** @ionic/react's `useIonToast`, with `ion-toast` loaded when the first toast shows (ADR 0027). */
export function useIonToast(): UseIonToastResult {
  const { present, dismiss } = useLazyOverlay('Toast', defineToast, createToast);
  const show = useCallback(
    (messageOrOptions: string | (ToastOptions & OverlayHookOptions), duration?: number) =>
      present(
        typeof messageOrOptions === 'string' ? { message: messageOrOptions, duration } : messageOrOptions,
      ),
    [present],
  );
  return [show, dismiss];
}
