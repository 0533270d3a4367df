import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { AppError, refuse } from '../lib/errors';
import {
  HEADER_SCAN_LIMIT,
  MAX_CELLS,
  MAX_COLUMNS,
  MAX_IMPORT_ROWS,
  MAX_ROW_CHARS,
  MAX_SHARED_STRING_CHARS,
  MAX_SHARED_STRINGS,
  MAX_SMALL_PART_BYTES,
  pacer,
  READ_TEXT,
} from './read-limits';
import { inflateBudget, inflatePieces, inflateText, type TInflateBudget, type TZipEntry, zipEntries } from './zip-entries';

/**
 * An XLSX workbook read from memory, in bounded work: the zip's parts are found through its central
 * directory (so the sheet may come before the shared strings in the archive and nothing is spilled
 * to disk), each part is inflated a few KB at a time and parsed by a streaming XML parser, and every
 * cost is capped (inflated bytes, shared strings, cells, characters in a row). The chosen sheet's
 * rows come out one at a time, numbered by their `r` attribute as Excel shows them.
 */

export type TXlsxRow = { row: number; cells: string[] };
export type TXlsxLimits = {
  maxColumns?: number;
  maxRowChars?: number;
  maxCells?: number;
  maxSharedStrings?: number;
  maxSharedChars?: number;
  /** Data rows allowed (empty ones included); the rows above a header come on top. */
  maxRows?: number;
};

export type TWorkbook = {
  /** Sheet names, in the workbook's order. */
  sheets: string[];
  /** The rows of one sheet, by name. */
  rows: (sheet: string) => AsyncGenerator<TXlsxRow>;
};

const unreadable = () => refuse(READ_TEXT.unreadable);
/** `x:row` and `row` are the same element (some writers prefix SpreadsheetML's namespace). */
const local = (name: string) => name.slice(name.indexOf(':') + 1);
const attr = (tag: SaxesTagPlain, name: string) => {
  const value = tag.attributes[name];
  return typeof value === 'string' ? value : undefined;
};

/** Parses XML text (a small part) with `handlers`; a malformed part is an unreadable file. */
function parseSmall(text: string, onOpen: (tag: SaxesTagPlain, name: string) => void) {
  const parser = new SaxesParser();
  parser.on('opentag', (tag) => onOpen(tag, local(tag.name)));
  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable();
  }
}

/** A part's path from a relationship target: relative to the source part's folder, or absolute. */
function resolvePath(folder: string, target: string) {
  const parts = (target.startsWith('/') ? target.slice(1) : `${folder}${target}`).split('/');
  const out: string[] = [];
  for (const p of parts) {
    if (p === '..') out.pop();
    else if (p !== '.' && p !== '') out.push(p);
  }
  return out.join('/');
}

function relationships(text: string) {
  const byId = new Map<string, { type: string; target: string }>();
  parseSmall(text, (tag, name) => {
    if (name !== 'Relationship') return;
    const id = attr(tag, 'Id');
    const target = attr(tag, 'Target');
    if (id && target) byId.set(id, { type: attr(tag, 'Type') ?? '', target });
  });
  return byId;
}

/** Number formats Excel knows by id without writing them down: the ones that show dates or times. */
const BUILT_IN_DATES = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

