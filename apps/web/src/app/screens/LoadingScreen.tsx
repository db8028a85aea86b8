import { useTranslation } from 'react-i18next';

/** 'Seite wird geladen...' (the Suspense fallback and the sign-in screen's states 0 and 1). */
export function LoadingScreen({ message }: { message?: string }) {
  const { t } = useTranslation('common');
  return (
    <main className="vh-screen">
      <div className="vh-center" role="status" aria-live="polite">
        <div className="vh-spinner" aria-hidden="true" />
        <p className="vh-status">{message ?? t('loading')}</p>
      </div>
    </main>
  );
}
