// IonCardHeader, IonCardTitle, IonCardSubtitle and IonCardContent of @ionic/react: the same runtime, events and
// props, in a module of its own, so the element's code lands in the chunks of the pages that use it and not in the
// signed-in shell (ADR 0027).
import type {
  IonCardHeader as IonCardHeaderType,
  IonCardTitle as IonCardTitleType,
  IonCardSubtitle as IonCardSubtitleType,
  IonCardContent as IonCardContentType,
} from '@ionic/react';
import {
  defineCustomElement as defineIonCardHeader,
  IonCardHeader as IonCardHeaderElement,
} from '@ionic/core/components/ion-card-header.js';
import {
  defineCustomElement as defineIonCardTitle,
  IonCardTitle as IonCardTitleElement,
} from '@ionic/core/components/ion-card-title.js';
import {
  defineCustomElement as defineIonCardSubtitle,
  IonCardSubtitle as IonCardSubtitleElement,
} from '@ionic/core/components/ion-card-subtitle.js';
import {
  defineCustomElement as defineIonCardContent,
  IonCardContent as IonCardContentElement,
} from '@ionic/core/components/ion-card-content.js';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonCardHeader: typeof IonCardHeaderType = /*@__PURE__*/ createComponent({
  tagName: 'ion-card-header',
  elementClass: IonCardHeaderElement,
  react: React,
  events: {},
  defineCustomElement: defineIonCardHeader,
});
export const IonCardTitle: typeof IonCardTitleType = /*@__PURE__*/ createComponent({
  tagName: 'ion-card-title',
  elementClass: IonCardTitleElement,
  react: React,
  events: {},
  defineCustomElement: defineIonCardTitle,
});
export const IonCardSubtitle: typeof IonCardSubtitleType = /*@__PURE__*/ createComponent({
  tagName: 'ion-card-subtitle',
  elementClass: IonCardSubtitleElement,
  react: React,
  events: {},
  defineCustomElement: defineIonCardSubtitle,
});
export const IonCardContent: typeof IonCardContentType = /*@__PURE__*/ createComponent({
  tagName: 'ion-card-content',
  elementClass: IonCardContentElement,
  react: React,
  events: {},
  defineCustomElement: defineIonCardContent,
});
