import { resourceKeys } from '../../../shared/api/query-keys.ts';
import type { InvoiceDirection } from '@vereinsheim/contracts/invoice';

/** The invoices list: all, or only incoming or outgoing ones. */
export type InvoiceFilter = InvoiceDirection | 'all';

/** Every query key of the invoices feature. */
export const invoiceKeys = {
  all: resourceKeys.invoices,
  list: (filter: InvoiceFilter, tenantIds?: string[]) =>
    [...invoiceKeys.all, 'list', filter, tenantIds ?? 'all'] as const,
  detail: (id: string) => [...invoiceKeys.all, 'detail', id] as const,
  orderElements: (tenantIds?: string[]) => [...invoiceKeys.all, 'orderelements', tenantIds ?? 'all'] as const,
};
