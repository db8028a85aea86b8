import { SIGNING_IN_MESSAGE_MS, SIGNIN_SCREEN_DELAY_MS } from '@vereinsheim/contracts/constants';
import { pathTo } from '@vereinsheim/contracts/routes';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthService, BootResult } from '../shared/auth/auth-service.ts';
import { requestWebSession } from '../shared/auth/bff-auth.ts';
import { createAuthService } from '../shared/auth/create-auth-service.ts';
import { loadAppConfig } from '../shared/config/app-config.ts';
import { warmUpDateTimeFormat } from '../shared/i18n/format.ts';
import { i18next } from '../shared/i18n/i18n.ts';
import { isNativePlatform } from '../shared/platform/native.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import {
  coverShell,
  firstScreenShown,
  startsWithFirstScreen,
  whenFirstScreenShown,
  whenShellRevealed,
} from '../shared/ui/first-screen.ts';
import { LoadingScreen } from './screens/LoadingScreen.tsx';
import { SignedOutScreen } from './screens/SignedOutScreen.tsx';
import type { SignInScreenState } from './sign-in-screen.ts';
import { startTelemetry } from './telemetry.ts';

const loadShell = () => import('./AppShell.tsx');
const AppShell = lazy(loadShell);
const loadFirstScreen = () => import('./screens/FirstScreen.tsx');
const FirstScreen = lazy(loadFirstScreen);

/** True once the start-up has chosen the dashboard's first screen for this page load (first-screen.ts). */
let firstScreenChosen = false;

/** True once the start-up has asked for the dashboard's data into a prepared query client (preloadSignedIn). */
let preparedData = false;

/**
 * What a signed-in first paint needs, fetched side by side as soon as a session is known, while its claims are
 * still being read (issue 14 §6): the shell, its menu's texts and, on the dashboard, the page, its texts and its
 * data (into the query client the shell will take, app/query-client.ts). Left to rendering, each would wait for
 * the one before (shell → `shell` texts → page → `dashboard` texts → the page's API calls → the next events after
 * the clubs); React.lazy, i18next and the page's queries find them loaded or on their way. The data's code is
 * asked for first: its chunks queue ahead of the shell's, so that its requests (latency, few bytes) start
 * while the shell (bandwidth) still loads. The date formatter is warmed up in a worker (warmUpDateTimeFormat).
 */
function preloadSignedIn(pathname: string) {
  const namespaces = ['shell'];
  const dashboard = pathname === pathTo('dashboard');
  if (dashboard) {
    preparedData = true;
    void Promise.all([import('./query-client.ts'), import('../features/dashboard/api/prefetch.ts')])
      .then(([{ prepareQueryClient }, { prefetchDashboard }]) => {
        const client = preparedData ? prepareQueryClient() : null;
        return client ? prefetchDashboard(client) : undefined;
      })
      .catch(() => undefined);
    namespaces.push('dashboard');
  }
  // On the web the first screen shows the dashboard before the shell (first-screen.ts): its code and data come
  // first, the shell's code once it shows them, so that the shell neither shares the line with them nor keeps
  // the main thread busy while they are drawn.
  firstScreenChosen = startsWithFirstScreen(pathname);
  if (firstScreenChosen) void loadFirstScreen().catch(() => undefined);
  void (firstScreenChosen ? whenFirstScreenShown() : Promise.resolve()).then(() => {
    void loadShell().catch(() => undefined);
    if (dashboard) void import('../features/dashboard/pages/DashboardPage.tsx').catch(() => undefined);
  });
  void i18next.loadNamespaces(namespaces).catch(() => undefined);
  // Every signed-in page shows dates; the engine's date-format data loads in a worker meanwhile.
  warmUpDateTimeFormat(i18next.resolvedLanguage);
}

/** The session found at start-up did not become the signed-in app: what was loaded for it goes. */
function discardPreloadedData() {
  firstScreenChosen = false;
  if (!preparedData) return;
  preparedData = false;
  void import('./query-client.ts').then((m) => m.discardPreparedQueryClient()).catch(() => undefined);
}

interface BootState {
  screen: SignInScreenState;
  auth: AuthService | null;
  result: BootResult | null;
}

type Step = { step: 'config' } | { step: 'booted'; auth: AuthService; result: BootResult };
let booting: Promise<{ auth: AuthService; result: BootResult }> | null = null;

/** Runs once per page load (StrictMode mounts effects twice; a code may be exchanged only once). */
function bootOnce(onStep: (step: Step) => void) {
  booting ??= (async () => {
    // On the web the session is asked for beside the configuration, not after it (requestWebSession); on the
    // signed-out page nobody reads it.
    const webSession =
      isNativePlatform() || window.location.pathname === pathTo('signedOut')
        ? undefined
        : requestWebSession();
    const config = await loadAppConfig();
    onStep({ step: 'config' });
    // Loads beside the start-up; what it would have observed meanwhile is handed over (app/telemetry.ts).
    void startTelemetry(config);
    if (isNativePlatform())
      void import('../shared/platform/native-app.ts').then((m) => m.configureNativeChrome());
    const auth = await createAuthService(config, { webSession });
    const result = await auth.boot({ sessionFound: () => preloadSignedIn(window.location.pathname) });
    return { auth, result };
  })();
  return booting;
}

