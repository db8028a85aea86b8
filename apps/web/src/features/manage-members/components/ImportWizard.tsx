import { IonButton, IonButtons, IonContent, IonHeader, IonTitle, IonToolbar } from '@ionic/react';
import { IonModal } from '../../../shared/ui/ionic/modal.ts';
import { IonText } from '../../../shared/ui/ionic/text.ts';
import type { MemberImportResult } from '@vereinsheim/contracts/club-admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/client.ts';
import { StackTable } from '../../../shared/ui/StackTable.tsx';
import { useImportMembers } from '../api/members.ts';

/** The import wizard: choose a CSV file → preview with each row's errors (dry run) → confirm → result. */
export function ImportWizard(props: { tenantId: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('manageMembers');
  const run = useImportMembers(props.tenantId);
  const [csv, setCsv] = useState<string | null>(null);
  const [preview, setPreview] = useState<MemberImportResult | null>(null);
  const [result, setResult] = useState<MemberImportResult | null>(null);
  const error = run.error && ((isApiError(run.error) && run.error.problem?.detail) || t('failed'));

  const reset = () => {
    setCsv(null);
    setPreview(null);
    setResult(null);
    run.reset();
  };
  const close = () => {
    reset();
    props.onClose();
  };

  const shown = result ?? preview;
  return (
    <IonModal isOpen={props.open} onDidDismiss={close}>
      <IonHeader>
        <IonToolbar>
          <IonTitle>{t('import.title')}</IonTitle>
          <IonButtons slot="end">
            <IonButton onClick={close}>{t('close')}</IonButton>
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">
        {!preview && !result && (
          <>
            <p>{t('import.help')}</p>
            <label className="vh-manage-file">
              {t('import.file')}
              <input
                type="file"
                accept=".csv,text/csv"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (!file) return;
                  void file.text().then((text) => {
                    setCsv(text);
                    run.mutate({ csv: text, dryRun: true }, { onSuccess: setPreview });
                  });
                }}
              />
            </label>
          </>
        )}
        {error && (
          <IonText color="danger">
            <p role="alert">{error}</p>
          </IonText>
        )}
        {shown && (
          <>
            <p role="status">
              {result
                ? t('import.done', {
                    created: result.created,
                    matched: result.matched,
                    reopened: result.reopened,
                    failed: result.failed,
                  })
                : t('import.preview', {
                    created: shown.created,
                    matched: shown.matched,
                    reopened: shown.reopened,
                    failed: shown.failed,
                  })}
            </p>
            <StackTable
              caption={t('import.rows')}
              rows={shown.rows}
              rowKey={(r) => r.line}
              rowClassName={(r) => `vh-import-${r.outcome}`}
              columns={[
                { label: t('import.line'), cell: (r) => r.line },
                { label: t('import.name'), cell: (r) => `${r.firstName} ${r.lastName}` },
                { label: t('import.email'), cell: (r) => r.email },
                {
                  label: t('import.outcome'),
                  cell: (r) => (
                    <>
                      {t(`import.outcomes.${r.outcome}`)}
                      {r.errors.map((e) => (
                        <div key={e.field}>
                          {t(`import.fields.${e.field}`, { defaultValue: e.field })}: {e.message}
                        </div>
                      ))}
                    </>
                  ),
                },
              ]}
            />
            {!result && csv && (
              <div className="vh-manage-actions">
                <IonButton
                  disabled={run.isPending || shown.created + shown.reopened === 0}
                  onClick={() => run.mutate({ csv, dryRun: false }, { onSuccess: setResult })}
                >
                  {t('import.confirm', { count: shown.created, reopened: shown.reopened })}
                </IonButton>
                <IonButton fill="outline" onClick={reset}>
                  {t('import.again')}
                </IonButton>
              </div>
            )}
          </>
        )}
      </IonContent>
    </IonModal>
  );
}
