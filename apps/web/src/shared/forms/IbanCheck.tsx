import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateIban } from '../api/validate-iban.ts';

type Status = 'valid' | 'invalid' | 'unverifiable' | 'failed' | 'checking';

/** Shortest IBAN (Norway); shorter input is still being typed, not wrong. */
const MIN_IBAN_LENGTH = 15;

/**
 * Checks the IBAN as it is typed: the checksum here (ibantools), then the server, which stays the authority and
 * knows BIC and bank (from the Bundesbank's bank code list for a German IBAN); both are filled in where the
 * fields are empty. The result is announced politely.
 */
export function IbanCheck({
  iban,
  onBank,
}: {
  iban: unknown;
  onBank: (found: { bic: string | null; bankName: string | null }) => void;
}) {
  const { t } = useTranslation('common');
  const value = electronicFormatIBAN(typeof iban === 'string' ? iban : '') ?? '';
  const complete = value.length >= MIN_IBAN_LENGTH;
  const checksumOk = complete && isValidIBAN(value);
  const [server, setServer] = useState<{
    iban: string;
    status: Status;
    bic: string | null;
    bankName: string | null;
  } | null>(null);

  useEffect(() => {
    if (!checksumOk) return;
    let current = true;
    const timer = setTimeout(() => {
      validateIban(value).then(
        (result) => {
          if (!current) return;
          setServer({ iban: value, status: result.status, bic: result.bic, bankName: result.bankName });
          if (result.bic || result.bankName) onBank({ bic: result.bic, bankName: result.bankName });
        },
        () => current && setServer({ iban: value, status: 'failed', bic: null, bankName: null }),
      );
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // onBank is a new function on every render of the form; the check depends on the IBAN only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, checksumOk]);

  const status: Status | null = !complete
    ? null
    : !checksumOk
      ? 'invalid'
      : server?.iban === value
        ? server.status
        : 'checking';
  const found = status && server?.iban === value ? server : null;
  if (!status || status === 'checking')
    return <p className="vh-iban-check" role="status" aria-live="polite" />;
  return (
    <p
      role="status"
      aria-live="polite"
      className={`vh-iban-check vh-iban-check--${status === 'valid' ? 'ok' : 'error'}`}
    >
      {t(`iban.status.${status}`)}
      {found?.bic ? ` ${t('iban.bicFound', { bic: found.bic })}` : ''}
      {found?.bankName ? ` ${t('iban.bankFound', { bank: found.bankName })}` : ''}
    </p>
  );
}
