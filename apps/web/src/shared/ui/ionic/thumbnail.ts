// IonThumbnail of @ionic/react: the same runtime, events and props, in a module of its own, so the element's code
// lands in the chunks of the pages that use it and not in the signed-in shell (ADR 0027).
import type { IonThumbnail as IonThumbnailType } from '@ionic/react';
import {
  defineCustomElement as defineIonThumbnail,
  IonThumbnail as IonThumbnailElement,
} from '@ionic/core/components/ion-thumbnail.js';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonThumbnail: typeof IonThumbnailType = /*@__PURE__*/ createComponent({
  tagName: 'ion-thumbnail',
  elementClass: IonThumbnailElement,
  react: React,
  events: {},
  defineCustomElement: defineIonThumbnail,
});
