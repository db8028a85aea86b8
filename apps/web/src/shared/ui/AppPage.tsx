import {
  IonButtons,
  IonContent,
  IonHeader,
  IonMenuButton,
  IonPage,
  IonTitle,
  IonToolbar,
  useIonViewWillEnter,
  useIonViewWillLeave,
} from '@ionic/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { documentTitle } from './document-title.ts';

export interface AppPageProps {
  title: string;
  /** Shown after the title in the header (e.g. the chat's "Beta"), not in the document's title. */
  badge?: ReactNode;
  children?: ReactNode;
  /** Extra toolbar buttons at the end. */
  actions?: ReactNode;
  /** Content shown above the scrolling area, e.g. a segment. */
  toolbar?: ReactNode;
}

/**
 * Keeps `document.title` on the shown page's title (WCAG 2.4.2). Ionic keeps the pages it has left in the DOM,
 * hidden, so a page sets the title when it is entered and, while it is shown, when its title changes (its data has
 * loaded, the language was switched); a hidden page leaves it alone.
 */
function useDocumentTitle(title: string) {
  const { t } = useTranslation('common');
  const full = documentTitle(title, t('appName'));
  const shown = useRef(false);
  useIonViewWillEnter(() => {
    shown.current = true;
    document.title = full;
  }, [full]);
  useIonViewWillLeave(() => {
    shown.current = false;
  });
  useEffect(() => {
    if (shown.current) document.title = full;
  }, [full]);
}

/** The frame every page uses: header with the menu button (mobile) and title, and the main content. */
export function AppPage({ title, badge, children, actions, toolbar }: AppPageProps) {
  useDocumentTitle(title);
  return (
    <IonPage>
      <IonHeader>
        <IonToolbar>
          <IonButtons slot="start">
            <IonMenuButton />
          </IonButtons>
          <IonTitle>
            <h1 className="vh-page-title">
              {title}
              {badge && <span className="vh-page-title__badge"> {badge}</span>}
            </h1>
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
