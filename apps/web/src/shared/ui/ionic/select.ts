// IonSelect and IonSelectOption of @ionic/react: the same runtime, events and props, in a module of its own, so the
// element's code lands in the chunks of the pages that use it and not in the signed-in shell (ADR 0027).
import type { IonSelect as IonSelectType, IonSelectOption as IonSelectOptionType } from '@ionic/react';
import {
  defineCustomElement as defineIonSelect,
  IonSelect as IonSelectElement,
} from '@ionic/core/components/ion-select.js';
import {
  defineCustomElement as defineIonSelectOption,
  IonSelectOption as IonSelectOptionElement,
} from '@ionic/core/components/ion-select-option.js';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonSelect: typeof IonSelectType = /*@__PURE__*/ createComponent({
  tagName: 'ion-select',
  elementClass: IonSelectElement,
  react: React,
  events: {
    onIonChange: 'ionChange',
    onIonCancel: 'ionCancel',
    onIonDismiss: 'ionDismiss',
    onIonFocus: 'ionFocus',
    onIonBlur: 'ionBlur',
  },
  defineCustomElement: defineIonSelect,
});
export const IonSelectOption: typeof IonSelectOptionType = /*@__PURE__*/ createComponent({
  tagName: 'ion-select-option',
  elementClass: IonSelectOptionElement,
  react: React,
  events: {},
  defineCustomElement: defineIonSelectOption,
});