/** After a fresh sign-in: 'Sie werden angemeldet.' (1 s), then 'Sie werden weitergeleitet.' up to 4 s. */
function SignInHold({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('common');
  const [message, setMessage] = useState<'signingIn' | 'redirecting'>('signingIn');
  useEffect(() => {
    const first = setTimeout(() => setMessage('redirecting'), SIGNING_IN_MESSAGE_MS);
    const done = setTimeout(onDone, SIGNIN_SCREEN_DELAY_MS);
    return () => {
      clearTimeout(first);
      clearTimeout(done);
    };
  }, [onDone]);
  return <LoadingScreen message={t(message)} />;
}

/** What the server's page drew in before the start-up (ADR 0052): the signed-out screen, as state 2 draws it. */
const DRAWN_SIGNED_OUT: BootState = {
  screen: 2,
  auth: null,
  result: { kind: 'signed-out', reason: 'unauthenticated' },
};

export interface BootstrapProps {
  /**
   * The page came with the signed-out screen drawn in (no session cookie reached the server, main.tsx): the
   * start-up shows it from its first render, instead of the loading screen, and goes on checking the session
   * behind it.
   */
  signedOut?: boolean;
}

/** The sign-in screen: states 0 (initial), 1 (reading the token), 2 (signed out), 3 (signed in → the app). */
export function Bootstrap({ signedOut = false }: BootstrapProps) {
  const [state, setState] = useState<BootState>(() =>
    signedOut ? DRAWN_SIGNED_OUT : { screen: 0, auth: null, result: null },
  );
  const [holding, setHolding] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const [releaseHold] = useState(() => () => setHolding(false));
  /** The dashboard's first screen covers the shell until the shell's dashboard is revealed (first-screen.ts). */
  const [firstScreen, setFirstScreen] = useState(false);
  /** Under the first screen the shell renders (and so loads, React.lazy) only once the first screen shows. */
  const [shellMayLoad, setShellMayLoad] = useState(false);
  useEffect(() => {
    let active = true;
    void whenFirstScreenShown().then(() => active && setShellMayLoad(true));
    void whenShellRevealed().then(() => active && setFirstScreen(false));
    return () => {
      active = false;
    };
  }, []);
  const readSession = () => state.auth?.session ?? null;
  const session = useSyncExternalStore(
    (listener) => state.auth?.subscribe(listener) ?? (() => undefined),
    readSession,
    // Taking over the drawn signed-out screen (ADR 0052): no session yet, as when it was drawn.
    readSession,
  );
  /** The session ended inside the app (refresh failed, or signing out): back to the signed-out screen. */
  const sessionLost = state.screen === 3 && session === null;

  useEffect(() => {
    let active = true;
    let stopListening = () => {};
    const apply = (auth: AuthService, result: BootResult) => {
      if (!active) return;
      if (result.kind === 'authenticated') {
        // After a fresh sign-in the hold screen shows while the shell loads: no first screen then.
        const first = firstScreenChosen && !result.fresh;
        if (!first) {
          void loadShell();
          // No first screen to wait for: what the start-up keeps for after it (the page's code) loads now.
          firstScreenShown();
        }
        if (first) coverShell();
        setFirstScreen(first);
        setHolding(result.fresh);
        setRedirecting(false);
        if (result.redirectTo) window.history.replaceState(null, '', result.redirectTo);
        setState({ screen: 3, auth, result });
      } else {
        discardPreloadedData();
        if (result.kind === 'signed-out') setRedirecting(false);
        setState({ screen: 2, auth, result });
      }
    };
    bootOnce(() => {
      // Reading the token; the drawn signed-out screen stays while it is read.
      if (active) setState((s) => (s.result ? s : { ...s, screen: 1 }));
    }).then(
      ({ auth, result }) => {
        if (!active) return;
        // Native apps: a sign-in (or sign-out) finishing in the system browser comes back while the app runs.
        stopListening = auth.onSignInResult?.((next) => apply(auth, next)) ?? stopListening;
        apply(auth, result);
      },
      (error: unknown) => {
        console.error('Start-up failed', error);
        if (active) setState({ screen: 2, auth: null, result: { kind: 'signed-out', reason: 'failed' } });
      },
    );
    return () => {
      active = false;
      stopListening();
    };
  }, []);

  const { screen, auth, result } = state;
  if (!result) return <LoadingScreen />;
  if (screen === 2 || sessionLost) {
    const signIn = () => {
      setRedirecting(true);
      // On the drawn signed-out screen the start-up may still be reading the configuration: it signs in after.
      const ready = auth ? Promise.resolve(auth) : booting?.then((booted) => booted.auth);
      if (ready)
        void ready
          .then((service) => service.signIn())
          .then(
            // Native: the system browser is open now; closing it unfinished leaves the button usable.
            () => isNativePlatform() && setRedirecting(false),
            () => window.location.reload(),
          );
      else window.location.reload();
    };
    return (
      <SignedOutScreen
        onSignIn={signIn}
        redirecting={redirecting || result.kind === 'redirecting'}
        failed={result.kind === 'signed-out' && result.reason === 'failed'}
        justSignedOut={result.kind === 'signed-out' && result.reason === 'signed-out'}
      />
    );
  }
  if (holding) return <SignInHold onDone={releaseHold} />;
  if (!auth || result.kind !== 'authenticated') return <LoadingScreen />;
  return (
    <ErrorBoundary supportMail={auth.config.supportMail}>
      {firstScreen && (
        <Suspense fallback={<LoadingScreen />}>
          <FirstScreen auth={auth} />
        </Suspense>
      )}
      {/* Hidden and inert under the first screen; the same element after it, so the shell is not mounted anew. */}
      <div className={firstScreen ? 'vh-shell vh-shell--behind' : 'vh-shell'} inert={firstScreen}>
        {(!firstScreen || shellMayLoad) && (
          <Suspense fallback={firstScreen ? null : <LoadingScreen />}>
            <AppShell auth={auth} />
          </Suspense>
        )}
      </div>
    </ErrorBoundary>
  );
}
