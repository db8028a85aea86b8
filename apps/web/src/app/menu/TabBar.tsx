import { IonIcon } from '@ionic/react';
import { menuController } from '@ionic/core/components';
import { TAB_BAR_ID } from '@vereinsheim/contracts/constants';
import { menuOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useChatUnreadCount } from '../../features/chat/api/chat-api.ts';
import { useTabBarVisible } from '../../shared/ui/tab-bar.ts';
import { isMenuItemActive, TAB_ITEMS } from './menu-items.ts';

/** The bottom tab bar below 820 px: the route table's tabs (News, Kalender), then Mehr (opens the menu). */
export function TabBar() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const visible = useTabBarVisible();
  // The chat lives in the menu: its unread count shows on 'Mehr' (live through the chat's socket).
  const chatUnread = useChatUnreadCount({ enabled: visible });
  const tab = (path: string, label: string, icon: string) => {
    const active = isMenuItemActive(path, pathname);
    return (
      <Link
        key={path}
        to={path}
        className={`vh-tab${active ? ' active' : ''}`}
        aria-current={active ? 'page' : undefined}
      >
        <IonIcon icon={icon} aria-hidden="true" />
        <span>{label}</span>
      </Link>
    );
  };
  return (
    <nav id={TAB_BAR_ID} className="vh-tab-bar" aria-label={t('tabs.label')} hidden={!visible}>
      {TAB_ITEMS.map((item) => tab(item.path, t(`tabs.${item.label}`), item.icon))}
      <button type="button" className="vh-tab" onClick={() => void menuController.toggle('main-menu')}>
        <IonIcon icon={menuOutline} aria-hidden="true" />
        <span>{t('tabs.more')}</span>
        {chatUnread > 0 && (
          <>
            <span
              className="vh-badge vh-badge--count vh-tab__badge"
              aria-hidden="true"
              data-testid="tab-chat-unread"
            >
              {chatUnread > 99 ? '99+' : chatUnread}
            </span>
            <span className="vh-visually-hidden">
              {', '}
              {t('tabs.chatUnread', { count: chatUnread })}
            </span>
          </>
        )}
      </button>
    </nav>
  );
}
