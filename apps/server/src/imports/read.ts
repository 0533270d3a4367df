import { Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { AppError, refuse } from '../lib/errors';

/**
 * Reading an uploaded file as rows of text, streaming: CSV (comma, semicolon or tab; UTF-8 with or
 * without BOM, UTF-16 with BOM, else Windows-1252) or XLSX (the first sheet, or a named one). Rows
 * come out one at a time with the row number a person sees in a spreadsheet, so a 250,000-row file
 * never sits in memory. `openTable` finds the header row among the first rows (metadata rows above
 * it are skipped) by matching each row against the known layouts' headers.
 */

export type TFileInput = {
  fileName: string;
  data: Buffer | Uint8Array | Readable | AsyncIterable<Uint8Array>;
};

/** One row of the file: its 1-based row number (as a spreadsheet shows it) and its cells as text. */
export type TRawRow = { row: number; cells: string[] };

export type TFileFormat = 'csv' | 'xlsx';

export type TReadOptions = {
  /** An XLSX sheet to read by name; otherwise a candidate's preferred sheet, else the first one. */
  sheet?: string;
  /** Sheet names to prefer when present (a layout's own sheet, such as Pilot's "All Transactions"). */
  preferSheets?: readonly string[];
  maxBytes?: number;
  maxRows?: number;
};

export const MAX_IMPORT_BYTES = 25 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 250_000;
/** How many rows from the top may hold the header (report titles and account lines come first). */
export const HEADER_SCAN_ROWS = 30;

export const READ_TEXT = {
  empty: 'The file is empty',
  notTable: 'This file is not a CSV or XLSX file. Export the report as CSV or Excel (.xlsx) and upload that.',
  oldExcel: 'This is an old Excel (.xls) file. Open it in Excel and save it as .xlsx or CSV, then upload that.',
  tooLarge: (mb: number) => `The file is larger than ${mb} MB. Split it into smaller files.`,
  tooManyRows: (rows: number) => `The file has more than ${rows.toLocaleString('en-US')} rows. Split it into smaller files.`,
  noSheet: (name: string, names: string[]) => `The workbook has no sheet named "${name}" (it has ${names.map((n) => `"${n}"`).join(', ')})`,
  noHeader: `No header row was found in the first ${HEADER_SCAN_ROWS} rows`,
  unreadable: 'The file could not be read. Check that it is a CSV or XLSX file that opens in a spreadsheet.',
} as const;

/**
 * A header as the layouts compare it: accents, case, punctuation and repeated whitespace removed and
 * camelCase split ('State/ Prov' → 'state prov', 'Stop 2  Actual Arrival' → 'stop 2 actual arrival',
 * 'taxPaidLiters' → 'tax paid liters', "Driver's Name" → 'drivers name', 'Card #' → 'card').
 */
export function normaliseHeader(text: string | null | undefined): string {
  return (text ?? '')
    .replace(/^\uFEFF/, '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/['\u2019]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

// ---------------------------------------------------------------------------------------------
// Bytes

/** Bytes at a time handed to the parsers: a file in memory is sliced, so parsing keeps pace with the reader. */
const CHUNK_BYTES = 64 * 1024;

async function* chunksOf(data: TFileInput['data']): AsyncGenerator<Buffer> {
  if (data instanceof Uint8Array) {
    // One chunk of the whole file would be parsed at once, every row of it held at the same time.
    const whole = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    for (let at = 0; at < whole.length; at += CHUNK_BYTES) yield whole.subarray(at, at + CHUNK_BYTES);
    return;
  }
  for await (const chunk of data as AsyncIterable<Uint8Array | string>) {
    yield typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  }
}

/** The first `size` bytes, and every byte again from the start, counted against the size limit. */
async function peek(data: TFileInput['data'], size: number, maxBytes: number) {
  const source = chunksOf(data);
  const head: Buffer[] = [];
  let headLength = 0;
  let done = false;
  while (headLength < size) {
    const next = await source.next();
    if (next.done) {
      done = true;
      break;
    }
    head.push(next.value);
    headLength += next.value.length;
  }
  async function* all(): AsyncGenerator<Buffer> {
    let total = 0;
    const count = (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) throw new AppError('TOO_LARGE', `ERROR ${READ_TEXT.tooLarge(Math.round(maxBytes / 1024 / 1024))}`);
      return chunk;
    };
    for (const chunk of head) yield count(chunk);
    if (done) return;
    for await (const chunk of source) yield count(chunk);
  }
  return { head: Buffer.concat(head), all };
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

export type TEncoding = 'utf8' | 'utf16le' | 'utf16be' | 'windows1252';

/** UTF-8 when the text decodes as UTF-8 (a BOM says so too), UTF-16 with its BOM, else Windows-1252. */
export function detectEncoding(head: Buffer): TEncoding {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf16be';
  // A multi-byte character may be cut at the end of the sample: drop an incomplete tail before checking.
  let end = head.length;
  for (let back = 1; back <= 3 && end - back >= 0; back++) {
    const b = head[end - back];
    if ((b & 0xc0) === 0x80) continue;
    if ((b & 0xc0) === 0xc0) {
      const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
      if (back < need) end -= back;
    }
    break;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, end));
    return 'utf8';
  } catch {
    return 'windows1252';
  }
}

