/** Invoices and order elements of a person, with GiroCode and PDF. */
export { invoicesRoutes } from './invoices.routes.ts';
export { effectiveStatus, invoicesService, type NewInvoice } from './invoices.service.ts';
