// IonText of @ionic/react: the same runtime, events and props, in a module of its own, so the element's code lands in
// the chunks of the pages that use it and not in the signed-in shell (ADR 0027).
import type { IonText as IonTextType } from '@ionic/react';
import {
  defineCustomElement as defineIonText,
  IonText as IonTextElement,
} from '@ionic/core/components/ion-text.js';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonText: typeof IonTextType = /*@__PURE__*/ createComponent({
  tagName: 'ion-text',
  elementClass: IonTextElement,
  react: React,
  events: {},
  defineCustomElement: defineIonText,
});
