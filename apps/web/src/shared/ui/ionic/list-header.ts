// IonListHeader of @ionic/react: the same runtime, events and props, in a module of its own, so the element's code
// lands in the chunks of the pages that use it and not in the signed-in shell (ADR 0027).
import type { IonListHeader as IonListHeaderType } from '@ionic/react';
import {
  defineCustomElement as defineIonListHeader,
  IonListHeader as IonListHeaderElement,
} from '@ionic/core/components/ion-list-header.js';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonListHeader: typeof IonListHeaderType = /*@__PURE__*/ createComponent({
  tagName: 'ion-list-header',
  elementClass: IonListHeaderElement,
  react: React,
  events: {},
  defineCustomElement: defineIonListHeader,
});
