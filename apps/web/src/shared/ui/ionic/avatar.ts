// IonAvatar of @ionic/react: the same runtime, events and props, in a module of its own, so the element's code lands
// in the chunks of the pages that use it and not in the signed-in shell (ADR 0027).
import type { IonAvatar as IonAvatarType } from '@ionic/react';
import {
  defineCustomElement as defineIonAvatar,
  IonAvatar as IonAvatarElement,
} from '@ionic/core/components/ion-avatar.js';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonAvatar: typeof IonAvatarType = /*@__PURE__*/ createComponent({
  tagName: 'ion-avatar',
  elementClass: IonAvatarElement,
  react: React,
  events: {},
  defineCustomElement: defineIonAvatar,
});