/** The delimiter that splits the sample's lines into the most columns, most consistently. */
export function detectDelimiter(sample: string): ',' | ';' | '\t' {
  const lines = sample
    .split(/\r\n|\n|\r/)
    .slice(0, HEADER_SCAN_ROWS + 20)
    .map((line) => line.replace(/"[^"]*"/g, '""'));
  let best: { delimiter: ',' | ';' | '\t'; score: number } = { delimiter: ',', score: 0 };
  for (const delimiter of [',', ';', '\t'] as const) {
    const counts = new Map<number, number>();
    for (const line of lines) {
      const n = line.split(delimiter).length - 1;
      if (n > 0) counts.set(n, (counts.get(n) ?? 0) + 1);
    }
    let score = 0;
    for (const [columns, lineCount] of counts) score = Math.max(score, columns * lineCount);
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}

// ---------------------------------------------------------------------------------------------
// Rows

export type TRawRows = {
  format: TFileFormat;
  encoding?: TEncoding;
  delimiter?: string;
  sheet?: string;
  rows: AsyncGenerator<TRawRow>;
};

/** Opens a file and streams its rows of text (every row, from the first). */
export async function readRawRows(file: TFileInput, options: TReadOptions = {}): Promise<TRawRows> {
  const maxBytes = options.maxBytes ?? MAX_IMPORT_BYTES;
  const { head, all } = await peek(file.data, 64 * 1024, maxBytes);
  if (head.length === 0 || /^\s*$/.test(head.toString('latin1'))) throw refuse(READ_TEXT.empty);
  if (head.subarray(0, 4).equals(OLE)) throw refuse(READ_TEXT.oldExcel);
  if (head.subarray(0, 4).equals(ZIP)) return readXlsx(all(), options);
  if (/\.(xlsx|xlsm|xls|pdf|zip)$/i.test(file.fileName)) throw refuse(READ_TEXT.notTable);
  const encoding = detectEncoding(head);
  if (encoding === 'utf8' || encoding === 'windows1252') {
    // Text files have no NUL bytes; images, PDFs and archives do.
    if (head.includes(0)) throw refuse(READ_TEXT.notTable);
  }
  const delimiter = detectDelimiter(iconv.decode(head, encoding));
  return { format: 'csv', encoding, delimiter, rows: csvRows(all(), encoding, delimiter) };
}

async function* decode(source: AsyncIterable<Buffer>, encoding: TEncoding): AsyncGenerator<string> {
  const decoder = iconv.getDecoder(encoding, { stripBOM: true });
  for await (const chunk of source) {
    const text = decoder.write(chunk);
    if (text) yield text;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

async function* csvRows(source: AsyncIterable<Buffer>, encoding: TEncoding, delimiter: string): AsyncGenerator<TRawRow> {
  const parser = parseCsv({ delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: false });
  const input = Readable.from(decode(source, encoding));
  input.on('error', (error) => parser.destroy(error));
  input.pipe(parser);
  let row = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      row++;
      yield { row, cells: record };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse(`${READ_TEXT.unreadable} (${(error as Error).message})`);
  } finally {
    input.destroy();
    parser.destroy();
  }
}

type TWorksheetReader = AsyncIterable<ExcelJS.Row> & { name: string };
type TWorkbookReader = AsyncIterable<TWorksheetReader> & { model?: { sheets?: { name: string }[] } };

const sameName = (a: string, b: string) => normaliseHeader(a) === normaliseHeader(b);

async function readXlsx(source: AsyncIterable<Buffer>, options: TReadOptions): Promise<TRawRows> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(source), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  }) as unknown as TWorkbookReader;
  const sheets = reader[Symbol.asyncIterator]();
  let first: IteratorResult<TWorksheetReader>;
  try {
    first = await sheets.next();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse(READ_TEXT.unreadable);
  }
  if (first.done) throw refuse(READ_TEXT.empty);
  // workbook.xml comes before the sheets in the archive, so every sheet's name is known by now.
  const names = reader.model?.sheets?.map((s) => s.name) ?? [first.value.name];
  let wanted = names[0] ?? first.value.name;
  if (options.sheet) {
    const named = names.find((n) => sameName(n, options.sheet as string));
    if (!named) throw refuse(READ_TEXT.noSheet(options.sheet, names));
    wanted = named;
  } else {
    const preferred = names.find((n) => options.preferSheets?.some((p) => sameName(n, p)));
    if (preferred) wanted = preferred;
  }
  let sheet: TWorksheetReader | undefined = first.value;
  while (sheet && sheet.name !== wanted) {
    const next = await sheets.next();
    sheet = next.done ? undefined : next.value;
  }
  if (!sheet) throw refuse(READ_TEXT.noSheet(wanted, names));
  return { format: 'xlsx', sheet: sheet.name, rows: xlsxRows(sheet) };
}