/** A format code shows a date or time when it has y, m, d, h, s (outside quotes and [colour] brackets). */
export function isDateFormat(code: string) {
  return /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

/** Which cell styles (index into cellXfs) show dates. */
function dateStyles(text: string) {
  const formats = new Map<number, string>();
  const xfs: number[] = [];
  let inCellXfs = false;
  const parser = new SaxesParser();
  parser.on('opentag', (tag) => {
    const name = local(tag.name);
    if (name === 'numFmt') formats.set(Number(attr(tag, 'numFmtId')), attr(tag, 'formatCode') ?? '');
    else if (name === 'cellXfs') inCellXfs = true;
    else if (name === 'xf' && inCellXfs) xfs.push(Number(attr(tag, 'numFmtId') ?? 0));
  });
  parser.on('closetag', (tag) => {
    if (local(tag.name) === 'cellXfs') inCellXfs = false;
  });
  try {
    parser.write(text).close();
  } catch {
    throw unreadable();
  }
  const dates = new Set<number>();
  xfs.forEach((id, index) => {
    const code = formats.get(id);
    if (code !== undefined ? isDateFormat(code) : BUILT_IN_DATES.has(id)) dates.add(index);
  });
  return dates;
}

/** Inflated bytes parsed at a time before the rows found are handed out. */
const SLICE = 64 * 1024;
/** Bytes with no tag in them: the parser holds a text or an attribute whole, so a run is bounded. */
const MAX_RUN = 1024 * 1024;

/**
 * Feeds a part's inflated bytes to its parser a slice at a time. Handlers call `tag()` on every tag;
 * a stretch without one (a text or attribute of megabytes, which the parser would hold whole) is refused.
 */
class PartFeed {
  private run = 0;
  private readonly decoder = new TextDecoder('utf-8');
  constructor(private readonly parser: SaxesParser) {}
  tag() {
    this.run = 0;
  }
  *slices(bytes: Uint8Array) {
    for (let at = 0; at < bytes.length; at += SLICE) yield bytes.subarray(at, at + SLICE);
  }
  write(slice: Uint8Array) {
    this.run += slice.length;
    if (this.run > MAX_RUN) throw refuse(READ_TEXT.longText);
    this.parser.write(this.decoder.decode(slice, { stream: true }));
  }
  close() {
    this.parser.write(this.decoder.decode()).close();
  }
}

async function sharedStrings(zip: Buffer, entry: TZipEntry, budget: TInflateBudget, limits: Required<TXlsxLimits>) {
  const strings: string[] = [];
  let chars = 0;
  let current = '';
  let inSi = false;
  let inT = false;
  /** Phonetic hints (rPh) repeat the text in kana: not part of the cell. */
  let inPhonetic = false;
  const parser = new SaxesParser();
  const feed = new PartFeed(parser);
  parser.on('opentag', (tag) => {
    feed.tag();
    const name = local(tag.name);
    if (name === 'si') {
      inSi = true;
      current = '';
    } else if (name === 't' && inSi && !inPhonetic) inT = true;
    else if (name === 'rPh') inPhonetic = true;
  });
  parser.on('text', (text) => {
    if (!inT) return;
    chars += text.length;
    if (chars > limits.maxSharedChars) throw refuse(READ_TEXT.tooManyStrings);
    current += text;
  });
  parser.on('closetag', (tag) => {
    feed.tag();
    const name = local(tag.name);
    if (name === 't') inT = false;
    else if (name === 'rPh') inPhonetic = false;
    else if (name === 'si') {
      inSi = false;
      if (strings.length >= limits.maxSharedStrings) throw refuse(READ_TEXT.tooManyStrings);
      strings.push(current);
      current = '';
    }
  });
  const pace = pacer();
  try {
    for (const pieces of inflatePieces(zip, entry, budget)) {
      for (const p of pieces) {
        for (const slice of feed.slices(p)) {
          feed.write(slice);
          await pace(true);
        }
      }
    }
    feed.close();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable();
  }
  return strings;
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

/** Excel's serial day number (days since 1899-12-30, or since 1904-01-01 in a 1904 workbook) as a date. */
export function excelDate(serial: number, date1904 = false) {
  return new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));
}

/** 'AB12' → 28 (1-based column), or 0 when the reference has no letters. */
function columnOf(ref: string) {
  let col = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c >= 65 && c <= 90) col = col * 26 + (c - 64);
    else if (c >= 97 && c <= 122) col = col * 26 + (c - 96);
    else break;
    // Past Excel's last column (XFD): no need to read further letters to refuse it.
    if (col > 16_384) break;
  }
  return col;
}

type TCell = { col: number; type: string; style: number; value: string; hasValue: boolean };

