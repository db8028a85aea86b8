import type { OpenTotal as OpenTotalData } from '@vereinsheim/contracts/invoice';
import { useTranslation } from 'react-i18next';
import { formatCents } from './format.ts';

/**
 * What is still to pay: the sum of the open and overdue invoices the clubs sent, per currency — the amount to
 * type into the banking app on the phone. Nothing when everything is paid.
 */
export function OpenTotal({ totals }: { totals: readonly OpenTotalData[] | undefined }) {
  const { t, i18n } = useTranslation('invoices');
  const open = (totals ?? []).filter((total) => total.grossCents > 0);
  if (open.length === 0) return null;
  return (
    <section className="vh-open-total" aria-labelledby="vh-open-total-title">
      <h2 id="vh-open-total-title">{t('openTotal.title')}</h2>
      {open.map((total) => (
        <p key={total.currency}>
          <span className="vh-open-total-amount">
            {formatCents(total.grossCents, i18n.resolvedLanguage, total.currency)}
          </span>{' '}
          <span className="vh-open-total-count">{t('openTotal.count', { count: total.count })}</span>
        </p>
      ))}
    </section>
  );
}
