// IonSearchbar of @ionic/react: the same runtime, events and props, in a module of its own, so the element's code
// lands in the chunks of the pages that use it and not in the signed-in shell (ADR 0027).
import type { IonSearchbar as IonSearchbarType } from '@ionic/react';
import {
  defineCustomElement as defineIonSearchbar,
  IonSearchbar as IonSearchbarElement,
} from '@ionic/core/components/ion-searchbar.js';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonSearchbar: typeof IonSearchbarType = /*@__PURE__*/ createComponent({
  tagName: 'ion-searchbar',
  elementClass: IonSearchbarElement,
  react: React,
  events: {
    onIonInput: 'ionInput',
    onIonChange: 'ionChange',
    onIonCancel: 'ionCancel',
    onIonClear: 'ionClear',
    onIonBlur: 'ionBlur',
    onIonFocus: 'ionFocus',
  },
  defineCustomElement: defineIonSearchbar,
});
