import { IonButton, IonItem, IonLabel, IonList, IonToolbar } from '@ionic/react';
import { IonNote } from '../../../shared/ui/ionic/note.ts';
import { IonSegment, IonSegmentButton } from '../../../shared/ui/ionic/segment.ts';
import { IonText } from '../../../shared/ui/ionic/text.ts';
import { useIonAlert } from '../../../shared/ui/ionic/use-ion-alert.ts';
import { useIonToast } from '../../../shared/ui/ionic/use-ion-toast.ts';
import type { ClubInvoice } from '@vereinsheim/contracts/club-admin';
import type { InvoiceStatus } from '@vereinsheim/contracts/invoice';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/client.ts';
import { formatDay, formatMoney } from '../../../shared/i18n/format.ts';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { useManagedClub } from '../../../shared/tenant-selection/index.ts';
import { ManagedClubSelect } from '../../../shared/tenant-selection/ManagedClubSelect.tsx';
import { Link } from 'react-router-dom';
import {
  PAGE_SIZE,
  useClubInvoices,
  useClubSettings,
  useInvoiceAction,
  useOpenItemsCsv,
} from '../api/club-invoices.ts';
import { IssueInvoiceForm } from '../components/IssueInvoiceForm.tsx';
import '../components/manage-invoices.css';
import '../../../shared/ui/manage.css';
import { SearchField } from '../../../shared/ui/SearchField.tsx';

const ROLES = ['committee', 'admin'] as const;
const FILTERS = ['all', 'open', 'overdue', 'paid', 'cancelled'] as const;

/** /manage/invoices: a club's invoices (committee, admins): filters, issue, fee run, paid/cancel, reminders, CSV. */
export default function ManageInvoicesPage() {
  const { t, i18n } = useTranslation('manageInvoices');
  const lng = i18n.resolvedLanguage;
  const { clubs, club, setClub, isPending } = useManagedClub(ROLES);
  const [status, setStatus] = useState<InvoiceStatus | 'all'>('all');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [issuing, setIssuing] = useState(false);
  const list = useClubInvoices(club?.id, status, keyword, page);
  const action = useInvoiceAction(club?.id ?? '');
  const csv = useOpenItemsCsv(club?.id ?? '');
  const settings = useClubSettings(club?.id);
  const [presentAlert] = useIonAlert();
  const [presentToast] = useIonToast();
  const pages = Math.max(1, Math.ceil((list.data?.maximumcount ?? 0) / PAGE_SIZE));

  const fail = (e: unknown) =>
    void presentToast({
      message: (isApiError(e) && e.problem?.detail) || t('failed'),
      duration: 5000,
      color: 'danger',
    });

  const act = (invoice: ClubInvoice, kind: 'paid' | 'cancel' | 'reminder') =>
    void presentAlert({
      header: t(`actions.${kind}`),
      message: t(`confirm.${kind}`, { number: invoice.number, name: invoice.recipientName }),
      buttons: [
        { text: t('cancel'), role: 'cancel' },
        {
          text: t('confirmButton'),
          role: kind === 'cancel' ? 'destructive' : 'confirm',
          handler: () =>
            action.mutate(
              { id: invoice.id, action: kind },
              {
                onError: fail,
                onSuccess: () =>
                  void presentToast({ message: t(`done.${kind}`), duration: 3000, color: 'success' }),
              },
            ),
        },
      ],
    });

  if (!isPending && !club)
    return (
      <AppPage title={t('title')}>
        <p>{t('noClub')}</p>
      </AppPage>
    );

  return (
    <AppPage
      title={t('title')}
      toolbar={
        <IonToolbar>
          <IonSegment
            scrollable
            value={status}
            aria-label={t('filter.label')}
            onIonChange={(e) => {
              setStatus((e.detail.value as InvoiceStatus | 'all' | undefined) ?? 'all');
              setPage(1);
            }}
          >
            {FILTERS.map((f) => (
              <IonSegmentButton key={f} value={f}>
                <IonLabel>{t(`filter.${f}`)}</IonLabel>
              </IonSegmentButton>
            ))}
          </IonSegment>
        </IonToolbar>
      }
    >
      <ManagedClubSelect label={t('club')} clubs={clubs} club={club} onChange={setClub} />
      {settings.data && (!settings.data.girocode || !settings.data.invoiceDataComplete) && (
        <div className="vh-settings-hint" role="note">
          <p>{!settings.data.girocode ? t('settings.hintNoBank') : t('settings.hintIncomplete')}</p>
          <Link to="/manage/club">{t('settings.hintLink')}</Link>
        </div>
      )}
      <div className="vh-manage-actions">
        <IonButton onClick={() => setIssuing(true)} disabled={!club}>
          {t('issue.open')}
        </IonButton>
        <IonButton
          fill="outline"
          disabled={!club || csv.isPending}
          onClick={() => csv.mutate(undefined, { onError: fail })}
        >
          {t('openItemsCsv')}
        </IonButton>
      </div>
      <SearchField
        label={t('search')}
        value={keyword}
        onSearch={(value) => {
          setKeyword(value);
          setPage(1);
        }}
      />
      {list.isError && (
        <IonText color="danger">
          <p role="alert">{(isApiError(list.error) && list.error.problem?.detail) || t('failed')}</p>
        </IonText>
      )}
      <p aria-live="polite">{list.data && t('count', { count: list.data.maximumcount })}</p>
      <IonList aria-label={t('listLabel')} aria-busy={list.isFetching}>
        {list.data?.items.map((inv) => (
          <IonItem key={inv.id}>
            <IonLabel>
              <h2>
                {inv.number} · {inv.title}
              </h2>
              <p>{inv.recipientName}</p>
              <p>
                {formatDay(inv.invoiceDate, lng)}
                {inv.dueDate && ` · ${t('dueOn', { date: formatDay(inv.dueDate, lng) })}`}
                {inv.reminderCount > 0 && ` · ${t('reminders', { count: inv.reminderCount })}`}
              </p>
              {(inv.status === 'open' || inv.status === 'overdue') && (
                <div className="vh-manage-actions">
                  <IonButton size="small" onClick={() => act(inv, 'paid')}>
                    {t('actions.paid')}
                  </IonButton>
                  <IonButton size="small" fill="outline" onClick={() => act(inv, 'reminder')}>
                    {t('actions.reminder')}
                  </IonButton>
                  <IonButton size="small" fill="outline" color="danger" onClick={() => act(inv, 'cancel')}>
                    {t('actions.cancel')}
                  </IonButton>
                </div>
              )}
            </IonLabel>
            <IonNote slot="end" className="vh-amount">
              <div>{formatMoney(inv.grossCents / 100, 'EUR', lng)}</div>
              <div className="vh-manage-invoice-status">{t(`status.${inv.status}`)}</div>
            </IonNote>
          </IonItem>
        ))}
      </IonList>
      {pages > 1 && (
        <div className="vh-manage-pager">
          <IonButton fill="clear" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('previous')}
          </IonButton>
          <IonNote>{t('page', { page, pages })}</IonNote>
          <IonButton fill="clear" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('next')}
          </IonButton>
        </div>
      )}
      {club && <IssueInvoiceForm tenantId={club.id} open={issuing} onClose={() => setIssuing(false)} />}
    </AppPage>
  );
}
