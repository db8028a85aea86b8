import { describe, expect, it } from 'vitest';
import { EpcPayloadError, epcAmount, epcQrPayload } from './epc-qr.ts';
import { formatDateDe, formatEuroDe, formatIban, formatVatRateDe } from './format.ts';
import { effectiveStatus } from './invoices.service.ts';
import { computeInvoiceTotals } from './totals.ts';

describe('EPC QR payload (EPC069-12)', () => {
  const base = {
    name: 'TSV Grünwald 1894 e.V.',
    iban: 'DE02 1203 0000 0000 2020 51',
    bic: 'BYLADEM1001',
    amountCents: 123456,
    remittance: 'RE-2026-0001 Mitgliedsbeitrag',
  };

  it('writes the twelve fields in order, LF separated, without trailing empty fields', () => {
    expect(epcQrPayload(base)).toBe(
      [
        'BCD',
        '002',
        '1',
        'SCT',
        'BYLADEM1001',
        'TSV Grünwald 1894 e.V.',
        'DE02120300000000202051',
        'EUR1234.56',
        '',
        '',
        'RE-2026-0001 Mitgliedsbeitrag',
      ].join('\n'),
    );
  });

  it('leaves the BIC empty when none is given (version 002) and keeps the purpose code', () => {
    const payload = epcQrPayload({ ...base, bic: null, purpose: 'memb', amountCents: 5 });
    expect(payload.split('\n')).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      '',
      'TSV Grünwald 1894 e.V.',
      'DE02120300000000202051',
      'EUR0.05',
      'MEMB',
      '',
      'RE-2026-0001 Mitgliedsbeitrag',
    ]);
  });

  it('puts an ISO 11649 creditor reference into the structured field, not the text', () => {
    const payload = epcQrPayload({ ...base, remittance: 'RF18 5390 0754 7034' });
    const lines = payload.split('\n');
    expect(lines).toHaveLength(10);
    expect(lines[9]).toBe('RF18539007547034');
  });

  it('ends after the amount when there is no purpose, reference or text', () => {
    expect(epcQrPayload({ ...base, remittance: null }).split('\n')).toHaveLength(8);
    expect(epcQrPayload({ ...base, remittance: null }).endsWith('EUR1234.56')).toBe(true);
  });

  it('formats amounts with a dot and two decimals', () => {
    expect(epcAmount(1)).toBe('EUR0.01');
    expect(epcAmount(4250)).toBe('EUR42.50');
    expect(epcAmount(99_999_999_999)).toBe('EUR999999999.99');
  });

  it.each([
    ['an invalid IBAN', { iban: 'DE02120300000000202052' }],
    ['an invalid BIC', { bic: 'NOTABIC' }],
    ['an empty name', { name: '  ' }],
    ['a name over 70 characters', { name: 'x'.repeat(71) }],
    ['a zero amount', { amountCents: 0 }],
    ['a negative amount', { amountCents: -100 }],
    ['a fractional cent', { amountCents: 10.5 }],
    ['too large an amount', { amountCents: 100_000_000_000 }],
    ['a text over 140 characters', { remittance: 'y'.repeat(141) }],
    ['a malformed purpose', { purpose: 'MEMBER' }],
  ])('refuses %s', (_name, change) => {
    expect(() => epcQrPayload({ ...base, ...change })).toThrow(EpcPayloadError);
  });

  it('refuses payloads over 331 bytes (UTF-8) and accepts long ASCII ones', () => {
    expect(() =>
      epcQrPayload({
        ...base,
        name: 'Ä'.repeat(70),
        remittance: 'Ü'.repeat(140),
        information: 'i'.repeat(70),
      }),
    ).toThrow(/331 bytes/);
    const long = epcQrPayload({
      ...base,
      name: 'n'.repeat(70),
      remittance: 't'.repeat(140),
      information: 'i'.repeat(50),
    });
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(331);
  });
});

describe('invoice totals', () => {
  it('computes net, VAT per rate and gross in cents', () => {
    const totals = computeInvoiceTotals([
      { quantity: 2, unitPriceCents: 2499, vatRateBp: 1900 },
      { quantity: 1, unitPriceCents: 1000, vatRateBp: 700 },
      { quantity: 1, unitPriceCents: 12000, vatRateBp: 0 },
    ]);
    expect(totals.lines).toEqual([
      { netCents: 4998, vatCents: 950, grossCents: 5948 },
      { netCents: 1000, vatCents: 70, grossCents: 1070 },
      { netCents: 12000, vatCents: 0, grossCents: 12000 },
    ]);
    expect(totals.groups).toEqual([
      { vatRateBp: 0, netCents: 12000, vatCents: 0 },
      { vatRateBp: 700, netCents: 1000, vatCents: 70 },
      { vatRateBp: 1900, netCents: 4998, vatCents: 950 },
    ]);
    expect(totals).toMatchObject({ netCents: 17998, vatCents: 1020, grossCents: 19018 });
  });

  it('rounds VAT on each rate group, half away from zero', () => {
    // 3 × 0.05 € at 19 %: per line 0.95 ct each would round to 1 ct, the group's 2.85 ct rounds to 3 ct.
    const totals = computeInvoiceTotals([
      { quantity: 1, unitPriceCents: 5, vatRateBp: 1900 },
      { quantity: 1, unitPriceCents: 5, vatRateBp: 1900 },
      { quantity: 1, unitPriceCents: 5, vatRateBp: 1900 },
    ]);
    expect(totals.vatCents).toBe(3);
    expect(computeInvoiceTotals([{ quantity: 1, unitPriceCents: 50, vatRateBp: 1900 }]).vatCents).toBe(10); // 9.5 → 10
    expect(computeInvoiceTotals([{ quantity: -1, unitPriceCents: 50, vatRateBp: 1900 }]).vatCents).toBe(-10);
  });
});

describe('German formats', () => {
  it.each([
    [0, '0,00 €'],
    [5, '0,05 €'],
    [123456, '1.234,56 €'],
    [100000000, '1.000.000,00 €'],
    [-4250, '-42,50 €'],
  ])('%i cents is %s', (cents, text) => {
    expect(formatEuroDe(cents)).toBe(text);
  });

  it('formats dates, VAT rates and IBANs', () => {
    expect(formatDateDe('2026-03-01')).toBe('01.03.2026');
    expect(formatVatRateDe(1900)).toBe('19 %');
    expect(formatVatRateDe(1050)).toBe('10,5 %');
    expect(formatIban('DE02120300000000202051')).toBe('DE02 1203 0000 0000 2020 51');
  });
});

describe('effective invoice status', () => {
  it('reports an open invoice past its due date as overdue, and nothing else changes', () => {
    expect(effectiveStatus('open', '2026-11-20', '2026-11-21')).toBe('overdue');
    expect(effectiveStatus('open', '2026-11-21', '2026-11-21')).toBe('open');
    expect(effectiveStatus('open', null, '2026-11-21')).toBe('open');
    expect(effectiveStatus('paid', '2026-01-01', '2026-11-21')).toBe('paid');
    expect(effectiveStatus('cancelled', '2026-01-01', '2026-11-21')).toBe('cancelled');
  });
});
