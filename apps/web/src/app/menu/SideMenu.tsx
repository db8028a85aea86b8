import { IonContent, IonHeader, IonMenu, IonTitle, IonToolbar } from '@ionic/react';
import { menuController } from '@ionic/core/components';
import { DESKTOP_BREAKPOINT_PX } from '@vereinsheim/contracts/constants';
import { pathTo } from '@vereinsheim/contracts/routes';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useUnreadCount } from '../../features/messages/api/get-unread-count.ts';
import { useAuth, useSession } from '../../shared/auth/session-context.tsx';
import { MenuNav } from './MenuNav.tsx';

/** From this width the split pane shows the menu beside the page; below it, the menu is an overlay. */
export const MENU_BESIDE_PAGE_QUERY = `(min-width: ${DESKTOP_BREAKPOINT_PX}px)`;

function useMenuBesidePage(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia?.(MENU_BESIDE_PAGE_QUERY);
      query?.addEventListener('change', onChange);
      return () => query?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(MENU_BESIDE_PAGE_QUERY).matches ?? true,
  );
}

/** The side menu (split pane at ≥ 820 px, overlay below); only rendered while signed in (an ID token exists). */
export function SideMenu() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const session = useSession();
  const auth = useAuth();
  const beside = useMenuBesidePage();
  // As an overlay (phones), the menu's ~25 entries render when it first opens, not with the first page: on a
  // slow phone they cost about a tenth of the start-up's main-thread time (issue 14 §6). Their unread count is
  // fetched from the start all the same, so its badge is there when the menu opens.
  const [opened, setOpened] = useState(false);
  useUnreadCount();
  if (!session) return null;
  const { given_name, family_name, name } = session.claims;
  const displayName = [given_name, family_name].filter(Boolean).join(' ') || name || '';
  const close = () => void menuController.close();
  const account = pathTo('account');
  return (
    <IonMenu contentId="main" type="overlay" menuId="main-menu" onIonWillOpen={() => setOpened(true)}>
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
        {(beside || opened) && <MenuNav pathname={pathname} links={auth.config.links} onNavigate={close} />}
      </IonContent>
    </IonMenu>
  );
}
