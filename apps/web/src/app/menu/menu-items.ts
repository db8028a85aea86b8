import { WEB_ROUTES, type PageRouteId } from '@vereinsheim/contracts/routes';
import { PAGE_ROUTE_IDS, routeView, type MenuGroupKey } from '../routes.tsx';

/**
 * The side menu of spec §2, read from the route table (`../routes.tsx`): five groups in this order, each listing the
 * routes placed in it in table order, sub-items (the profile sub-pages) under their parent, and the two external
 * help links at the end of the last group.
 */
export type ExternalLinkKey = 'updates' | 'help';

export interface MenuItem {
  id: PageRouteId;
  /** `shell:menu.items.<key>` */
  key: string;
  path: string;
  icon: string;
  beta?: boolean;
  children: MenuItem[];
}

export interface ExternalMenuItem {
  key: ExternalLinkKey;
  external: true;
}

export interface MenuGroup {
  key: MenuGroupKey;
  items: Array<MenuItem | ExternalMenuItem>;
}

const GROUP_ORDER: MenuGroupKey[] = ['general', 'personal', 'memberships', 'awards', 'misc'];
const EXTERNAL_LINKS: Partial<Record<MenuGroupKey, ExternalLinkKey[]>> = { misc: ['updates', 'help'] };

function placedIn(where: { group: MenuGroupKey } | { parent: PageRouteId }): PageRouteId[] {
  return PAGE_ROUTE_IDS.filter((id) => {
    const menu = routeView(id).menu;
    if (!menu) return false;
    return 'group' in where
      ? 'group' in menu && menu.group === where.group
      : 'parent' in menu && menu.parent === where.parent;
  });
}

function menuItem(id: PageRouteId): MenuItem {
  const menu = routeView(id).menu!;
  return {
    id,
    key: menu.label,
    // Menu entries are routes without parameters: their first pattern is the link.
    path: WEB_ROUTES[id][0],
    icon: menu.icon,
    ...('beta' in menu && menu.beta ? { beta: true } : {}),
    children: placedIn({ parent: id }).map(menuItem),
  };
}

export const MENU_GROUPS: MenuGroup[] = GROUP_ORDER.map((group) => ({
  key: group,
  items: [
    ...placedIn({ group }).map(menuItem),
    ...(EXTERNAL_LINKS[group] ?? []).map((key) => ({ key, external: true as const })),
  ],
}));

/** The tabs of the bottom tab bar, in table order (the More tab that opens the menu comes last). */
export const TAB_ITEMS = PAGE_ROUTE_IDS.flatMap((id) => {
  const { tab, menu } = routeView(id);
  return tab && menu ? [{ id, label: tab.label, path: WEB_ROUTES[id][0], icon: menu.icon }] : [];
});

export function isExternal(item: MenuItem | ExternalMenuItem): item is ExternalMenuItem {
  return 'external' in item;
}

/** Active by path prefix; the dashboard only on exactly '/'. Case-insensitive for /profile/Phone. */
export function isMenuItemActive(itemPath: string, pathname: string): boolean {
  const path = pathname.toLowerCase();
  const item = itemPath.toLowerCase();
  if (item === '/') return path === '/';
  return path === item || path.startsWith(`${item}/`);
}
