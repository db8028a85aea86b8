// IonCheckbox of @ionic/react: the same runtime, events and props, in a module of its own, so the element's code
// lands in the chunks of the pages that use it and not in the signed-in shell (ADR 0027).
import type { IonCheckbox as IonCheckboxType } from '@ionic/react';
import {
  defineCustomElement as defineIonCheckbox,
  IonCheckbox as IonCheckboxElement,
} from '@ionic/core/components/ion-checkbox.js';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonCheckbox: typeof IonCheckboxType = /*@__PURE__*/ createComponent({
  tagName: 'ion-checkbox',
  elementClass: IonCheckboxElement,
  react: React,
  events: { onIonChange: 'ionChange', onIonFocus: 'ionFocus', onIonBlur: 'ionBlur' },
  defineCustomElement: defineIonCheckbox,
});
