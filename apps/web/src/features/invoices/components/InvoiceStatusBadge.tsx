import { IonBadge } from '@ionic/react';
import type { InvoiceStatus } from '@vereinsheim/contracts/invoice';
import { useTranslation } from 'react-i18next';

const COLOR: Record<InvoiceStatus, string> = {
  open: 'primary',
  paid: 'success',
  overdue: 'danger',
  cancelled: 'medium',
};

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation('invoices');
  return <IonBadge color={COLOR[status]}>{t(`status.${status}`)}</IonBadge>;
}
