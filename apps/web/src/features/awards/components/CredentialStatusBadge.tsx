import { IonBadge } from '@ionic/react';
import type { CredentialStatus } from '@vereinsheim/contracts/awards';
import { useTranslation } from 'react-i18next';

const COLOR: Record<CredentialStatus, string> = { valid: 'success', expiring: 'warning', expired: 'danger' };

/** Valid, expiring within 90 days, or expired (derived on the server from the dates). */
export function CredentialStatusBadge({ status }: { status: CredentialStatus }) {
  const { t } = useTranslation('awards');
  return <IonBadge color={COLOR[status]}>{t(`status.${status}`)}</IonBadge>;
}
