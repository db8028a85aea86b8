// The shell's global style sheets (AppShell.tsx) and the club switch's line: the first screen is laid out by them
// from the start, so nothing in it moves when the shell brings them.
import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import '@ionic/react/css/padding.css';
import '@ionic/react/css/flex-utils.css';
import '@ionic/react/css/display.css';
import '@ionic/react/css/palettes/dark.system.css';
import '../shell.css';
import '../../shared/tenant-selection/club-scope.css';
import './first-screen.css';
import { pathTo } from '@vereinsheim/contracts/routes';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { calendarOutline, menuOutline, newspaperOutline } from 'ionicons/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MyRegistration } from '@vereinsheim/contracts/events';
import type { AuthService } from '../../shared/auth/auth-service.ts';
import { AuthProvider } from '../../shared/auth/session-context.tsx';
import type { ClubScope } from '../../shared/tenant-selection/scope.ts';
import { AppLink } from '../../shared/ui/AppLink.tsx';
import { documentTitle } from '../../shared/ui/document-title.ts';
import { EmptyState } from '../../shared/ui/EmptyState.tsx';
import type { QueryStatesProps } from '../../shared/ui/QueryStates.tsx';
import {
  afterNextPaint,
  firstScreenShown,
  SHELL_AFTER_FIRST_SCREEN_MAX_MS,
} from '../../shared/ui/first-screen.ts';
import {
  AnswerButtons,
  DashboardSections,
  useDashboardSettled,
} from '../../features/dashboard/components/DashboardSections.tsx';
import { DashboardPartsContext, type DashboardParts } from '../../features/dashboard/components/parts.ts';
import { createQueryClient, prepareQueryClient } from '../query-client.ts';

/*
 * The dashboard's first screen (app/first-screen.ts): the page as the shell will show it, drawn from plain
 * elements before the shell has loaded. It reads the data the start-up asked for (the prepared query client, the
 * one the shell takes) and covers the shell, which renders hidden underneath until its dashboard shows the same.
 * Ionic's style sheets (not its code) give it the shell's fonts, colours and headings; the frame (header, menu
 * column, tab bar) is drawn as Ionic draws it. Links load their page; the answers and the club switch work once
 * the shell is there.
 */

/** Ionic's mode for this browser, as Ionic chooses it (iPhone, iPad: 'ios'; else 'md'): the header's height. */
function ionicMode(): 'ios' | 'md' {
  const ua = navigator.userAgent;
  const iPad = /iPad/i.test(ua) || (/Macintosh/i.test(ua) && navigator.maxTouchPoints > 1);
  return /iPhone|iPod/i.test(ua) || iPad ? 'ios' : 'md';
}

/**
 * An ionicons icon drawn inline in the current colour, as ion-icon draws it (its outline classes in
 * first-screen.css). Not as a CSS mask or an image: the engine gives each image made from an SVG a document of its
 * own, which cost the first screen's first paint about 13 ms for its four icons on a server core (issue 14 §6).
 * The drawing is ionicons' own constant, not data.
 */
function Icon({ icon }: { icon: string }) {
  const viewBox = /viewBox='([^']*)'/.exec(icon)?.[1] ?? '0 0 512 512';
  const drawing = icon.slice(icon.indexOf('>') + 1, icon.lastIndexOf('</svg>'));
  return (
    <svg
      className="vh-first-icon"
      viewBox={viewBox}
      aria-hidden="true"
      focusable="false"
      dangerouslySetInnerHTML={{ __html: drawing }}
    />
  );
}

/** A list's states before the shell: its content once loaded, its empty or error sentence; nothing while it loads. */
function FirstStates<T>({ query, texts, isEmpty, children }: QueryStatesProps<T>) {
  if (query.isPending) return null;
  if (query.isError || query.data === undefined) return <EmptyState message={texts.loadError} />;
  if (isEmpty(query.data)) return <EmptyState message={texts.empty} />;
  return children(query.data);
}

