/** The side menu of spec §2: five groups, profile sub-items only under /profile, two external help links. */
export type MenuGroupKey = 'general' | 'personal' | 'memberships' | 'awards' | 'misc';
export type ExternalLinkKey = 'updates' | 'help';

export interface MenuItem {
  key: string;
  path: string;
  beta?: boolean;
  children?: MenuItem[];
}

export interface ExternalMenuItem {
  key: ExternalLinkKey;
  external: true;
}

export interface MenuGroup {
  key: MenuGroupKey;
  items: Array<MenuItem | ExternalMenuItem>;
}

export const PROFILE_SUB_ITEMS: MenuItem[] = [
  { key: 'address', path: '/profile/address' },
  { key: 'mail', path: '/profile/mail' },
  { key: 'phone', path: '/profile/phone' },
  { key: 'bankaccount', path: '/profile/bankaccount' },
  { key: 'confection', path: '/profile/confectionInformations' },
  { key: 'avatar', path: '/profile/avatar' },
  { key: 'miscellaneous', path: '/profile/miscellaneous' },
];

export const MENU_GROUPS: MenuGroup[] = [
  {
    key: 'general',
    items: [
      { key: 'dashboard', path: '/' },
      { key: 'blog', path: '/blog' },
      { key: 'events', path: '/events' },
      { key: 'calendar', path: '/calendar' },
    ],
  },
  {
    key: 'personal',
    items: [
      { key: 'profile', path: '/profile', children: PROFILE_SUB_ITEMS },
      { key: 'myRegistrations', path: '/my-registrations' },
      { key: 'invoices', path: '/invoices' },
      { key: 'messages', path: '/messages' },
      { key: 'licenses', path: '/licenses' },
    ],
  },
  { key: 'memberships', items: [{ key: 'teams', path: '/teams' }] },
  {
    key: 'awards',
    items: [
      { key: 'honors', path: '/honors' },
      { key: 'qualifications', path: '/qualifications' },
    ],
  },
  {
    key: 'misc',
    items: [
      { key: 'clubs', path: '/clubs' },
      { key: 'inbox', path: '/inbox', beta: true },
      { key: 'logs', path: '/logs' },
      { key: 'updates', external: true },
      { key: 'help', external: true },
    ],
  },
];

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

export function showProfileSubItems(pathname: string): boolean {
  return isMenuItemActive('/profile', pathname);
}
