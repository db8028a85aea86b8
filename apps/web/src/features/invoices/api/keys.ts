import { resourceKeys } from '../../../shared/api/query-keys.ts';
import type { InvoiceDirection } from '@vereinsheim/contracts/invoice';

/** The invoices list: all, or only incoming or outgoing ones. */
export type InvoiceFilter = InvoiceDirection | 'all';

/** Every query key of the invoices feature. */
export const invoiceKeys = {
  all: resourceKeys.invoices,
  list: (filter: InvoiceFilter) => [...invoiceKeys.all, 'list', filter] as const,
  detail: (id: string) => [...invoiceKeys.all, 'detail', id] as const,
  orderElements: () => [...invoiceKeys.all, 'orderelements'] as const,
};