async function* xlsxRows(sheet: TWorksheetReader): AsyncGenerator<TRawRow> {
  try {
    for await (const row of sheet) {
      const values = row.values as unknown[];
      const cells: string[] = [];
      for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
      yield { row: row.number, cells };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse(READ_TEXT.unreadable);
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell as text: numbers as written, dates (date-formatted cells) as ISO text, formulas as their result. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    // Serial fractions become milliseconds a hair off the minute (06:41:59.999): round to the second.
    const rounded = Math.round(value.getTime() / 1000) * 1000;
    if (rounded !== value.getTime()) return cellText(new Date(rounded));
    const date = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    const seconds = value.getUTCHours() * 3600 + value.getUTCMinutes() * 60 + value.getUTCSeconds();
    // A time-only cell is a date on 1899-12-30 (Excel's day zero).
    if (value.getUTCFullYear() < 1900) return `${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`;
    return seconds === 0 ? date : `${date}T${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`;
  }
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: unknown };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return cellText(v.result);
    if ('text' in v) return cellText(v.text);
    return '';
  }
  return String(value);
}

// ---------------------------------------------------------------------------------------------
// The header row

/** What the header search needs from a layout: its id, the normalised headers it requires, its sheet. */
export type THeaderCandidate = { id: string; required: readonly string[]; sheet?: string };

