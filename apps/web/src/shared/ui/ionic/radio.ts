// IonRadioGroup and IonRadio of @ionic/react: the same runtime, events and props, in a module of its own, so the
// element's code lands in the chunks of the pages that use it and not in the signed-in shell (ADR 0027).
import type { IonRadioGroup as IonRadioGroupType, IonRadio as IonRadioType } from '@ionic/react';
import {
  defineCustomElement as defineIonRadioGroup,
  IonRadioGroup as IonRadioGroupElement,
} from '@ionic/core/components/ion-radio-group.js';
import {
  defineCustomElement as defineIonRadio,
  IonRadio as IonRadioElement,
} from '@ionic/core/components/ion-radio.js';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonRadioGroup: typeof IonRadioGroupType = /*@__PURE__*/ createComponent({
  tagName: 'ion-radio-group',
  elementClass: IonRadioGroupElement,
  react: React,
  events: { onIonChange: 'ionChange' },
  defineCustomElement: defineIonRadioGroup,
});
export const IonRadio: typeof IonRadioType = /*@__PURE__*/ createComponent({
  tagName: 'ion-radio',
  elementClass: IonRadioElement,
  react: React,
  events: { onIonFocus: 'ionFocus', onIonBlur: 'ionBlur' },
  defineCustomElement: defineIonRadio,
});