/** The club switch's line as the switch shows it ('Verein: Alle Vereine ▾'); it switches once the shell is there. */
function ScopeLine({ scope }: { scope: ClubScope }) {
  const { t } = useTranslation('common');
  const several = scope.clubs.length > 1;
  const value =
    scope.clubs.length === 0 ? t('clubScope.all') : scope.clubs.map((club) => club.name).join(', ');
  return (
    <div className="vh-club-scope">
      {scope.allClubs.length > 0 && (
        <span className="vh-first-select">
          <span>{t(several ? 'clubScope.labelSeveral' : 'clubScope.label')}</span>
          <span className="vh-first-select__value">{value}</span>
          <span className="vh-first-select__icon" aria-hidden="true" />
        </span>
      )}
    </div>
  );
}

function Answer({ registration }: { registration: MyRegistration }) {
  return <AnswerButtons registration={registration} />;
}

function JoinClub() {
  const { t } = useTranslation('dashboard');
  return (
    <AppLink to={pathTo('joinClub')} className="vh-small-button vh-small-button--solid vh-first-link-button">
      {t('joinClub')}
    </AppLink>
  );
}

const FIRST_PARTS: DashboardParts = {
  States: FirstStates,
  ScopeLine,
  Answer,
  Retry: () => null,
  JoinClub,
};

const TABS = [
  { path: pathTo('blog'), label: 'news', icon: newspaperOutline },
  { path: pathTo('calendar'), label: 'calendar', icon: calendarOutline },
] as const;

/**
 * Tells the start-up when the clubs and next events are on the screen (once the frame that draws them has been
 * painted), so that the shell loads after them; at the latest SHELL_AFTER_FIRST_SCREEN_MAX_MS after the first
 * screen appeared.
 */
function ShownWhenSettled() {
  const settled = useDashboardSettled();
  useEffect(() => {
    const latest = setTimeout(firstScreenShown, SHELL_AFTER_FIRST_SCREEN_MAX_MS);
    return () => clearTimeout(latest);
  }, []);
  useEffect(() => {
    if (!settled) return;
    return afterNextPaint(firstScreenShown);
  }, [settled]);
  return null;
}

/** The first screen of the dashboard, until the shell takes over. */
export default function FirstScreen({ auth }: { auth: AuthService }) {
  const { t } = useTranslation(['dashboard', 'shell', 'common']);
  // The document's title is the dashboard's, as the shell's page sets it (AppPage) once it takes over.
  const title = documentTitle(t('dashboard:title'), t('common:appName'));
  useEffect(() => {
    document.title = title;
  }, [title]);
  // The client the start-up prepared and filled (Bootstrap), the one the shell will take.
  const [queryClient] = useState<QueryClient>(() => prepareQueryClient() ?? createQueryClient());
  const [mode] = useState(ionicMode);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider auth={auth}>
        <ShownWhenSettled />
        <div className={`vh-first-screen vh-first-screen--${mode}`} data-testid="first-screen">
          <div className="vh-first-menu" aria-hidden="true">
            <div className="vh-first-toolbar">
              <span className="vh-first-title">{t('shell:menu.title')}</span>
            </div>
          </div>
          <div className="vh-first-page">
            <header className="vh-first-toolbar vh-first-header">
              <span className="vh-first-menu-button" aria-hidden="true">
                <Icon icon={menuOutline} />
              </span>
              <h1 className="vh-first-title">
                <span className="vh-page-title">{t('dashboard:title')}</span>
              </h1>
            </header>
            <main className="vh-first-content ion-padding">
              <DashboardPartsContext.Provider value={FIRST_PARTS}>
                <DashboardSections />
              </DashboardPartsContext.Provider>
            </main>
          </div>
          <nav className="vh-tab-bar vh-first-tabs" aria-label={t('shell:tabs.label')}>
            {TABS.map((tab) => (
              <a key={tab.path} href={tab.path} className="vh-tab">
                <Icon icon={tab.icon} />
                <span>{t(`shell:tabs.${tab.label}`)}</span>
              </a>
            ))}
            <span className="vh-tab" aria-hidden="true">
              <Icon icon={menuOutline} />
              <span>{t('shell:tabs.more')}</span>
            </span>
          </nav>
        </div>
      </AuthProvider>
    </QueryClientProvider>
  );
}
