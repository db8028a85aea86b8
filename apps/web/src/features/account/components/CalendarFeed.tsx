import { IonButton, IonItem, IonLabel, IonList } from '@ionic/react';
import { IonListHeader } from '../../../shared/ui/ionic/list-header.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCalendarFeed } from '../api/get-calendar-feed.ts';
import { useRenewCalendarFeed } from '../api/renew-calendar-feed.ts';
import './account.css';

/** webcal:// opens the subscribe dialog of calendar apps; the feed itself is served over http(s). */
function webcalUrl(url: string): string | null {
  return /^https?:\/\//i.test(url) ? url.replace(/^https?:/i, 'webcal:') : null;
}

/** The private calendar feed of /account: the secret URL to subscribe to, copy it, or replace it. */
export function CalendarFeed() {
  const { t } = useTranslation('account');
  const feed = useCalendarFeed();
  const renew = useRenewCalendarFeed();
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const url = feed.data?.url;
  const subscribe = url ? webcalUrl(url) : null;

  const copy = async () => {
    if (!url) return;
    setError(null);
    try {
      await navigator.clipboard.writeText(url);
      setStatus(t('calendarFeed.copied'));
    } catch {
      setStatus(null);
      setError(t('calendarFeed.copyFailed'));
    }
  };

  const replace = () => {
    setStatus(null);
    setError(null);
    renew.mutate(undefined, {
      onSuccess: () => setStatus(t('calendarFeed.renewed')),
      onError: () => setError(t('calendarFeed.renewFailed')),
    });
  };

  return (
    <section>
      <IonListHeader>
        <IonLabel>
          <h2 id="account-calendar-feed">{t('calendarFeed.title')}</h2>
        </IonLabel>
      </IonListHeader>
      <IonList>
        <IonItem lines="none">
          <IonLabel className="ion-text-wrap">
            <p>{t('calendarFeed.hint')}</p>
          </IonLabel>
        </IonItem>
        {feed.isPending && (
          <IonItem lines="none">
            <IonLabel>{t('calendarFeed.loading')}</IonLabel>
          </IonItem>
        )}
        {feed.isError && (
          <IonItem lines="none">
            <IonLabel role="alert" color="danger">
              {t('calendarFeed.loadFailed')}
            </IonLabel>
          </IonItem>
        )}
        {url && (
          <>
            <IonItem lines="none">
              <label className="vh-calendar-feed">
                <span className="vh-calendar-feed-label">{t('calendarFeed.urlLabel')}</span>
                <input
                  type="text"
                  readOnly
                  value={url}
                  className="vh-calendar-feed-url"
                  onFocus={(event) => event.currentTarget.select()}
                />
              </label>
            </IonItem>
            <IonItem lines="none">
              <IonButton onClick={() => void copy()}>{t('calendarFeed.copy')}</IonButton>
              {subscribe && (
                <IonButton fill="outline" href={subscribe}>
                  {t('calendarFeed.subscribe')}
                </IonButton>
              )}
            </IonItem>
            <IonItem>
              <IonLabel className="ion-text-wrap">
                <p>{t('calendarFeed.renewHint')}</p>
                <div className="vh-actions-below">
                  <IonButton fill="outline" color="medium" disabled={renew.isPending} onClick={replace}>
                    {t('calendarFeed.renew')}
                  </IonButton>
                </div>
              </IonLabel>
            </IonItem>
          </>
        )}
      </IonList>
      <p role="status" className="ion-padding-start">
        {status}
      </p>
      {error && (
        <p role="alert" className="ion-padding-start">
          {error}
        </p>
      )}
    </section>
  );
}
