import type { Readable } from 'node:stream';
import iconv from 'iconv-lite';
import { AppError, refuse } from '../lib/errors';
import { csvRowsOf } from './csv-rows';
import { HEADER_SCAN_LIMIT, HEADER_SCAN_ROWS, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, READ_TEXT } from './read-limits';
import { openWorkbook } from './xlsx-rows';

export { HEADER_SCAN_ROWS, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, READ_TEXT } from './read-limits';
export { cellText } from './xlsx-rows';

/**
 * Reading an uploaded file as rows of text, streaming: CSV (comma, semicolon or tab; UTF-8 with or
 * without BOM, UTF-16 with BOM, else Windows-1252) or XLSX (the first sheet, or a named one). Rows
 * come out one at a time with the row number a person sees in a spreadsheet, so a 250,000-row file
 * never sits in memory. `openTable` finds the header row among the first rows (metadata rows above
 * it are skipped) by matching each row against the known layouts' headers.
 *
 * No file can stall the server: the work is bounded per byte and capped (`read-limits.ts`: rows,
 * blank ones included, characters per row, columns, what a workbook inflates to, shared strings,
 * cells), the readers give the event loop a turn every few milliseconds, and nothing is written to
 * disk (`csv-rows.ts`, `xlsx-rows.ts` over `zip-entries.ts`).
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
  return { format: 'csv', encoding, delimiter, rows: bounded(csvRows(all(), encoding, delimiter), options.maxRows ?? MAX_IMPORT_ROWS) };
}

const tooManyRows = (maxRows: number) => new AppError('TOO_LARGE', `ERROR ${READ_TEXT.tooManyRows(maxRows)}`);

/** Every row counts, blank ones too: a file of a header and millions of empty lines is refused early. */
async function* bounded(rows: AsyncGenerator<TRawRow>, maxRows: number): AsyncGenerator<TRawRow> {
  let count = 0;
  for await (const r of rows) {
    // The rows above a header come on top of the limit (openTable counts the rows after the header).
    if (++count > maxRows + HEADER_SCAN_LIMIT) throw tooManyRows(maxRows);
    yield r;
  }
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
  try {
    yield* csvRowsOf(decode(source, encoding), delimiter);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse(`${READ_TEXT.unreadable} (${(error as Error).message})`);
  }
}

const sameName = (a: string, b: string) => normaliseHeader(a) === normaliseHeader(b);

async function readXlsx(source: AsyncIterable<Buffer>, options: TReadOptions): Promise<TRawRows> {
  // The upload is bounded and in memory already: the zip is read from its directory, not as a stream.
  const parts: Buffer[] = [];
  for await (const chunk of source) parts.push(chunk);
  const workbook = (() => {
    try {
      return openWorkbook(Buffer.concat(parts), { maxRows: options.maxRows });
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw refuse(READ_TEXT.unreadable);
    }
  })();
  const names = workbook.sheets;
  let wanted = names[0];
  if (options.sheet) {
    const named = names.find((n) => sameName(n, options.sheet as string));
    if (!named) throw refuse(READ_TEXT.noSheet(options.sheet, names));
    wanted = named;
  } else {
    const preferred = names.find((n) => options.preferSheets?.some((p) => sameName(n, p)));
    if (preferred) wanted = preferred;
  }
  return { format: 'xlsx', sheet: wanted, rows: workbook.rows(wanted) };
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

/**
 * Opens a file, finds its header row and streams the data rows after it. Blank rows are skipped, but
 * count toward the row limit like every other row after the header.
 */
export async function openTable<C extends THeaderCandidate>(file: TFileInput, candidates: readonly C[], options: TReadOptions = {}): Promise<TTable<C>> {
  const preferSheets = [...(options.preferSheets ?? []), ...candidates.flatMap((c) => (c.sheet ? [c.sheet] : []))];
  const maxRows = options.maxRows ?? MAX_IMPORT_ROWS;
  const raw = await readRawRows(file, { ...options, preferSheets });
  /** Rows read so far, blank ones included, and how many of them came before the data rows. */
  let read = 0;
  let lead = Number.POSITIVE_INFINITY;
  const next = async () => {
    const r = await raw.rows.next();
    if (r.done) return null;
    if (++read - lead > maxRows) throw tooManyRows(maxRows);
    return { ...r.value, read };
  };
  const top: (TRawRow & { read: number })[] = [];
  // The header is among the first non-blank rows; blank lines in between cannot stretch the search.
  while (top.length < HEADER_SCAN_ROWS && read < HEADER_SCAN_LIMIT) {
    const r = await next();
    if (!r) break;
    if (!isBlank(r.cells)) top.push(r);
  }
  if (top.length === 0) {
    await raw.rows.return(undefined);
    throw refuse(READ_TEXT.empty);
  }
  const found = findHeader(top, candidates);
  if (!found) {
    await raw.rows.return(undefined);
    throw refuse(READ_TEXT.noHeader);
  }
  const header = top[found.index];
  lead = header.read;
  const plain = ({ row, cells }: TRawRow): TRawRow => ({ row, cells });
  const buffered = top.slice(found.index + 1).map(plain);
  while (buffered.length < 5) {
    const r = await next();
    if (!r) break;
    if (!isBlank(r.cells)) buffered.push(plain(r));
  }
  async function* rows(): AsyncGenerator<TRawRow> {
    try {
      // The header search may have read past the limit already (a tiny limit): refused when the rows are read.
      if (read - lead > maxRows) throw tooManyRows(maxRows);
      yield* buffered;
      for (let r = await next(); r; r = await next()) if (!isBlank(r.cells)) yield plain(r);
    } finally {
      await raw.rows.return(undefined);
    }
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