export type TTable<C extends THeaderCandidate = THeaderCandidate> = {
  format: TFileFormat;
  encoding?: TEncoding;
  delimiter?: string;
  sheet?: string;
  /** The header row's number, its cells as written and as normalised. */
  headerRow: number;
  headers: string[];
  keys: string[];
  /** The layout whose headers the header row carries, or null (unknown layout: offer a mapping). */
  match: C | null;
  /** Up to five data rows after the header, for the mapping step's examples. */
  sample: TRawRow[];
  /** Every data row after the header (the sample rows included), streaming. */
  rows: AsyncGenerator<TRawRow>;
};

const isBlank = (cells: readonly string[]) => cells.every((c) => c.trim() === '');
const looksLikeValue = (text: string) => /^[\s$()+\-.,:/\d%]+$/.test(text);

/**
 * The header among the first rows: the row carrying every required header of the most specific
 * candidate (most required headers), earliest first. Without a match, the first row that looks like
 * a header (several distinct non-numeric cells, about as wide as the widest row), or null.
 */
export function findHeader<C extends THeaderCandidate>(rows: readonly TRawRow[], candidates: readonly C[]) {
  let best: { index: number; match: C; score: number } | null = null;
  rows.forEach((r, index) => {
    const keys = new Set(r.cells.map(normaliseHeader));
    for (const c of candidates) {
      if (c.required.length === 0 || !c.required.every((h) => keys.has(h))) continue;
      if (!best || c.required.length > best.score) best = { index, match: c, score: c.required.length };
    }
  });
  if (best) return best as { index: number; match: C | null };
  const widths = rows.map((r) => r.cells.filter((c) => c.trim() !== '').length);
  const widest = Math.max(0, ...widths);
  for (let index = 0; index < rows.length; index++) {
    const filled = rows[index].cells.map((c) => c.trim()).filter(Boolean);
    if (filled.length < 2 || filled.length < widest * 0.6) continue;
    if (filled.some(looksLikeValue)) continue;
    if (new Set(filled.map(normaliseHeader)).size !== filled.length) continue;
    return { index, match: null as C | null };
  }
  return null;
}

/** Opens a file, finds its header row and streams the data rows after it. Blank rows are skipped. */
export async function openTable<C extends THeaderCandidate>(file: TFileInput, candidates: readonly C[], options: TReadOptions = {}): Promise<TTable<C>> {
  const preferSheets = [...(options.preferSheets ?? []), ...candidates.flatMap((c) => (c.sheet ? [c.sheet] : []))];
  const raw = await readRawRows(file, { ...options, preferSheets });
  const top: TRawRow[] = [];
  while (top.length < HEADER_SCAN_ROWS) {
    const next = await raw.rows.next();
    if (next.done) break;
    if (!isBlank(next.value.cells)) top.push(next.value);
  }
  if (top.length === 0) throw refuse(READ_TEXT.empty);
  const found = findHeader(top, candidates);
  if (!found) {
    await raw.rows.return(undefined);
    throw refuse(READ_TEXT.noHeader);
  }
  const header = top[found.index];
  const buffered = top.slice(found.index + 1);
  while (buffered.length < 5) {
    const next = await raw.rows.next();
    if (next.done) break;
    if (!isBlank(next.value.cells)) buffered.push(next.value);
  }
  const maxRows = options.maxRows ?? MAX_IMPORT_ROWS;
  async function* rows(): AsyncGenerator<TRawRow> {
    let count = 0;
    const counted = (r: TRawRow) => {
      if (++count > maxRows) throw new AppError('TOO_LARGE', `ERROR ${READ_TEXT.tooManyRows(maxRows)}`);
      return r;
    };
    for (const r of buffered) yield counted(r);
    for await (const r of raw.rows) if (!isBlank(r.cells)) yield counted(r);
  }
  return {
    format: raw.format,
    encoding: raw.encoding,
    delimiter: raw.delimiter,
    sheet: raw.sheet,
    headerRow: header.row,
    headers: header.cells.map((c) => c.trim()),
    keys: header.cells.map(normaliseHeader),
    match: found.match,
    sample: buffered.slice(0, 5),
    rows: rows(),
  };
}
