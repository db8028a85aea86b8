// IonInput of @ionic/react: the same runtime, events and props, in a module of its own, so the element's code lands
// in the chunks of the pages that use it and not in the signed-in shell (ADR 0027).
import type { IonInput as IonInputType } from '@ionic/react';
import {
  defineCustomElement as defineIonInput,
  IonInput as IonInputElement,
} from '@ionic/core/components/ion-input.js';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonInput: typeof IonInputType = /*@__PURE__*/ createComponent({
  tagName: 'ion-input',
  elementClass: IonInputElement,
  react: React,
  events: { onIonInput: 'ionInput', onIonChange: 'ionChange', onIonBlur: 'ionBlur', onIonFocus: 'ionFocus' },
  defineCustomElement: defineIonInput,
});
