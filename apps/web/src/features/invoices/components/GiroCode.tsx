import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The EPC QR code (GiroCode) of an invoice, rendered in the browser from the server's payload. */
export function GiroCode({ payload }: { payload: string }) {
  const { t } = useTranslation('invoices');
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let active = true;
    QRCode.toDataURL(payload, { errorCorrectionLevel: 'M', margin: 1, width: 220 }).then(
      (url) => active && setSrc(url),
      () => active && setFailed(true),
    );
    return () => {
      active = false;
    };
  }, [payload]);

  if (failed) return <p role="alert">{t('detail.qrError')}</p>;
  return (
    <figure className="vh-invoice-qr">
      {src ? (
        <img src={src} width={220} height={220} alt={t('detail.qrAlt')} data-testid="girocode" />
      ) : (
        <div style={{ width: 220, height: 220 }} aria-hidden="true" />
      )}
      <figcaption>{t('detail.qrHint')}</figcaption>
    </figure>
  );
}
