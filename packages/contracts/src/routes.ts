/**
 * The web app's routes (spec §2), written once: a route id per screen and its path patterns. Every pattern matches
 * exactly and case-sensitively; `:name` stands for one path segment; the first pattern of a route is the one links
 * use. The server's SPA fallback serves index.html for these paths, the web router renders a page per id and the
 * menu links them (the web keys its pages, gates, menu entries and icons by these ids in `apps/web/src/app/routes.tsx`,
 * so a route added here and not there is a type error).
 */

/** The data sections of one validation process: /validation/profile/{id}/{section} (spec §2). */
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
export type ValidationSection = (typeof VALIDATION_SECTIONS)[number];

export const WEB_ROUTES = {
  /** The sign-in callback: answered by the server's backend-for-frontend (web), the native redirect URI's path. */
  signinCallback: ['/signin-oidc'],
  /** Where the provider sends the browser after sign-out; handled before the app shell loads. */
  signedOut: ['/signed-out'],
  dashboard: ['/'],
  clubs: ['/clubs'],
  blog: ['/blog'],
  blogPost: ['/blog/:id'],
  events: ['/events'],
  event: ['/events/:id'],
  calendar: ['/calendar'],
  profile: ['/profile'],
  profileAddress: ['/profile/address'],
  profileMail: ['/profile/mail'],
  /** The spec gives both spellings (/profile/phone and /profile/Phone); both open the page. */
  profilePhone: ['/profile/phone', '/profile/Phone'],
  profileBankAccount: ['/profile/bankaccount'],
  profileConfection: ['/profile/confectionInformations'],
  profileAvatar: ['/profile/avatar'],
  /** Medical and additional information. */
  profileMiscellaneous: ['/profile/miscellaneous'],
  myRegistrations: ['/my-registrations'],
  account: ['/account'],
  inbox: ['/inbox'],
  messages: ['/messages'],
  invoices: ['/invoices'],
  invoice: ['/invoices/:id'],
  logs: ['/logs'],
  privacy: ['/privacy'],
  teams: ['/teams'],
  team: ['/teams/:id'],
  licenses: ['/licenses'],
  qualifications: ['/qualifications'],
  honors: ['/honors'],
  validationList: ['/validation/profile'],
  validationProcess: [
    '/validation/profile/:id',
    ...VALIDATION_SECTIONS.map((section) => `/validation/profile/:id/${section}` as const),
  ],
  /** The club side ('Verein verwalten'): organisers, committee and admins of a club. */
  manage: ['/manage'],
  manageEvents: ['/manage/events'],
  manageEventNew: ['/manage/events/new'],
  manageEvent: ['/manage/events/:id'],
  manageEventParticipants: ['/manage/events/:id/participants'],
  manageNews: ['/manage/news'],
  manageMessages: ['/manage/messages'],
  /** The club side (ADR 0019): members (club admins) and invoices (committee, admins). */
  manageMembers: ['/manage/members'],
  manageInvoices: ['/manage/invoices'],
  /** The club's invoice data: address, tax number, bank account (committee, admins; ADR 0026). */
  manageClubSettings: ['/manage/club'],
  /** A club admin's invitation links (create, list, revoke); the link opens the join flow. */
  manageInvitations: ['/manage/invitations'],
  /** Reported chat messages of a club (club admins, ADR 0022). */
  manageChatReports: ['/manage/chat-reports'],
  /** Joining a club: by an invitation link (`?token=`) or from the list of clubs accepting applications. */
  joinClub: ['/clubs/join'],
} as const satisfies Record<string, readonly [string, ...string[]]>;

export type WebRouteId = keyof typeof WEB_ROUTES;

/** The routes the web app handles before its shell (router, menu) loads: they have no page of their own. */
export const SIGN_IN_ROUTE_IDS = ['signinCallback', 'signedOut'] as const satisfies readonly WebRouteId[];
/** The routes the app shell renders, each with a page. */
export type PageRouteId = Exclude<WebRouteId, (typeof SIGN_IN_ROUTE_IDS)[number]>;

export const WEB_ROUTE_IDS = Object.keys(WEB_ROUTES) as WebRouteId[];

/** The `:name` parameters of a path pattern. */
type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
export type WebRouteParams<Id extends WebRouteId> = ParamsOf<(typeof WEB_ROUTES)[Id][0]>;

/**
 * The link to a route: its first pattern with the parameters filled in (URI-encoded), e.g.
 * `pathTo('event', { id: '42' })` → `/events/42`. Routes without parameters take none.
 */
export function pathTo<Id extends WebRouteId>(
  id: Id,
  ...[params]: [WebRouteParams<Id>] extends [never] ? [] : [Record<WebRouteParams<Id>, string>]
): string {
  const pattern: string = WEB_ROUTES[id][0];
  return pattern.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = (params as Record<string, string> | undefined)?.[name];
    if (value === undefined) throw new Error(`pathTo('${id}') needs the parameter ${name}.`);
    return encodeURIComponent(value);
  });
}

/** A path pattern as a regular expression: exact, case-sensitive, `:name` = one non-empty segment. */
export function webRoutePattern(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

const COMPILED: ReadonlyArray<readonly [WebRouteId, RegExp]> = WEB_ROUTE_IDS.flatMap((id) =>
  WEB_ROUTES[id].map((pattern) => [id, webRoutePattern(pattern)] as const),
);

/** The route a pathname opens, or null when it is none of spec §2's. */
export function matchWebRoute(pathname: string): WebRouteId | null {
  return COMPILED.find(([, re]) => re.test(pathname))?.[0] ?? null;
}
