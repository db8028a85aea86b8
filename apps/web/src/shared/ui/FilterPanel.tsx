import { IonButton, IonIcon } from '@ionic/react';
import { funnelOutline } from 'ionicons/icons';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './filter-panel.css';

/**
 * A list's filters behind one button: 'Filter' with the number of filters that differ from the defaults, so the
 * list starts on the first screen of a phone. The fields open below the button; 'Filter zurücksetzen' stays
 * reachable next to the button while filters are active and the panel is closed.
 */
export function FilterPanel({
  activeCount,
  onReset,
  children,
}: {
  activeCount: number;
  onReset: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="vh-filter-panel">
      <div className="vh-filter-panel-bar">
        {/* A native button: Ionic's ion-button copies aria-* to its inner button only once, at load, so a
            changing aria-expanded would stay stale for screen readers. */}
        <button
          type="button"
          className={activeCount > 0 ? 'vh-filter-button vh-filter-button--active' : 'vh-filter-button'}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
          data-testid="filter-button"
        >
          <IonIcon icon={funnelOutline} aria-hidden="true" />
          {t('filters.button')}
          {activeCount > 0 && (
            <>
              <span className="vh-filter-count" aria-hidden="true">
                {activeCount}
              </span>
              <span className="vh-visually-hidden">{t('filters.active', { count: activeCount })}</span>
            </>
          )}
        </button>
        {activeCount > 0 && (
          <IonButton fill="clear" size="small" onClick={onReset}>
            {t('filters.reset')}
          </IonButton>
        )}
      </div>
      <section id={panelId} hidden={!open} aria-label={t('filters.title')} className="vh-filter-panel-fields">
        {children}
      </section>
    </div>
  );
}
