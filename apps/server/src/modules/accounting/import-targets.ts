import { IMPORT_PAGE, IMPORT_TEXT } from '@haulboard/contract';
import { invoiceLines } from '../../db/schema';
import type { TImportTarget } from '../imports';

/**
 * Accounting's import kinds. Their files are read on their own pages, not by the Import page's
 * pipeline: a loads sheet's loads are checked and edited on the Load Import page (its column mappings
 * are kept with the imports' presets), and a payment file is confirmed on the Invoice Import page for
 * its week (its import is in the history, and Undo there removes its invoice lines).
 */

const noError = (text: string) => text.replace(/^ERROR /, '');

export const LOADS_IMPORT: TImportTarget = { kind: 'loads', page: IMPORT_PAGE.loads, elsewhere: noError(IMPORT_TEXT.loadsOnLoadImport) };

export const INVOICE_IMPORT: TImportTarget = {
  kind: 'invoice',
  page: IMPORT_PAGE.invoice,
  table: invoiceLines,
  elsewhere: noError(IMPORT_TEXT.invoiceOnInvoiceImport),
};
