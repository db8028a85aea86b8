import type { PageRouteId } from '@vereinsheim/contracts/routes';
import {
  calendarNumberOutline,
  businessOutline,
  calendarOutline,
  callOutline,
  cardOutline,
  chatbubblesOutline,
  checkmarkDoneOutline,
  clipboardOutline,
  homeOutline,
  idCardOutline,
  locationOutline,
  mailOutline,
  mailUnreadOutline,
  medkitOutline,
  newspaperOutline,
  peopleOutline,
  personCircleOutline,
  personOutline,
  receiptOutline,
  ribbonOutline,
  schoolOutline,
  shieldOutline,
  shirtOutline,
  timeOutline,
} from 'ionicons/icons';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The web side of the route table: per route id of `@vereinsheim/contracts/routes` (which holds the paths, read by the
 * server's SPA fallback too) the lazily loaded page, the gate, and where the side menu and the tab bar show it.
 * `satisfies Record<PageRouteId, …>` makes a route without a page (or a page without a route) a type error.
 */
export type RouteGate = 'privacy' | 'validation' | 'manage';
export type MenuGroupKey = 'general' | 'personal' | 'memberships' | 'awards' | 'misc';

/** A side-menu entry: in a group (listed in table order) or under a parent entry; `label` is `shell:menu.items.<label>`. */
export type MenuPlacement =
  | { group: MenuGroupKey; label: string; icon: string; beta?: true }
  | { parent: PageRouteId; label: string; icon: string };

export interface RouteView {
  page: LazyExoticComponent<ComponentType>;
  /** privacy: leads to / once privacy is accepted; validation: leads to / without the reviewer role; manage: leads to / without an organiser, committee or admin role in the selected clubs. */
  gate?: RouteGate;
  menu?: MenuPlacement;
  /** A tab of the bottom tab bar (below 820 px); `label` is `shell:tabs.<label>`, the icon is the menu's. */
  tab?: { label: string };
}

/** Signed in is the rule for every page (the app shell loads only after sign-in); gates add to it. */
export const ROUTES = {
  dashboard: {
    page: lazy(() => import('../features/dashboard/pages/DashboardPage.tsx')),
    menu: { group: 'general', label: 'dashboard', icon: homeOutline },
  },
  blog: {
    page: lazy(() => import('../features/blog/pages/BlogListPage.tsx')),
    menu: { group: 'general', label: 'blog', icon: newspaperOutline },
    tab: { label: 'news' },
  },
  blogPost: { page: lazy(() => import('../features/blog/pages/BlogDetailPage.tsx')) },
  events: {
    page: lazy(() => import('../features/events/pages/EventListPage.tsx')),
    menu: { group: 'general', label: 'events', icon: calendarNumberOutline },
  },
  event: { page: lazy(() => import('../features/events/pages/EventDetailPage.tsx')) },
  calendar: {
    page: lazy(() => import('../features/events/pages/CalendarPage.tsx')),
    menu: { group: 'general', label: 'calendar', icon: calendarOutline },
    tab: { label: 'calendar' },
  },
  profile: {
    page: lazy(() => import('../features/profile/pages/ProfilePage.tsx')),
    menu: { group: 'personal', label: 'profile', icon: personOutline },
  },
  profileAddress: {
    page: lazy(() => import('../features/profile/pages/AddressPage.tsx')),
    menu: { parent: 'profile', label: 'address', icon: locationOutline },
  },
  profileMail: {
    page: lazy(() => import('../features/profile/pages/MailPage.tsx')),
    menu: { parent: 'profile', label: 'mail', icon: mailOutline },
  },
  profilePhone: {
    page: lazy(() => import('../features/profile/pages/PhonePage.tsx')),
    menu: { parent: 'profile', label: 'phone', icon: callOutline },
  },
  profileBankAccount: {
    page: lazy(() => import('../features/profile/pages/BankAccountPage.tsx')),
    menu: { parent: 'profile', label: 'bankaccount', icon: cardOutline },
  },
  profileConfection: {
    page: lazy(() => import('../features/profile/pages/ConfectionPage.tsx')),
    menu: { parent: 'profile', label: 'confection', icon: shirtOutline },
  },
  profileAvatar: {
    page: lazy(() => import('../features/profile/pages/AvatarPage.tsx')),
    menu: { parent: 'profile', label: 'avatar', icon: personCircleOutline },
  },
  profileMiscellaneous: {
    page: lazy(() => import('../features/profile/pages/MiscellaneousPage.tsx')),
    menu: { parent: 'profile', label: 'miscellaneous', icon: medkitOutline },
  },
  myRegistrations: {
    page: lazy(() => import('../features/events/pages/MyRegistrationsPage.tsx')),
    menu: { group: 'personal', label: 'myRegistrations', icon: clipboardOutline },
  },
  invoices: {
    page: lazy(() => import('../features/invoices/pages/InvoicesPage.tsx')),
    menu: { group: 'personal', label: 'invoices', icon: receiptOutline },
  },
  invoice: { page: lazy(() => import('../features/invoices/pages/InvoiceDetailPage.tsx')) },
  messages: {
    page: lazy(() => import('../features/messages/pages/MessagesPage.tsx')),
    menu: { group: 'personal', label: 'messages', icon: mailUnreadOutline },
  },
  licenses: {
    page: lazy(() => import('../features/awards/pages/LicensesPage.tsx')),
    menu: { group: 'personal', label: 'licenses', icon: idCardOutline },
  },
  teams: {
    page: lazy(() => import('../features/teams/pages/TeamsPage.tsx')),
    menu: { group: 'memberships', label: 'teams', icon: peopleOutline },
  },
  team: { page: lazy(() => import('../features/teams/pages/TeamDetailPage.tsx')) },
  honors: {
    page: lazy(() => import('../features/awards/pages/HonorsPage.tsx')),
    menu: { group: 'awards', label: 'honors', icon: ribbonOutline },
  },
  qualifications: {
    page: lazy(() => import('../features/awards/pages/QualificationsPage.tsx')),
    menu: { group: 'awards', label: 'qualifications', icon: schoolOutline },
  },
  clubs: {
    page: lazy(() => import('../features/clubs/pages/ClubsPage.tsx')),
    menu: { group: 'misc', label: 'clubs', icon: shieldOutline },
  },
  inbox: {
    page: lazy(() => import('../features/chat/pages/InboxPage.tsx')),
    menu: { group: 'misc', label: 'inbox', icon: chatbubblesOutline, beta: true },
  },
  logs: {
    page: lazy(() => import('../features/logs/pages/LogsPage.tsx')),
    menu: { group: 'misc', label: 'logs', icon: timeOutline },
  },
  account: { page: lazy(() => import('../features/account/pages/AccountPage.tsx')) },
  privacy: { page: lazy(() => import('../features/privacy/pages/PrivacyPage.tsx')), gate: 'privacy' },
  validationList: {
    page: lazy(() => import('../features/validation/pages/ValidationListPage.tsx')),
    gate: 'validation',
    menu: { group: 'misc', label: 'validation', icon: checkmarkDoneOutline },
  },
  validationProcess: {
    page: lazy(() => import('../features/validation/pages/ValidationProcessPage.tsx')),
    gate: 'validation',
  },
  manage: {
    page: lazy(() => import('../features/manage/pages/ManageLandingPage.tsx')),
    gate: 'manage',
    menu: { group: 'memberships', label: 'manage', icon: businessOutline },
  },
  manageEvents: {
    page: lazy(() => import('../features/manage/pages/ManageEventsPage.tsx')),
    gate: 'manage',
  },
  manageEventNew: {
    page: lazy(() => import('../features/manage/pages/ManageEventFormPage.tsx')),
    gate: 'manage',
  },
  manageEvent: {
    page: lazy(() => import('../features/manage/pages/ManageEventFormPage.tsx')),
    gate: 'manage',
  },
  manageEventParticipants: {
    page: lazy(() => import('../features/manage/pages/ManageParticipantsPage.tsx')),
    gate: 'manage',
  },
  manageNews: { page: lazy(() => import('../features/manage/pages/ManageNewsPage.tsx')), gate: 'manage' },
  manageMessages: {
    page: lazy(() => import('../features/manage/pages/ManageMessagesPage.tsx')),
    gate: 'manage',
  },
  // The club side (ADR 0019); linked from the 'Verein verwalten' landing page.
  manageMembers: {
    page: lazy(() => import('../features/manage-members/pages/ManageMembersPage.tsx')),
    gate: 'manage',
  },
  manageInvoices: {
    page: lazy(() => import('../features/manage-invoices/pages/ManageInvoicesPage.tsx')),
    gate: 'manage',
  },
  manageClubSettings: {
    page: lazy(() => import('../features/manage-invoices/pages/ClubSettingsPage.tsx')),
    gate: 'manage',
  },
  manageInvitations: {
    page: lazy(() => import('../features/validation/pages/ManageInvitationsPage.tsx')),
    gate: 'manage',
  },
  manageChatReports: {
    page: lazy(() => import('../features/chat/pages/ChatReportsPage.tsx')),
    gate: 'manage',
  },
  joinClub: { page: lazy(() => import('../features/validation/pages/JoinClubPage.tsx')) },
} satisfies Record<PageRouteId, RouteView>;

export const PAGE_ROUTE_IDS = Object.keys(ROUTES) as PageRouteId[];

/** The view of a route id, typed as the general shape (the table above keeps the literal types). */
export function routeView(id: PageRouteId): RouteView {
  return ROUTES[id];
}
