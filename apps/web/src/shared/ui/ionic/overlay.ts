import type { OverlayEventDetail } from '@ionic/core/components';
import { useCallback, useRef } from 'react';

/** The options `useIonAlert` / `useIonToast` of @ionic/react take besides the overlay's own (HookOverlayOptions). */
export interface OverlayHookOptions {
  onDidDismiss?: (event: CustomEvent<OverlayEventDetail>) => void;
  onDidPresent?: (event: CustomEvent<OverlayEventDetail>) => void;
  onWillDismiss?: (event: CustomEvent<OverlayEventDetail>) => void;
  onWillPresent?: (event: CustomEvent<OverlayEventDetail>) => void;
}

interface OverlayElement extends HTMLElement {
  present(): Promise<void>;
  dismiss(): Promise<boolean>;
}

/**
 * @ionic/react's `useController` (behind `useIonAlert`, `useIonToast`) with one difference: the overlay's element
 * is defined by `load` when it is first presented, so its code is not part of the page's (or the shell's) chunk.
 * One overlay at a time per hook; the `on…` options listen to `ion<Name>DidDismiss` and its siblings, as there.
 */
export function useLazyOverlay<O extends object>(
  name: 'Alert' | 'Toast',
  load: () => Promise<unknown>,
  create: (options: O) => Promise<OverlayElement>,
): { present: (options: O & OverlayHookOptions) => Promise<void>; dismiss: () => Promise<void> } {
  const overlayRef = useRef<OverlayElement | undefined>(undefined);
  const present = useCallback(
    async (options: O & OverlayHookOptions) => {
      if (overlayRef.current) return;
      const { onDidDismiss, onWillDismiss, onDidPresent, onWillPresent, ...rest } = options;
      await load();
      const overlay = await create(rest as O);
      overlayRef.current = overlay;
      const listen = (event: string, handler?: (e: CustomEvent<OverlayEventDetail>) => void) =>
        overlay.addEventListener(`ion${name}${event}`, (e) =>
          handler?.(e as CustomEvent<OverlayEventDetail>),
        );
      overlay.addEventListener(`ion${name}DidDismiss`, (e) => {
        onDidDismiss?.(e as CustomEvent<OverlayEventDetail>);
        overlayRef.current = undefined;
      });
      listen('DidPresent', onDidPresent);
      listen('WillDismiss', onWillDismiss);
      listen('WillPresent', onWillPresent);
      void overlay.present();
    },
    [name, load, create],
  );
  const dismiss = useCallback(async () => {
    if (overlayRef.current) await overlayRef.current.dismiss();
    overlayRef.current = undefined;
  }, []);
  return { present, dismiss };
}
