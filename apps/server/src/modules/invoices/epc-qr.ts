import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

/** A SEPA credit transfer as the EPC QR code (EPC069-12, "GiroCode") carries it. */
export interface EpcTransfer {
  /** Beneficiary name, 1–70 characters. */
  name: string;
  iban: string;
  /** Optional in version 002 within the EEA. */
  bic?: string | null;
  /** 1 cent to 999 999 999.99 €. */
  amountCents: number;
  /** ISO 20022 purpose code, four letters (optional). */
  purpose?: string | null;
  /** Remittance text (unstructured, up to 140 characters). A creditor reference (RF…) goes structured. */
  remittance?: string | null;
  /** Beneficiary-to-originator information (up to 70 characters, optional). */
  information?: string | null;
}

export class EpcPayloadError extends Error {
  override name = 'EpcPayloadError';
}

const MAX_PAYLOAD_BYTES = 331;
/** ISO 11649 creditor reference: RF, two check digits, up to 21 alphanumerics. */
const CREDITOR_REFERENCE = /^RF\d{2}[A-Z0-9]{1,21}$/;

/** `EUR12.30`: euro amount with a dot and two decimals (EPC069-12 field 8). */
export function epcAmount(cents: number): string {
  if (!Number.isInteger(cents) || cents < 1 || cents > 99_999_999_999) {
    throw new EpcPayloadError('The amount must be between 0.01 and 999999999.99 EUR.');
  }
  const euros = Math.floor(cents / 100);
  return `EUR${euros}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * Builds the payload of an EPC QR code: service tag BCD, version 002, character set 1 (UTF-8),
 * identification SCT, BIC, name, IBAN, amount, purpose, structured reference, remittance text,
 * information — one per line (LF), trailing empty fields left off, at most 331 bytes.
 */
export function epcQrPayload(transfer: EpcTransfer): string {
  const name = transfer.name.trim();
  if (name.length < 1 || name.length > 70)
    throw new EpcPayloadError('The name must have 1 to 70 characters.');
  const iban = electronicFormatIBAN(transfer.iban) ?? '';
  if (!isValidIBAN(iban)) throw new EpcPayloadError('The IBAN is invalid.');
  const bic = (transfer.bic ?? '').replace(/\s+/g, '').toUpperCase();
  if (bic && !isValidBIC(bic)) throw new EpcPayloadError('The BIC is invalid.');
  const purpose = (transfer.purpose ?? '').trim().toUpperCase();
  if (purpose && !/^[A-Z]{4}$/.test(purpose))
    throw new EpcPayloadError('The purpose code must be four letters.');
  const remittance = (transfer.remittance ?? '').trim().replace(/\s+/g, ' ');
  const compact = remittance.replace(/\s/g, '').toUpperCase();
  const structured = CREDITOR_REFERENCE.test(compact) ? compact : '';
  const text = structured ? '' : remittance;
  if (text.length > 140) throw new EpcPayloadError('The remittance text may have at most 140 characters.');
  const information = (transfer.information ?? '').trim();
  if (information.length > 70) throw new EpcPayloadError('The information may have at most 70 characters.');

  const fields = [
    'BCD',
    '002',
    '1',
    'SCT',
    bic,
    name,
    iban,
    epcAmount(transfer.amountCents),
    purpose,
    structured,
    text,
    information,
  ];
  while (fields.length > 0 && fields[fields.length - 1] === '') fields.pop();
  const payload = fields.join('\n');
  if (Buffer.byteLength(payload, 'utf8') > MAX_PAYLOAD_BYTES) {
    throw new EpcPayloadError('The payload exceeds 331 bytes.');
  }
  return payload;
}
