import { IonButton, IonSpinner } from '@ionic/react';
import { IonBackButton } from '../../../shared/ui/ionic/back-button.ts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { useDownloadInvoicePdf } from '../api/download-invoice-pdf.ts';
import { useInvoice } from '../api/get-invoice.ts';
import { formatDay, formatIban } from '../../../shared/i18n/format.ts';
import { formatCents, formatPercent } from '../components/format.ts';
import { CopyIban } from '../components/CopyIban.tsx';
import { GiroCode } from '../components/GiroCode.tsx';
import { InvoiceStatusBadge } from '../components/InvoiceStatusBadge.tsx';
import '../components/invoices.css';

/** /invoices/{id}: parties, dates, line items with VAT, totals, bank details, GiroCode and the PDF. */
export default function InvoiceDetailPage() {
  const { t, i18n } = useTranslation('invoices');
  const language = i18n.resolvedLanguage;
  const { id = '' } = useParams<{ id: string }>();
  const { data: invoice, isPending, isError, refetch } = useInvoice(id);
  const download = useDownloadInvoicePdf();
  const money = (cents: number) => formatCents(cents, language);

  return (
    <AppPage
      title={invoice ? t('detail.title', { number: invoice.number }) : t('detail.fallbackTitle')}
      actions={<IonBackButton defaultHref="/invoices" text={t('back')} />}
    >
      {isPending ? (
        <IonSpinner aria-label={t('loading')} />
      ) : isError ? (
        <EmptyState message={t('detail.loadError')}>
          <IonButton onClick={() => void refetch()}>{t('retry')}</IonButton>
        </EmptyState>
      ) : (
        <article className="vh-invoice">
          <p>
            {invoice.title} <InvoiceStatusBadge status={invoice.status} />
          </p>
          <dl className="vh-invoice-facts">
            <dt>{t('detail.number')}</dt>
            <dd>{invoice.number}</dd>
            <dt>{t('detail.direction')}</dt>
            <dd>{t(`direction.${invoice.direction}`)}</dd>
            <dt>{t('detail.issuer')}</dt>
            <dd>
              {[invoice.issuer.name, invoice.issuer.street, invoice.issuer.city].filter(Boolean).join(', ')}
            </dd>
            <dt>{t('detail.recipient')}</dt>
            <dd>
              {[invoice.recipient.name, invoice.recipient.street, invoice.recipient.city]
                .filter(Boolean)
                .join(', ')}
            </dd>
            <dt>{t('detail.invoiceDate')}</dt>
            <dd>{formatDay(invoice.invoiceDate, language)}</dd>
            {invoice.serviceDateFrom && (
              <>
                <dt>{t(invoice.serviceDateTill ? 'detail.servicePeriod' : 'detail.serviceDate')}</dt>
                <dd>
                  {formatDay(invoice.serviceDateFrom, language)}
                  {invoice.serviceDateTill && ` – ${formatDay(invoice.serviceDateTill, language)}`}
                </dd>
              </>
            )}
            {invoice.dueDate && (
              <>
                <dt>{t('detail.dueDate')}</dt>
                <dd>{formatDay(invoice.dueDate, language)}</dd>
              </>
            )}
            {invoice.paidOn && (
              <>
                <dt>{t('detail.paidOn')}</dt>
                <dd>{formatDay(invoice.paidOn, language)}</dd>
              </>
            )}
          </dl>

          <table className="vh-invoice-lines">
            <caption className="ion-text-start">{t('detail.lines')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('detail.description')}</th>
                <th scope="col" className="vh-num">
                  {t('detail.quantity')}
                </th>
                <th scope="col" className="vh-num">
                  {t('detail.unitPrice')}
                </th>
                <th scope="col" className="vh-num">
                  {t('detail.vat')}
                </th>
                <th scope="col" className="vh-num">
                  {t('detail.net')}
                </th>
              </tr>
            </thead>
            <tbody>
              {invoice.lines.map((line) => (
                <tr key={line.position}>
                  <td>
                    {line.description}
                    {line.vatRatePercent === 0 && line.vatExemptionReason && (
                      <small className="vh-invoice-line-note">{line.vatExemptionReason}</small>
                    )}
                  </td>
                  <td className="vh-num" data-label={t('detail.quantity')}>
                    {line.quantity}
                  </td>
                  <td className="vh-num" data-label={t('detail.unitPrice')}>
                    {money(line.unitPriceCents)}
                  </td>
                  <td className="vh-num" data-label={t('detail.vat')}>
                    {formatPercent(line.vatRatePercent, language)}
                  </td>
                  <td className="vh-num" data-label={t('detail.net')}>
                    {money(line.netCents)}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={4}>
                  {t('detail.totalNet')}
                </th>
                <td className="vh-num">{money(invoice.netCents)}</td>
              </tr>
              {invoice.vatGroups.map((group) => (
                <tr key={group.vatRatePercent}>
                  <th scope="row" colSpan={4}>
                    {t('detail.vatOn', {
                      rate: formatPercent(group.vatRatePercent, language),
                      net: money(group.netCents),
                    })}
                  </th>
                  <td className="vh-num">{money(group.vatCents)}</td>
                </tr>
              ))}
              <tr>
                <th scope="row" colSpan={4}>
                  {t('detail.totalGross')}
                </th>
                <td className="vh-num">
                  <strong data-testid="invoice-total">{money(invoice.grossCents)}</strong>
                </td>
              </tr>
            </tfoot>
          </table>

          <h2>{t('detail.payment')}</h2>
          <dl className="vh-invoice-facts">
            {invoice.bankDetails && (
              <>
                <dt>{t('detail.accountOwner')}</dt>
                <dd>{invoice.bankDetails.accountOwner}</dd>
                <dt>IBAN</dt>
                <dd>
                  {formatIban(invoice.bankDetails.iban)} <CopyIban iban={invoice.bankDetails.iban} />
                </dd>
                {invoice.bankDetails.bic && (
                  <>
                    <dt>BIC</dt>
                    <dd>{invoice.bankDetails.bic}</dd>
                  </>
                )}
                {invoice.bankDetails.bankName && (
                  <>
                    <dt>{t('detail.bank')}</dt>
                    <dd>{invoice.bankDetails.bankName}</dd>
                  </>
                )}
              </>
            )}
            <dt>{t('detail.reference')}</dt>
            <dd>{invoice.paymentReference}</dd>
          </dl>
          {invoice.epcQrPayload ? (
            <GiroCode payload={invoice.epcQrPayload} />
          ) : (
            <p>{t(`detail.noQr.${invoice.status === 'paid' ? 'paid' : 'other'}`)}</p>
          )}

          <IonButton
            onClick={() => download.mutate({ pdfUrl: invoice.pdfUrl, number: invoice.number })}
            disabled={download.isPending}
          >
            {download.isPending ? t('detail.downloading') : t('detail.downloadPdf')}
          </IonButton>
          {download.isError && <p role="alert">{t('detail.downloadError')}</p>}
        </article>
      )}
    </AppPage>
  );
}