function cellValue(cell: TCell, strings: readonly string[], dates: ReadonlySet<number>, date1904: boolean): string {
  const v = cell.value;
  switch (cell.type) {
    case 's':
      return strings[Number.parseInt(v, 10)] ?? '';
    case 'inlineStr':
    case 'str':
      return v;
    case 'b':
      return v.trim() === '' ? '' : Number.parseInt(v, 10) !== 0 ? 'TRUE' : 'FALSE';
    case 'e':
      return '';
    case 'd':
      return cellText(new Date(v.endsWith('Z') || /[+-]\d\d:\d\d$/.test(v) || !v.includes('T') ? v : `${v}Z`));
    default: {
      if (v.trim() === '') return '';
      const number = Number.parseFloat(v);
      return cellText(dates.has(cell.style) ? excelDate(number, date1904) : number);
    }
  }
}

/** Opens a workbook held in memory: its sheet names, and a reader for any sheet's rows. */
export function openWorkbook(zip: Buffer, limitsIn: TXlsxLimits = {}): TWorkbook {
  const limits: Required<TXlsxLimits> = {
    maxColumns: limitsIn.maxColumns ?? MAX_COLUMNS,
    maxRowChars: limitsIn.maxRowChars ?? MAX_ROW_CHARS,
    maxCells: limitsIn.maxCells ?? MAX_CELLS,
    maxSharedStrings: limitsIn.maxSharedStrings ?? MAX_SHARED_STRINGS,
    maxSharedChars: limitsIn.maxSharedChars ?? MAX_SHARED_STRING_CHARS,
    maxRows: limitsIn.maxRows ?? MAX_IMPORT_ROWS,
  };
  const entries = zipEntries(zip);
  const budget = inflateBudget();
  const small = (path: string) => {
    const entry = entries.get(path.toLowerCase());
    return entry ? inflateText(zip, entry, budget, MAX_SMALL_PART_BYTES) : undefined;
  };

  const rootRels = small('_rels/.rels');
  const officeDocument = rootRels ? [...relationships(rootRels).values()].find((r) => r.type.endsWith('/officeDocument')) : undefined;
  const workbookPath = officeDocument ? resolvePath('', officeDocument.target) : 'xl/workbook.xml';
  const workbookXml = small(workbookPath);
  if (workbookXml === undefined) throw unreadable();
  const folder = workbookPath.includes('/') ? workbookPath.slice(0, workbookPath.lastIndexOf('/') + 1) : '';
  const relsXml = small(`${folder}_rels/${workbookPath.slice(folder.length)}.rels`);
  const rels = relsXml ? relationships(relsXml) : new Map<string, { type: string; target: string }>();

  const sheets: { name: string; path: string }[] = [];
  let date1904 = false;
  parseSmall(workbookXml, (tag, name) => {
    if (name === 'workbookPr') date1904 = ['1', 'true'].includes(attr(tag, 'date1904') ?? '');
    if (name !== 'sheet') return;
    const sheetName = attr(tag, 'name') ?? '';
    const id = attr(tag, 'r:id') ?? Object.entries(tag.attributes).find(([k]) => k.endsWith(':id'))?.[1];
    const target = typeof id === 'string' ? rels.get(id)?.target : undefined;
    if (target) sheets.push({ name: sheetName, path: resolvePath(folder, target) });
  });
  if (sheets.length === 0) throw unreadable();

  const partOfType = (type: string, fallback: string) => {
    const rel = [...rels.values()].find((r) => r.type.endsWith(`/${type}`));
    return (rel ? resolvePath(folder, rel.target) : `${folder}${fallback}`).toLowerCase();
  };
  const stylesXml = small(partOfType('styles', 'styles.xml'));
  const dates = stylesXml ? dateStyles(stylesXml) : new Set<number>();
  const stringsEntry = entries.get(partOfType('sharedStrings', 'sharedStrings.xml'));

  return {
    sheets: sheets.map((s) => s.name),
    rows: (name) => {
      const sheet = sheets.find((s) => s.name === name);
      const entry = sheet ? entries.get(sheet.path.toLowerCase()) : undefined;
      if (!entry) throw unreadable();
      return sheetRows(zip, entry, stringsEntry, budget, dates, date1904, limits);
    },
  };
}

