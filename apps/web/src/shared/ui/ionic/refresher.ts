// IonRefresher and IonRefresherContent of @ionic/react: the same runtime, events and props, in a module of its own,
// so the element's code lands in the chunks of the pages that use it and not in the signed-in shell (ADR 0027).
import type {
  IonRefresher as IonRefresherType,
  IonRefresherContent as IonRefresherContentType,
} from '@ionic/react';
import {
  defineCustomElement as defineIonRefresher,
  IonRefresher as IonRefresherElement,
} from '@ionic/core/components/ion-refresher.js';
import {
  defineCustomElement as defineIonRefresherContent,
  IonRefresherContent as IonRefresherContentElement,
} from '@ionic/core/components/ion-refresher-content.js';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonRefresher: typeof IonRefresherType = /*@__PURE__*/ createComponent({
  tagName: 'ion-refresher',
  elementClass: IonRefresherElement,
  react: React,
  events: {
    onIonRefresh: 'ionRefresh',
    onIonPull: 'ionPull',
    onIonStart: 'ionStart',
    onIonPullStart: 'ionPullStart',
    onIonPullEnd: 'ionPullEnd',
  },
  defineCustomElement: defineIonRefresher,
});
export const IonRefresherContent: typeof IonRefresherContentType = /*@__PURE__*/ createComponent({
  tagName: 'ion-refresher-content',
  elementClass: IonRefresherContentElement,
  react: React,
  events: {},
  defineCustomElement: defineIonRefresherContent,
});
