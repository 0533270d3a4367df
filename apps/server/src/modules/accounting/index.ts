/** Accounting against the external board: the invoice check (and the load import). */

import { registerImportTarget } from '../imports';
import { INVOICE_IMPORT, LOADS_IMPORT } from './import-targets';

export { compareInvoice, compareInvoiceLines, pacificDateOf, payWeekOf } from './invoices';
export { boardBroker } from './load-import';
export { accountingModule } from './routes';

registerImportTarget(LOADS_IMPORT);
registerImportTarget(INVOICE_IMPORT);
