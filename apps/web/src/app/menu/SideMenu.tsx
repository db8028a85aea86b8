import { IonContent, IonHeader, IonMenu, IonTitle, IonToolbar } from '@ionic/react';
import { menuController } from '@ionic/core/components';
import { pathTo } from '@vereinsheim/contracts/routes';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useAuth, useSession } from '../../shared/auth/session-context.tsx';
import { MenuNav } from './MenuNav.tsx';

/** The side menu (split pane at ≥ 820 px, overlay below); only rendered while signed in (an ID token exists). */
export function SideMenu() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const session = useSession();
  const auth = useAuth();
  if (!session) return null;
  const { given_name, family_name, name } = session.claims;
  const displayName = [given_name, family_name].filter(Boolean).join(' ') || name || '';
  const close = () => void menuController.close();
  const account = pathTo('account');
  return (
    <IonMenu contentId="main" type="overlay" menuId="main-menu">
      <IonHeader>
        <IonToolbar>
          <IonTitle>{t('menu.title')}</IonTitle>
        </IonToolbar>
      </IonHeader>
      <IonContent>
        <div className="vh-menu-account">
          <Link to={account} onClick={close} aria-current={pathname === account ? 'page' : undefined}>
            <span className="vh-menu-account-name">{displayName}</span>
            <span className="vh-menu-account-label">{t('menu.items.account')}</span>
          </Link>
        </div>
        <MenuNav pathname={pathname} links={auth.config.links} onNavigate={close} />
      </IonContent>
    </IonMenu>
  );
}
