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

/** The signed-out screen (sign-in screen state 2): an invitation and 'Jetzt anmelden'. */
export function SignedOutScreen({
  onSignIn,
  redirecting = false,
  failed = false,
  justSignedOut = false,
}: SignedOutScreenProps) {
  const { t } = useTranslation('common');
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
          <button type="button" className="vh-button" onClick={onSignIn}>
            {t('signedOut.cta')}
          </button>
        </div>
      </section>
    </main>
  );
}
