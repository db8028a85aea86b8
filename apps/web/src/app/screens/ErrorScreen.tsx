import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ErrorScreenProps {
  errorId: string;
  message: string;
  errorAt: number;
  retriesLeft: number;
  /** Returns false when the retry is not allowed yet (within 2 s of the error). */
  onRetry: () => boolean;
  supportMail?: string | undefined;
}

/** The error screen of spec §2/§4: error id, retry (with attempts left), report, start page, reload. */
export function ErrorScreen({
  errorId,
  message,
  errorAt,
  retriesLeft,
  onRetry,
  supportMail,
}: ErrorScreenProps) {
  const { t } = useTranslation('common');
  const [tooEarly, setTooEarly] = useState(false);
  const mailBody = t('error.mailBody', {
    id: errorId,
    message,
    url: window.location.href,
    time: new Date(errorAt).toISOString(),
    browser: navigator.userAgent,
  });
  const mailto = `mailto:${supportMail ?? ''}?subject=${encodeURIComponent(
    t('error.mailSubject', { id: errorId }),
  )}&body=${encodeURIComponent(mailBody)}`;

  return (
    <main className="vh-screen">
      <section className="vh-card" role="alert" aria-labelledby="error-title">
        <h1 id="error-title">{t('error.title')}</h1>
        <p>{t('error.subtitle')}</p>
        <p className="vh-error-id">{t('error.id', { id: errorId })}</p>
        {retriesLeft > 0 ? (
          <p>{t('error.retriesLeft', { count: retriesLeft })}</p>
        ) : (
          <p className="vh-status">{t('error.exhausted')}</p>
        )}
        {tooEarly && <p className="vh-status">{t('error.retryWait')}</p>}
        <div className="vh-actions">
          {retriesLeft > 0 && (
            <button type="button" className="vh-button" onClick={() => setTooEarly(!onRetry())}>
              {t('error.retry')}
            </button>
          )}
          <a className="vh-button secondary" href={mailto}>
            {t('error.report')}
          </a>
          <a className="vh-button secondary" href="/">
            {t('error.home')}
          </a>
          <button type="button" className="vh-button secondary" onClick={() => window.location.reload()}>
            {t('error.reload')}
          </button>
        </div>
      </section>
    </main>
  );
}
