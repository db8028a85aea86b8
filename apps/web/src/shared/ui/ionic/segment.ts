// IonSegment and IonSegmentButton of @ionic/react: the same runtime, events and props, in a module of its own, so the
// element's code lands in the chunks of the pages that use it and not in the signed-in shell (ADR 0027).
import type { IonSegment as IonSegmentType, IonSegmentButton as IonSegmentButtonType } from '@ionic/react';
import {
  defineCustomElement as defineIonSegment,
  IonSegment as IonSegmentElement,
} from '@ionic/core/components/ion-segment.js';
import {
  defineCustomElement as defineIonSegmentButton,
  IonSegmentButton as IonSegmentButtonElement,
} from '@ionic/core/components/ion-segment-button.js';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonSegment: typeof IonSegmentType = /*@__PURE__*/ createComponent({
  tagName: 'ion-segment',
  elementClass: IonSegmentElement,
  react: React,
  events: { onIonChange: 'ionChange' },
  defineCustomElement: defineIonSegment,
});
export const IonSegmentButton: typeof IonSegmentButtonType = /*@__PURE__*/ createComponent({
  tagName: 'ion-segment-button',
  elementClass: IonSegmentButtonElement,
  react: React,
  events: {},
  defineCustomElement: defineIonSegmentButton,
});
