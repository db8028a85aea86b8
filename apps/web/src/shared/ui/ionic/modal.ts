import { defineCustomElement } from '@ionic/core/components/ion-modal.js';

// @ionic/react's IonModal (an inline overlay with its own portal and lifecycle handling, not a plain wrapper), with
// ion-modal defined here: the build gives @ionic/react an empty definition of it (vite.config.ts,
// `ionicElementsOutOfTheShell`), so the element's code is in the chunks of the pages that show a modal, not in the
// shell's. This module runs before any of them renders an IonModal (ADR 0027).
defineCustomElement();

export { IonModal } from '@ionic/react';