async function* sheetRows(
  zip: Buffer,
  entry: TZipEntry,
  stringsEntry: TZipEntry | undefined,
  budget: TInflateBudget,
  dates: ReadonlySet<number>,
  date1904: boolean,
  limits: Required<TXlsxLimits>,
): AsyncGenerator<TXlsxRow> {
  const strings = stringsEntry ? await sharedStrings(zip, stringsEntry, budget, limits) : [];
  const pace = pacer();
  const ready: TXlsxRow[] = [];
  let rowNumber = 0;
  let cells: string[] | null = null;
  let rowChars = 0;
  let lastCol = 0;
  let cellCount = 0;
  let rowCount = 0;
  let cell: TCell | null = null;
  /** Text is kept only inside a cell's <v>, or an inline string's <t> (not its phonetic hints). */
  let capture = false;
  let inInline = false;
  let inPhonetic = false;

  const parser = new SaxesParser();
  const feed = new PartFeed(parser);
  parser.on('opentag', (tag) => {
    feed.tag();
    switch (local(tag.name)) {
      case 'row': {
        const r = Number.parseInt(attr(tag, 'r') ?? '', 10);
        rowNumber = Number.isFinite(r) && r > rowNumber ? r : rowNumber + 1;
        cells = [];
        rowChars = 0;
        lastCol = 0;
        break;
      }
      case 'c': {
        if (!cells) return;
        // Empty cells count too: each one is parsing work.
        if (++cellCount > limits.maxCells) throw refuse(READ_TEXT.tooManyCells(limits.maxCells));
        const ref = attr(tag, 'r');
        const col = ref ? columnOf(ref) || lastCol + 1 : lastCol + 1;
        if (col > limits.maxColumns) throw refuse(READ_TEXT.tooManyColumns(rowNumber, limits.maxColumns));
        lastCol = col;
        cell = { col, type: attr(tag, 't') ?? 'n', style: Number.parseInt(attr(tag, 's') ?? '0', 10) || 0, value: '', hasValue: false };
        break;
      }
      case 'v':
        if (cell && cell.type !== 'inlineStr') {
          capture = true;
          cell.hasValue = true;
        }
        break;
      case 'is':
        if (cell) {
          inInline = true;
          cell.type = 'inlineStr';
          cell.hasValue = true;
        }
        break;
      case 'rPh':
        inPhonetic = true;
        break;
      case 't':
        if (inInline && !inPhonetic) capture = true;
        break;
    }
  });
  parser.on('text', (text) => {
    if (!capture || !cell) return;
    rowChars += text.length;
    if (rowChars > limits.maxRowChars) throw refuse(READ_TEXT.rowTooLong(rowNumber, limits.maxRowChars));
    cell.value += text;
  });
  parser.on('closetag', (tag) => {
    feed.tag();
    switch (local(tag.name)) {
      case 'v':
      case 't':
        capture = false;
        break;
      case 'rPh':
        inPhonetic = false;
        break;
      case 'is':
        inInline = false;
        break;
      case 'c':
        if (cell && cells && cell.hasValue) {
          const text = cellValue(cell, strings, dates, date1904);
          rowChars += cell.type === 's' ? text.length : 0;
          if (rowChars > limits.maxRowChars) throw refuse(READ_TEXT.rowTooLong(rowNumber, limits.maxRowChars));
          while (cells.length < cell.col - 1) cells.push('');
          cells[cell.col - 1] = text;
        }
        cell = null;
        break;
      case 'row':
        // The rows above the header are allowed on top of the limit, as openTable counts data rows only.
        if (++rowCount > limits.maxRows + HEADER_SCAN_LIMIT) throw new AppError('TOO_LARGE', `ERROR ${READ_TEXT.tooManyRows(limits.maxRows)}`);
        if (cells) ready.push({ row: rowNumber, cells });
        cells = null;
        break;
    }
  });

  try {
    for (const pieces of inflatePieces(zip, entry, budget)) {
      for (const p of pieces) {
        // A piece may inflate to megabytes: parse it in slices, handing out the rows of each.
        for (const slice of feed.slices(p)) {
          feed.write(slice);
          while (ready.length) {
            yield ready.shift() as TXlsxRow;
            await pace();
          }
          await pace(true);
        }
      }
    }
    feed.close();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable();
  }
  for (const r of ready) yield r;
}
