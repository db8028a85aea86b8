import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Page = LazyExoticComponent<ComponentType>;
export type RouteGate = 'privacy' | 'validation';

export interface AppRoute {
  path: string;
  page: Page;
  gate?: RouteGate;
}

const dashboard = lazy(() => import('../features/dashboard/pages/DashboardPage.tsx'));
const clubs = lazy(() => import('../features/clubs/pages/ClubsPage.tsx'));
const account = lazy(() => import('../features/account/pages/AccountPage.tsx'));
const blogList = lazy(() => import('../features/blog/pages/BlogListPage.tsx'));
const blogDetail = lazy(() => import('../features/blog/pages/BlogDetailPage.tsx'));
const eventList = lazy(() => import('../features/events/pages/EventListPage.tsx'));
const eventDetail = lazy(() => import('../features/events/pages/EventDetailPage.tsx'));
const calendar = lazy(() => import('../features/events/pages/CalendarPage.tsx'));
const myRegistrations = lazy(() => import('../features/events/pages/MyRegistrationsPage.tsx'));
const profile = lazy(() => import('../features/profile/pages/ProfilePage.tsx'));
const address = lazy(() => import('../features/profile/pages/AddressPage.tsx'));
const mail = lazy(() => import('../features/profile/pages/MailPage.tsx'));
const phone = lazy(() => import('../features/profile/pages/PhonePage.tsx'));
const bankAccount = lazy(() => import('../features/profile/pages/BankAccountPage.tsx'));
const confection = lazy(() => import('../features/profile/pages/ConfectionPage.tsx'));
const avatar = lazy(() => import('../features/profile/pages/AvatarPage.tsx'));
const miscellaneous = lazy(() => import('../features/profile/pages/MiscellaneousPage.tsx'));
const messages = lazy(() => import('../features/messages/pages/MessagesPage.tsx'));
const inbox = lazy(() => import('../features/chat/pages/InboxPage.tsx'));
const invoices = lazy(() => import('../features/invoices/pages/InvoicesPage.tsx'));
const invoiceDetail = lazy(() => import('../features/invoices/pages/InvoiceDetailPage.tsx'));
const logs = lazy(() => import('../features/logs/pages/LogsPage.tsx'));
const privacy = lazy(() => import('../features/privacy/pages/PrivacyPage.tsx'));
const teams = lazy(() => import('../features/teams/pages/TeamsPage.tsx'));
const teamDetail = lazy(() => import('../features/teams/pages/TeamDetailPage.tsx'));
const licenses = lazy(() => import('../features/awards/pages/LicensesPage.tsx'));
const qualifications = lazy(() => import('../features/awards/pages/QualificationsPage.tsx'));
const honors = lazy(() => import('../features/awards/pages/HonorsPage.tsx'));
const validationList = lazy(() => import('../features/validation/pages/ValidationListPage.tsx'));
const validationProcess = lazy(() => import('../features/validation/pages/ValidationProcessPage.tsx'));

export const VALIDATION_SECTIONS = [
  'info',
  'profile',
  'address',
  'mail',
  'phone',
  'confectioninformation',
  'bank',
  'miscellaneous',
  'agb',
  'clubs',
] as const;

/** Every route of spec §2, matched exactly (case-sensitive; /profile/Phone is listed on its own). */
export const APP_ROUTES: AppRoute[] = [
  { path: '/', page: dashboard },
  { path: '/clubs', page: clubs },
  { path: '/account', page: account },
  { path: '/blog', page: blogList },
  { path: '/blog/:id', page: blogDetail },
  { path: '/events', page: eventList },
  { path: '/events/:id', page: eventDetail },
  { path: '/calendar', page: calendar },
  { path: '/my-registrations', page: myRegistrations },
  { path: '/profile', page: profile },
  { path: '/profile/address', page: address },
  { path: '/profile/mail', page: mail },
  { path: '/profile/phone', page: phone },
  { path: '/profile/Phone', page: phone },
  { path: '/profile/bankaccount', page: bankAccount },
  { path: '/profile/confectionInformations', page: confection },
  { path: '/profile/avatar', page: avatar },
  { path: '/profile/miscellaneous', page: miscellaneous },
  { path: '/inbox', page: inbox },
  { path: '/messages', page: messages },
  { path: '/invoices', page: invoices },
  { path: '/invoices/:id', page: invoiceDetail },
  { path: '/logs', page: logs },
  { path: '/privacy', page: privacy, gate: 'privacy' },
  { path: '/teams', page: teams },
  { path: '/teams/:id', page: teamDetail },
  { path: '/licenses', page: licenses },
  { path: '/qualifications', page: qualifications },
  { path: '/honors', page: honors },
  { path: '/validation/profile', page: validationList, gate: 'validation' },
  { path: '/validation/profile/:id', page: validationProcess, gate: 'validation' },
  ...VALIDATION_SECTIONS.map((section) => ({
    path: `/validation/profile/:id/${section}`,
    page: validationProcess,
    gate: 'validation' as const,
  })),
];
