// IonToggle of @ionic/react: the same runtime, events and props, in a module of its own, so the element's code lands
// in the chunks of the pages that use it and not in the signed-in shell (ADR 0027).
import type { IonToggle as IonToggleType } from '@ionic/react';
import {
  defineCustomElement as defineIonToggle,
  IonToggle as IonToggleElement,
} from '@ionic/core/components/ion-toggle.js';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonToggle: typeof IonToggleType = /*@__PURE__*/ createComponent({
  tagName: 'ion-toggle',
  elementClass: IonToggleElement,
  react: React,
  events: { onIonChange: 'ionChange', onIonFocus: 'ionFocus', onIonBlur: 'ionBlur' },
  defineCustomElement: defineIonToggle,
});
