import { createRequire } from 'node:module';

interface Institute {
  blz: string;
  bic?: string | null;
  name?: string | null;
}

export interface BankByCode {
  bankName: string;
  bic: string | null;
}

let byCode: Map<string, BankByCode> | undefined;

/** The German bank code list (fints-institute-db, CC0, from the Bundesbank's and the DK's lists), loaded once. */
function table(): Map<string, BankByCode> {
  if (byCode) return byCode;
  const require = createRequire(import.meta.url);
  const institutes = require('fints-institute-db') as Institute[];
  byCode = new Map();
  for (const i of institutes) {
    if (!/^\d{8}$/.test(i.blz) || !i.name || byCode.has(i.blz)) continue;
    byCode.set(i.blz, { bankName: i.name.trim(), bic: i.bic?.trim() || null });
  }
  return byCode;
}

/** Bank name and BIC for a German IBAN (electronic format, already valid); undefined for others or unknown codes. */
export function bankOfGermanIban(iban: string): BankByCode | undefined {
  if (!iban.startsWith('DE') || iban.length !== 22) return undefined;
  return table().get(iban.slice(4, 12));
}
