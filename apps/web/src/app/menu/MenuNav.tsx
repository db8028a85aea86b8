import { IonIcon } from '@ionic/react';
import type { AppConfig } from '@vereinsheim/contracts/app-config';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useManageClubs } from '../../features/manage/components/manage-club.ts';
import { useChatUnreadCount } from '../../features/chat/api/chat-api.ts';
import { useUnreadCount } from '../../features/messages/api/get-unread-count.ts';
import { useMyTenants } from '../../shared/tenant-selection/tenants.ts';
import { routeView } from '../routes.tsx';
import { isExternal, isMenuItemActive, MENU_GROUPS, type MenuItem } from './menu-items.ts';

/** A link to an RFC 2606 example host (the demo's defaults: *.example, example.org): not a real page. */
function isExampleLink(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host.endsWith('.example') || /(^|\.)example\.(com|org|net)$/.test(host);
  } catch {
    return false;
  }
}

export interface MenuNavProps {
  pathname: string;
  links: AppConfig['links'];
  onNavigate?: () => void;
}

/** The menu's groups and links (plain anchors: keyboard and screen-reader friendly). */
export function MenuNav({ pathname, links, onNavigate }: MenuNavProps) {
  const { t } = useTranslation('shell');
  const unread = useUnreadCount();
  // 'Verein verwalten' only for organisers, committee members and admins of the selected clubs.
  const manages = useManageClubs().clubs.length > 0;
  const shown = (item: MenuItem) => routeView(item.id).gate !== 'manage' || manages;
  // Reviewer pages (gate 'validation') are listed only for reviewers in one of their clubs.
  const reviewer = useMyTenants().data?.items.some((tenant) => tenant.roles.includes('reviewer')) ?? false;
  const listed = (item: MenuItem) => reviewer || routeView(item.id).gate !== 'validation';
  const chatUnread = useChatUnreadCount();
  // The demo's help, imprint and privacy links point at example hosts: say so ('Impressum (Beispiel)').
  const linkText = (label: string, url: string) =>
    isExampleLink(url) ? t('menu.exampleLink', { label }) : label;

  const renderItem = (item: MenuItem, sub = false) => {
    const active = isMenuItemActive(item.path, pathname);
    // Sub-items (the profile sub-pages) only while the path is under their parent.
    const showChildren = item.children.length > 0 && active;
    return (
      <li key={item.key}>
        <Link
          to={item.path}
          className={`vh-menu-link${sub ? ' sub' : ''}${active ? ' active' : ''}`}
          aria-current={active ? 'page' : undefined}
          onClick={onNavigate}
        >
          <IonIcon icon={item.icon} aria-hidden="true" />
          {t(`menu.items.${item.key}`)}
          {item.beta && <span className="vh-badge">{t('menu.items.beta')}</span>}
          {item.id === 'messages' && unread > 0 && (
            <>
              <span className="vh-badge vh-badge--count" aria-hidden="true" data-testid="unread-badge">
                {unread > 99 ? '99+' : unread}
              </span>
              <span className="vh-visually-hidden">
                {', '}
                {t('menu.unread', { count: unread })}
              </span>
            </>
          )}
          {item.id === 'inbox' && chatUnread > 0 && (
            <>
              <span className="vh-badge vh-badge--count" aria-hidden="true" data-testid="chat-unread-badge">
                {chatUnread > 99 ? '99+' : chatUnread}
              </span>
              <span className="vh-visually-hidden">
                {', '}
                {t('menu.unread', { count: chatUnread })}
              </span>
            </>
          )}
        </Link>
        {showChildren && (
          <ul className="vh-menu-sub">{item.children.map((child) => renderItem(child, true))}</ul>
        )}
      </li>
    );
  };

  return (
    <nav aria-label={t('menu.label')} className="vh-menu-nav">
      {MENU_GROUPS.map((group) => (
        <section key={group.key} aria-labelledby={`menu-group-${group.key}`} className="vh-menu-group">
          <h2 id={`menu-group-${group.key}`} className="vh-menu-group-title">
            {t(`menu.groups.${group.key}`)}
          </h2>
          <ul>
            {group.items.map((item) =>
              !isExternal(item) && !listed(item) ? null : isExternal(item) ? (
                <li key={item.key}>
                  <a
                    className="vh-menu-link"
                    href={links[item.key]}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {linkText(t(`menu.items.${item.key}`), links[item.key])}
                    <span className="vh-visually-hidden"> {t('menu.newTab')}</span>
                  </a>
                </li>
              ) : shown(item) ? (
                renderItem(item)
              ) : null,
            )}
          </ul>
        </section>
      ))}
      <footer className="vh-menu-footer">
        <a href={links.imprint} target="_blank" rel="noopener noreferrer">
          {linkText(t('menu.imprint'), links.imprint)}
          <span className="vh-visually-hidden"> {t('menu.newTab')}</span>
        </a>
        <a href={links.privacy} target="_blank" rel="noopener noreferrer">
          {linkText(t('menu.privacy'), links.privacy)}
          <span className="vh-visually-hidden"> {t('menu.newTab')}</span>
        </a>
      </footer>
    </nav>
  );
}
