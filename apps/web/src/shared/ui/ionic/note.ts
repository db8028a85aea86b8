// IonNote of @ionic/react: the same runtime, events and props, in a module of its own, so the element's code lands in
// the chunks of the pages that use it and not in the signed-in shell (ADR 0027).
import type { IonNote as IonNoteType } from '@ionic/react';
import {
  defineCustomElement as defineIonNote,
  IonNote as IonNoteElement,
} from '@ionic/core/components/ion-note.js';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonNote: typeof IonNoteType = /*@__PURE__*/ createComponent({
  tagName: 'ion-note',
  elementClass: IonNoteElement,
  react: React,
  events: {},
  defineCustomElement: defineIonNote,
});
