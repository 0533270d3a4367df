/** Accounting against the external board: the invoice check (and the load import). */

export { compareInvoice, compareInvoiceLines, pacificDateOf, payWeekOf } from './invoices';
export { boardBroker } from './load-import';
export { accountingModule } from './routes';
