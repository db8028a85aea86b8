import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

export interface SignedOutScreenProps {
  /** Starts the provider login (or reloads when the configuration could not be read). */
  onSignIn: () => void;
  /** Shown while the browser is on its way to the provider. */
  redirecting?: boolean;
  failed?: boolean;
  /** Back from the provider's sign-out: say so. */
  justSignedOut?: boolean;
}

const noChanges = () => () => undefined;
const isRunning = () => true;
const isDrawn = () => false;

/** The signed-out screen (sign-in screen state 2): an invitation and 'Jetzt anmelden'. */
export function SignedOutScreen({
  onSignIn,
  redirecting = false,
  failed = false,
  justSignedOut = false,
}: SignedOutScreenProps) {
  const { t } = useTranslation('common');
  // Usable once the script runs it: the server's page shows this screen before (ADR 0052), where a tap would
  // be lost. Taking the drawn screen over renders it as it was drawn (disabled) and then enabled.
  const running = useSyncExternalStore(noChanges, isRunning, isDrawn);
  const points = t('signedOut.points', { returnObjects: true }) as unknown;
  return (
    <main className="vh-screen">
      <section className="vh-card" aria-labelledby="signed-out-title">
        <div className="vh-brand">
          <img src="/favicon.svg" alt="" />
          <span>{t('appName')}</span>
        </div>
        {justSignedOut && (
          <p className="vh-status" role="status">
            {t('signedOut.done')}
          </p>
        )}
        <h1 id="signed-out-title">{t('signedOut.title')}</h1>
        <p>{t('signedOut.lead')}</p>
        {Array.isArray(points) && (
          <ul>
            {points.map((point) => (
              <li key={String(point)}>{String(point)}</li>
            ))}
          </ul>
        )}
        {failed && (
          <p className="vh-status" role="alert">
            {t('signedOut.failed')}
          </p>
        )}
        {redirecting && (
          <p className="vh-status" role="status">
            {t('pleaseWaitRedirect')}
          </p>
        )}
        <div className="vh-actions">
          <button type="button" className="vh-button" onClick={onSignIn} disabled={!running}>
            {t('signedOut.cta')}
          </button>
        </div>
      </section>
    </main>
  );
}
