import { refuse } from '../lib/errors';
import { MAX_COLUMNS, MAX_ROW_CHARS, pacer, READ_TEXT } from './read-limits';

/**
 * A streaming RFC 4180 reader, bounded per character: every character is looked at once, a row may
 * hold at most `maxRowChars` characters and `maxColumns` cells, and the event loop gets a turn every
 * few milliseconds. CR, LF and CRLF each end a row outside quotes, line by line (a file whose header
 * ends in CRLF and whose rows end in LF is read row by row). Quoted cells may hold the delimiter,
 * line breaks and doubled quotes; a quote inside an unquoted cell, or text after a closing quote, is
 * kept as written, as a spreadsheet does. Rows are numbered as a spreadsheet shows them, blank
 * lines included.
 */

export type TCsvRow = { row: number; cells: string[] };

export type TCsvLimits = { maxRowChars?: number; maxColumns?: number };

const QUOTE = 34;
const CR = 13;
const LF = 10;

export async function* csvRowsOf(source: AsyncIterable<string>, delimiter: string, limits: TCsvLimits = {}): AsyncGenerator<TCsvRow> {
  const maxRowChars = limits.maxRowChars ?? MAX_ROW_CHARS;
  const maxColumns = limits.maxColumns ?? MAX_COLUMNS;
  const delim = delimiter.charCodeAt(0);
  const pace = pacer();

  let row = 1;
  let cells: string[] = [];
  /** The current cell's text from earlier chunks. */
  let field = '';
  let fieldStart = true;
  let inQuotes = false;
  /** Characters of the current row in earlier chunks. */
  let rowChars = 0;
  /** A CR or a quote at a chunk's end waits for the next character to tell what it means. */
  let carry = '';
  let sawAny = false;

  const tooLong = () => refuse(READ_TEXT.rowTooLong(row, maxRowChars));
  const endCell = (text: string) => {
    if (cells.length >= maxColumns) throw refuse(READ_TEXT.tooManyColumns(row, maxColumns));
    cells.push(text);
  };

  const chunks = source[Symbol.asyncIterator]();
  for (;;) {
    const next = await chunks.next();
    const last = next.done === true;
    const text = carry + (last ? '' : next.value);
    carry = '';
    if (text.length > 0) sawAny = true;
    let n = text.length;
    let i = 0;
    /** Where the current cell's unread text starts, and where the current row started, in this chunk. */
    let start = 0;
    let rowStart = 0;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (inQuotes) {
        if (c !== QUOTE) {
          i++;
          continue;
        }
        if (i + 1 === n && !last) {
          // A doubled quote or a closing one: the next chunk tells.
          carry = text.slice(i);
          n = i;
          break;
        }
        if (i + 1 < n && text.charCodeAt(i + 1) === QUOTE) {
          // A doubled quote is one quote in the cell.
          field += text.slice(start, i + 1);
          i += 2;
          start = i;
          continue;
        }
        field += text.slice(start, i);
        inQuotes = false;
        i++;
        start = i;
        continue;
      }
      if (c === delim) {
        endCell(field + text.slice(start, i));
        field = '';
        fieldStart = true;
        i++;
        start = i;
        continue;
      }
      if (c === CR && i + 1 === n && !last) {
        // CR alone or CRLF: the next chunk tells.
        carry = '\r';
        n = i;
        break;
      }
      if (c === CR || c === LF) {
        if (rowChars + (i - rowStart) > maxRowChars) throw tooLong();
        endCell(field + text.slice(start, i));
        const done: TCsvRow = { row, cells };
        cells = [];
        field = '';
        fieldStart = true;
        rowChars = 0;
        row++;
        i += c === CR && i + 1 < n && text.charCodeAt(i + 1) === LF ? 2 : 1;
        start = i;
        rowStart = i;
        yield done;
        await pace();
        continue;
      }
      if (c === QUOTE && fieldStart) {
        inQuotes = true;
        fieldStart = false;
        i++;
        start = i;
        continue;
      }
      fieldStart = false;
      i++;
    }
    // The rest of the chunk belongs to the current cell and row.
    field += text.slice(start, n);
    rowChars += n - rowStart;
    if (rowChars > maxRowChars) throw tooLong();
    if (last) break;
    await pace(true);
  }
  if (inQuotes) throw refuse(READ_TEXT.unclosedQuote(row));
  // A last row without a line break at its end.
  if (sawAny && (cells.length > 0 || field.length > 0 || !fieldStart)) {
    endCell(field);
    yield { row, cells };
  }
}
