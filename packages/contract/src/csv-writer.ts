import { centsToText } from './money';

/**
 * The one CSV writer of server and web (issue "Files that cannot hurt"). One rule: a text cell
 * that starts with = + - @, a tab or a carriage return is shown as text by a leading apostrophe
 * (OWASP's CSV injection advice), unless it is a number the writer formatted itself: the caller
 * passes a number, `{ decimal }` or `{ cents }`, never a string that merely looks like one.
 * Fields are quoted per RFC 4180. The XLSX writer (apps/server/src/files) uses the same rule.
 */

/** A cell: text, a number, an exact decimal ('-12.50', '0.2850') or cents, or empty. */
export type TCsvCell = string | number | null | undefined | { decimal: string | null } | { cents: number | null };

const DANGEROUS_START = /^[=+\-@\t\r]/;
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/** Text a spreadsheet could run as a formula, with the leading apostrophe that keeps it text. */
export const neutraliseText = (text: string) => (DANGEROUS_START.test(text) ? `'${text}` : text);

/** Whether a written cell would start like a formula (the tests' check of every export). */
export const startsLikeFormula = (text: string) => DANGEROUS_START.test(text);

/** A number cell as written: a finite number, or a plain decimal; null when the cell is text. */
export function numberCellText(cell: TCsvCell): string | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (cell === null || typeof cell !== 'object') return null;
  if ('cents' in cell) return cell.cents === null || !Number.isFinite(cell.cents) ? '' : centsToText(cell.cents);
  if (cell.decimal === null) return '';
  // A decimal that is not plain digits is not a number the writer formats: it is written as text.
  return PLAIN_DECIMAL.test(cell.decimal) ? cell.decimal : null;
}

/** A cell's value as the file shows it: a number as written, text neutralised. */
export function cellText(cell: TCsvCell): string {
  if (cell === null || cell === undefined) return '';
  const number = numberCellText(cell);
  if (number !== null) return number;
  return neutraliseText(typeof cell === 'string' ? cell : String((cell as { decimal: string }).decimal));
}

/** RFC 4180: a field with a quote, comma, CR or LF is quoted, its quotes doubled. */
const quoted = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** One CSV field. */
export const csvField = (cell: TCsvCell) => quoted(cellText(cell));

/** The file: CRLF line ends (RFC 4180), one after the last line; `bom` lets Excel read UTF-8. */
export function csvText(rows: readonly (readonly TCsvCell[])[], { bom = false }: { bom?: boolean } = {}): string {
  const body = rows.map((row) => row.map(csvField).join(',')).join('\r\n');
  return `${bom ? '\uFEFF' : ''}${body}\r\n`;
}
