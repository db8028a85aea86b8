/** `1.234,56 €` (German grouping and decimal comma, a plain space before the sign). */
export function formatEuroDe(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const euros = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${euros},${String(abs % 100).padStart(2, '0')} €`;
}

/** `2026-03-01` → `01.03.2026`. */
export function formatDateDe(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${d}.${m}.${y}`;
}

/** 1900 → `19 %`, 700 → `7 %`, 1050 → `10,5 %`. */
export function formatVatRateDe(vatRateBp: number): string {
  return `${String(vatRateBp / 100).replace('.', ',')} %`;
}

/** `DE02120300000000202051` → `DE02 1203 0000 0000 2020 51`. */
export function formatIban(iban: string): string {
  return iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}
