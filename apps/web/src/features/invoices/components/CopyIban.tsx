import { IonButton } from '@ionic/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../shared/platform/share.ts';

/** 'IBAN kopieren': for paying from the banking app on the same phone that shows the GiroCode. */
export function CopyIban({ iban }: { iban: string }) {
  const { t } = useTranslation('invoices');
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <>
      <IonButton size="small" fill="outline" onClick={() => void copyText(iban).then(setCopied)}>
        {t('detail.copyIban')}
      </IonButton>
      <span role="status" className={copied === false ? 'vh-error' : 'vh-ok'}>
        {copied === null ? '' : copied ? t('detail.ibanCopied') : t('detail.copyFailed')}
      </span>
    </>
  );
}
