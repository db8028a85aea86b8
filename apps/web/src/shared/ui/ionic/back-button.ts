import { defineCustomElement } from '@ionic/core/components/ion-back-button.js';

// @ionic/react's IonBackButton (it goes back through the Ionic router), with ion-back-button defined here: the build
// gives @ionic/react an empty definition of it (vite.config.ts, `ionicElementsOutOfTheShell`), so the element's code
// is in the chunks of the pages with a back button, not in the shell's (ADR 0027).
defineCustomElement();

export { IonBackButton } from '@ionic/react';
