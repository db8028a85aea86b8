import {
  IonButtons,
  IonContent,
  IonHeader,
  IonMenuButton,
  IonPage,
  IonTitle,
  IonToolbar,
} from '@ionic/react';
import type { ReactNode } from 'react';

export interface AppPageProps {
  title: string;
  children?: ReactNode;
  /** Extra toolbar buttons at the end. */
  actions?: ReactNode;
  /** Content shown above the scrolling area, e.g. a segment. */
  toolbar?: ReactNode;
}

/** The frame every page uses: header with the menu button (mobile) and title, and the main content. */
export function AppPage({ title, children, actions, toolbar }: AppPageProps) {
  return (
    <IonPage>
      <IonHeader>
        <IonToolbar>
          <IonButtons slot="start">
            <IonMenuButton />
          </IonButtons>
          <IonTitle>
            <h1 className="vh-page-title">{title}</h1>
          </IonTitle>
          {actions && <IonButtons slot="end">{actions}</IonButtons>}
        </IonToolbar>
        {toolbar}
      </IonHeader>
      <IonContent className="ion-padding" role="main">
        {children}
      </IonContent>
    </IonPage>
  );
}
