/**
 * What a file may cost the server to read, and the words for a file past it. Every bound is on work
 * done (characters, cells, inflated bytes), never on what the file's own headers claim.
 */

export const MAX_IMPORT_BYTES = 25 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 250_000;
/** How many rows from the top may hold the header (report titles and account lines come first). */
export const HEADER_SCAN_ROWS = 30;
/** Rows read (blank ones included) while looking for the header: blank lines cannot stretch the search. */
export const HEADER_SCAN_LIMIT = 1000;
/** Characters in one row: a real export's row is a few hundred; a line of megabytes is not a table. */
export const MAX_ROW_CHARS = 64 * 1024;
export const MAX_COLUMNS = 1000;
/** An XLSX file is a zip: what its parts may inflate to, together and each. */
export const MAX_INFLATED_BYTES = 200 * 1024 * 1024;
export const MAX_ENTRY_BYTES = 100 * 1024 * 1024;
/** Parts other than the sheet and the shared strings (workbook, relations, styles) are small. */
export const MAX_SMALL_PART_BYTES = 8 * 1024 * 1024;
/** Distinct texts of a workbook: 250,000 rows with four columns of their own text. */
export const MAX_SHARED_STRINGS = 1_000_000;
/** A thousand cells of Excel's longest text (32,767 characters). */
export const MAX_SHARED_STRING_CHARS = 32_767_000;
/** Cells with a value in the chosen sheet (250,000 rows of 40 columns). */
export const MAX_CELLS = 10_000_000;

const kb = (chars: number) => `${Math.round(chars / 1024)} KB`;
const count = (n: number) => n.toLocaleString('en-US');

export const READ_TEXT = {
  empty: 'The file is empty',
  notTable: 'This file is not a CSV or XLSX file. Export the report as CSV or Excel (.xlsx) and upload that.',
  oldExcel: 'This is an old Excel (.xls) file. Open it in Excel and save it as .xlsx or CSV, then upload that.',
  tooLarge: (mb: number) => `The file is larger than ${mb} MB. Split it into smaller files.`,
  tooManyRows: (rows: number) => `The file has more than ${count(rows)} rows. Split it into smaller files.`,
  noSheet: (name: string, names: string[]) => `The workbook has no sheet named "${name}" (it has ${names.map((n) => `"${n}"`).join(', ')})`,
  noHeader: `No header row was found in the first ${HEADER_SCAN_ROWS} rows`,
  unreadable: 'The file could not be read. Check that it is a CSV or XLSX file that opens in a spreadsheet.',
  rowTooLong: (row: number, chars = MAX_ROW_CHARS) =>
    `Row ${row} is longer than ${kb(chars)}, which no spreadsheet export has. Check that the file opens as a table and export it again.`,
  tooManyColumns: (row: number, columns = MAX_COLUMNS) => `Row ${row} has more than ${count(columns)} columns. Check that the file opens as a table and export it again.`,
  unclosedQuote: (row: number) => `Row ${row} opens a quote (") that is never closed. Check the file and export it again.`,
  tooMuchInside: (mb: number) => `The workbook unpacks to more than ${mb} MB. Split it into smaller files or save the sheet as CSV.`,
  tooManyStrings: 'The workbook holds more text than an import can read. Split it into smaller files or save the sheet as CSV.',
  longText: 'The workbook holds a text longer than any spreadsheet cell. Save the sheet as CSV and upload that.',
  tooManyCells: (cells: number) => `The sheet has more than ${count(cells)} filled cells. Split it into smaller files.`,
} as const;

/** Time the reader may hold the event loop before it lets other requests run. */
const SLICE_MS = 20;

/**
 * Lets other requests (the health check, other people's pages) run while a file is read: call
 * `pace()` often, it gives the event loop a turn once a time slice is spent.
 */
export function pacer() {
  let since = performance.now();
  let calls = 0;
  return async function pace(now = false) {
    // Reading the clock on every row costs more than the row: look every 64 calls, or when told.
    if (!now && ++calls % 64 !== 0) return;
    if (performance.now() - since < SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}
