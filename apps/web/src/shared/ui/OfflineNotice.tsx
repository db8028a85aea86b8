import { useTranslation } from 'react-i18next';
import { useOnline } from '../platform/online.ts';

/**
 * Shown while there is no network: the pages show the data last loaded (kept by the service worker on the web,
 * the query cache in the apps) read-only; changes fail until the connection is back.
 */
export function OfflineNotice() {
  const { t } = useTranslation('common');
  const online = useOnline();
  if (online) return null;
  return (
    <div className="vh-offline-notice" role="status" aria-live="polite">
      {t('offline.notice')}
    </div>
  );
}
