// IonTextarea of @ionic/react: the same runtime, events and props, in a module of its own, so the element's code
// lands in the chunks of the pages that use it and not in the signed-in shell (ADR 0027).
import type { IonTextarea as IonTextareaType } from '@ionic/react';
import {
  defineCustomElement as defineIonTextarea,
  IonTextarea as IonTextareaElement,
} from '@ionic/core/components/ion-textarea.js';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonTextarea: typeof IonTextareaType = /*@__PURE__*/ createComponent({
  tagName: 'ion-textarea',
  elementClass: IonTextareaElement,
  react: React,
  events: { onIonChange: 'ionChange', onIonInput: 'ionInput', onIonBlur: 'ionBlur', onIonFocus: 'ionFocus' },
  defineCustomElement: defineIonTextarea,
});
