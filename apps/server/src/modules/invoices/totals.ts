export interface LineInput {
  quantity: number;
  unitPriceCents: number;
  /** Basis points: 1900 = 19 %. */
  vatRateBp: number;
}

export interface LineTotals {
  netCents: number;
  vatCents: number;
  grossCents: number;
}

export interface InvoiceTotals extends LineTotals {
  lines: LineTotals[];
  /** Per VAT rate, ascending: the tax is computed on each rate's net sum (as German invoices show it). */
  groups: { vatRateBp: number; netCents: number; vatCents: number }[];
}

/** Commercial rounding (half away from zero) of cents. */
function roundCents(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

function vatOf(netCents: number, vatRateBp: number): number {
  return roundCents((netCents * vatRateBp) / 10_000);
}

/** Net, VAT and gross of an invoice from its lines (unit prices are net), in integer cents. */
export function computeInvoiceTotals(lines: LineInput[]): InvoiceTotals {
  const lineTotals = lines.map((line) => {
    const netCents = line.quantity * line.unitPriceCents;
    const vatCents = vatOf(netCents, line.vatRateBp);
    return { netCents, vatCents, grossCents: netCents + vatCents };
  });
  const byRate = new Map<number, number>();
  lines.forEach((line, i) => {
    byRate.set(line.vatRateBp, (byRate.get(line.vatRateBp) ?? 0) + lineTotals[i]!.netCents);
  });
  const groups = [...byRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([vatRateBp, netCents]) => ({ vatRateBp, netCents, vatCents: vatOf(netCents, vatRateBp) }));
  const netCents = groups.reduce((sum, g) => sum + g.netCents, 0);
  const vatCents = groups.reduce((sum, g) => sum + g.vatCents, 0);
  return { lines: lineTotals, groups, netCents, vatCents, grossCents: netCents + vatCents };
}
