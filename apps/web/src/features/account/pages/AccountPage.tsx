import { IonButton, IonItem, IonLabel, IonList } from '@ionic/react';
import { IonListHeader } from '../../../shared/ui/ionic/list-header.ts';
import { IonRadio, IonRadioGroup } from '../../../shared/ui/ionic/radio.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth, useSession } from '../../../shared/auth/session-context.tsx';
import { changeLanguage, isLanguage, LANGUAGES } from '../../../shared/i18n/i18n.ts';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { AccountDataSection } from '../components/AccountDataSection.tsx';
import { CalendarFeed } from '../components/CalendarFeed.tsx';
import { BiometricUnlockToggle } from '../components/BiometricUnlockToggle.tsx';
import { PushNotificationsToggle } from '../components/PushNotificationsToggle.tsx';

export default function AccountPage() {
  const { t, i18n } = useTranslation('account');
  const auth = useAuth();
  const claims = useSession()?.claims;
  const [signingOut, setSigningOut] = useState(false);
  const name = [claims?.given_name, claims?.family_name].filter(Boolean).join(' ') || claims?.name;
  return (
    <AppPage title={t('title')}>
      {name && <p>{t('signedInAs', { name })}</p>}
      {/* Headers and status lines stand beside the lists: a list holds only its items (axe aria-required-children). */}
      <IonRadioGroup
        value={i18n.resolvedLanguage}
        aria-labelledby="account-language"
        onIonChange={(event) => {
          const value: unknown = event.detail.value;
          if (isLanguage(value)) void changeLanguage(value);
        }}
      >
        <IonListHeader>
          <IonLabel>
            <h2 id="account-language">{t('language')}</h2>
          </IonLabel>
        </IonListHeader>
        {LANGUAGES.map((language) => (
          <IonItem key={language}>
            <IonRadio value={language} lang={language}>
              {t(`languages.${language}`)}
            </IonRadio>
          </IonItem>
        ))}
      </IonRadioGroup>
      <IonList>
        <PushNotificationsToggle />
        <BiometricUnlockToggle />
      </IonList>
      <CalendarFeed />
      <AccountDataSection />
      <IonButton
        expand="block"
        color="danger"
        disabled={signingOut}
        onClick={() => {
          setSigningOut(true);
          void auth.signOut();
        }}
      >
        {t('signOut')}
      </IonButton>
    </AppPage>
  );
}
