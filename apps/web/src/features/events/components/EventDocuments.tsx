import { IonButton, IonItem, IonLabel, IonList, IonSpinner } from '@ionic/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequestBlob } from '../../../shared/api/client.ts';
import { saveFile } from '../../../shared/platform/share.ts';
import { useEventDocuments } from '../api/get-event-documents.ts';

/** Documents load and fail on their own (pending / success / failure with the message or 'unknown'). */
export function EventDocuments({ tenantId, eventId }: { tenantId: string | undefined; eventId: string }) {
  const { t } = useTranslation('events');
  const query = useEventDocuments(tenantId, eventId);
  const [failed, setFailed] = useState<string | null>(null);
  const download = async (url: string, name: string) => {
    try {
      setFailed(null);
      saveFile(await apiRequestBlob(url), name);
    } catch (error) {
      setFailed(error instanceof Error ? error.message : t('unknownError'));
    }
  };
  return (
    <section className="vh-event-section" aria-labelledby="vh-documents-title">
      <h2 id="vh-documents-title">{t('documents.title')}</h2>
      {query.isPending ? (
        <IonSpinner aria-label={t('loading')} />
      ) : query.isError ? (
        <p role="alert">{t('documents.error', { message: query.error.message || t('unknownError') })}</p>
      ) : query.data.length === 0 ? (
        <p>{t('documents.empty')}</p>
      ) : (
        <IonList>
          {query.data.map((d) => (
            <IonItem key={d.id}>
              <IonLabel>{d.fileName}</IonLabel>
              <IonButton slot="end" fill="outline" onClick={() => void download(d.downloadUrl, d.fileName)}>
                {t('documents.download')}
              </IonButton>
            </IonItem>
          ))}
        </IonList>
      )}
      {failed && <p role="alert">{t('documents.error', { message: failed })}</p>}
    </section>
  );
}
