// IonInfiniteScroll and IonInfiniteScrollContent of @ionic/react: the same runtime, events and props, in a module of
// its own, so the element's code lands in the chunks of the pages that use it and not in the signed-in shell (ADR
// 0027).
import type {
  IonInfiniteScroll as IonInfiniteScrollType,
  IonInfiniteScrollContent as IonInfiniteScrollContentType,
} from '@ionic/react';
import {
  defineCustomElement as defineIonInfiniteScroll,
  IonInfiniteScroll as IonInfiniteScrollElement,
} from '@ionic/core/components/ion-infinite-scroll.js';
import {
  defineCustomElement as defineIonInfiniteScrollContent,
  IonInfiniteScrollContent as IonInfiniteScrollContentElement,
} from '@ionic/core/components/ion-infinite-scroll-content.js';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonInfiniteScroll: typeof IonInfiniteScrollType = /*@__PURE__*/ createComponent({
  tagName: 'ion-infinite-scroll',
  elementClass: IonInfiniteScrollElement,
  react: React,
  events: { onIonInfinite: 'ionInfinite' },
  defineCustomElement: defineIonInfiniteScroll,
});
export const IonInfiniteScrollContent: typeof IonInfiniteScrollContentType = /*@__PURE__*/ createComponent({
  tagName: 'ion-infinite-scroll-content',
  elementClass: IonInfiniteScrollContentElement,
  react: React,
  events: {},
  defineCustomElement: defineIonInfiniteScrollContent,
});
