// IonProgressBar of @ionic/react: the same runtime, events and props, in a module of its own, so the element's code
// lands in the chunks of the pages that use it and not in the signed-in shell (ADR 0027).
import type { IonProgressBar as IonProgressBarType } from '@ionic/react';
import {
  defineCustomElement as defineIonProgressBar,
  IonProgressBar as IonProgressBarElement,
} from '@ionic/core/components/ion-progress-bar.js';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonProgressBar: typeof IonProgressBarType = /*@__PURE__*/ createComponent({
  tagName: 'ion-progress-bar',
  elementClass: IonProgressBarElement,
  react: React,
  events: {},
  defineCustomElement: defineIonProgressBar,
});
