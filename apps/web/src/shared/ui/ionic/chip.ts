// IonChip of @ionic/react: the same runtime, events and props, in a module of its own, so the element's code lands in
// the chunks of the pages that use it and not in the signed-in shell (ADR 0027).
import type { IonChip as IonChipType } from '@ionic/react';
import {
  defineCustomElement as defineIonChip,
  IonChip as IonChipElement,
} from '@ionic/core/components/ion-chip.js';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonChip: typeof IonChipType = /*@__PURE__*/ createComponent({
  tagName: 'ion-chip',
  elementClass: IonChipElement,
  react: React,
  events: {},
  defineCustomElement: defineIonChip,
});
