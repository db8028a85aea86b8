import { SIGNING_IN_MESSAGE_MS, SIGNIN_SCREEN_DELAY_MS } from '@vereinsheim/contracts/constants';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthService, type BootResult } from '../shared/auth/auth-service.ts';
import { loadAppConfig, webRedirectUri } from '../shared/config/app-config.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { LoadingScreen } from './screens/LoadingScreen.tsx';
import { SignedOutScreen } from './screens/SignedOutScreen.tsx';
import type { SignInScreenState } from './sign-in-screen.ts';
import { startTelemetry } from './telemetry.ts';

const loadShell = () => import('./AppShell.tsx');
const AppShell = lazy(loadShell);

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
    const config = await loadAppConfig();
    onStep({ step: 'config' });
    await startTelemetry(config);
    const auth = new AuthService(config, webRedirectUri());
    const result = await auth.boot();
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

/** The sign-in screen: states 0 (initial), 1 (reading the token), 2 (signed out), 3 (signed in → the app). */
export function Bootstrap() {
  const [state, setState] = useState<BootState>({ screen: 0, auth: null, result: null });
  const [holding, setHolding] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const [releaseHold] = useState(() => () => setHolding(false));
  const session = useSyncExternalStore(
    (listener) => state.auth?.subscribe(listener) ?? (() => undefined),
    () => state.auth?.session ?? null,
  );
  /** The session ended inside the app (refresh failed, or signing out): back to the signed-out screen. */
  const sessionLost = state.screen === 3 && session === null;

  useEffect(() => {
    let active = true;
    bootOnce(() => {
      if (active) setState((s) => ({ ...s, screen: 1 }));
    }).then(
      ({ auth, result }) => {
        if (!active) return;
        if (result.kind === 'authenticated') {
          void loadShell();
          setHolding(result.fresh);
          if (result.redirectTo) window.history.replaceState(null, '', result.redirectTo);
          setState({ screen: 3, auth, result });
        } else {
          setState({ screen: 2, auth, result });
        }
      },
      (error: unknown) => {
        console.error('Start-up failed', error);
        if (active) setState({ screen: 2, auth: null, result: { kind: 'signed-out', reason: 'failed' } });
      },
    );
    return () => {
      active = false;
    };
  }, []);

  const { screen, auth, result } = state;
  if (!result) return <LoadingScreen />;
  if (screen === 2 || sessionLost) {
    const signIn = () => {
      setRedirecting(true);
      if (auth) void auth.signIn().catch(() => window.location.reload());
      else window.location.reload();
    };
    return (
      <SignedOutScreen
        onSignIn={signIn}
        redirecting={redirecting || result.kind === 'redirecting'}
        failed={result.kind === 'signed-out' && result.reason === 'failed'}
      />
    );
  }
  if (holding) return <SignInHold onDone={releaseHold} />;
  if (!auth || result.kind !== 'authenticated') return <LoadingScreen />;
  return (
    <ErrorBoundary supportMail={auth.config.supportMail}>
      <Suspense fallback={<LoadingScreen />}>
        <AppShell auth={auth} />
      </Suspense>
    </ErrorBoundary>
  );
}
