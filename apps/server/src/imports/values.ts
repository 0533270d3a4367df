import { centsToText, findUsState, MAX_MONEY_CENTS, toCents } from '@haulboard/contract';

/**
 * Cell values as vendors write them, read into the product's shapes: dates as 'YYYY-MM-DD', times as
 * 'HH:MM:SS', money as two-place decimal text (money.ts), quantities as exact decimal text with a fixed
 * number of places. Every reader answers null for a value it cannot read; the caller turns that into
 * a refusal naming the row and the value. No binary floats touch an amount or a quantity.
 */

// ---------------------------------------------------------------------------------------------
// Dates and times

export type TDateTime = { date: string; time: string | null; offset: string | null };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function isCalendarDate(y: number, m: number, d: number) {
  if (y < 1900 || y > 2200 || m < 1 || m > 12 || d < 1) return false;
  const days = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return d <= days[m - 1];
}

const ymd = (y: number, m: number, d: number) => (isCalendarDate(y, m, d) ? `${y}-${pad(m)}-${pad(d)}` : null);

/** A two-digit year: 00–69 is 2000–2069, 70–99 is 1970–1999 (the usual spreadsheet pivot). */
const fullYear = (text: string) => {
  const n = Number(text);
  return text.length === 2 ? (n < 70 ? 2000 + n : 1900 + n) : n;
};

const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
/** Excel serials this product may meet: 1950-01-01 (18264) to 2199-12-31 (109573). */
const MIN_SERIAL = 18264;
const MAX_SERIAL = 109573;

/** An Excel serial day number ('46174', '46174.279…') as a date and, when it has a fraction, a time. */
export function excelSerialToDateTime(serial: number): TDateTime | null {
  if (!Number.isFinite(serial) || serial < MIN_SERIAL || serial > MAX_SERIAL) return null;
  const day = Math.floor(serial);
  const d = new Date(EXCEL_EPOCH_MS + day * 86_400_000);
  const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const fraction = serial - day;
  return { date, time: fraction > 0 ? fractionToTime(fraction) : null, offset: null };
}

/** A day fraction (0.2791…) as 'HH:MM:SS', rounded to the second. */
function fractionToTime(fraction: number) {
  const seconds = Math.min(Math.round(fraction * 86_400), 86_399);
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

const TIME_PART = String.raw`(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*([AaPp][Mm])?`;
const OFFSET_PART = String.raw`(Z|[+-]\d{2}:?\d{2})?`;
const US_DATE = new RegExp(String.raw`^(\d{1,2})[/-](\d{1,2})[/-](\d{4}|\d{2})(?:[ T]+${TIME_PART})?\s*${OFFSET_PART}$`);
const ISO_DATE = new RegExp(String.raw`^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T]${TIME_PART})?\s*${OFFSET_PART}$`);
const COMPACT_DATE = /^(\d{4})(\d{2})(\d{2})$/;
const TIME_ONLY = new RegExp(`^${TIME_PART}$`);
const SERIAL = /^\d{5}(?:\.\d+)?$/;

function clock(h: string, m: string, s: string | undefined, ampm: string | undefined): string | null {
  let hours = Number(h);
  const minutes = Number(m);
  const seconds = s ? Number(s) : 0;
  if (ampm) {
    if (hours < 1 || hours > 12) return null;
    const pm = ampm.toLowerCase() === 'pm';
    hours = (hours % 12) + (pm ? 12 : 0);
  }
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
}

const offsetText = (o: string | undefined) => (!o ? null : o === 'Z' ? '+00:00' : o.includes(':') ? o : `${o.slice(0, 3)}:${o.slice(3)}`);

/**
 * A date, with its time and UTC offset when written: '07/14/2025', '7/14/25', '07/14/2025 6:42 PM',
 * '2025-07-14', '2025-07-13T08:45:00-07:00', '20250714', or an Excel serial ('46174', '46174.5').
 * The date is the one written (local to the offset), which is what a fuel receipt or a trip means.
 */
export function parseDateTime(text: string | null | undefined): TDateTime | null {
  const t = (text ?? '').trim();
  if (!t) return null;
  let m = ISO_DATE.exec(t);
  if (m) return withTime(ymd(Number(m[1]), Number(m[2]), Number(m[3])), m, 4);
  m = US_DATE.exec(t);
  if (m) return withTime(ymd(fullYear(m[3]), Number(m[1]), Number(m[2])), m, 4);
  m = COMPACT_DATE.exec(t);
  if (m) {
    const date = ymd(Number(m[1]), Number(m[2]), Number(m[3]));
    return date ? { date, time: null, offset: null } : null;
  }
  if (SERIAL.test(t)) return excelSerialToDateTime(Number(t));
  return null;
}

function withTime(date: string | null, m: RegExpExecArray, at: number): TDateTime | null {
  if (!date) return null;
  if (m[at] === undefined) return { date, time: null, offset: offsetText(m[at + 4]) };
  const time = clock(m[at], m[at + 1], m[at + 2], m[at + 3]);
  return time ? { date, time, offset: offsetText(m[at + 4]) } : null;
}

/** Just the date ('YYYY-MM-DD') of any form parseDateTime reads; null otherwise. */
export const parseDate = (text: string | null | undefined) => parseDateTime(text)?.date ?? null;

/**
 * A time of day: '06:42', '6:42:10', '6:42 PM', '0642' (HHMM, as fixed-width exports write it) or an
 * Excel day fraction ('0.2791666'). Answers 'HH:MM:SS'.
 */
export function parseTime(text: string | null | undefined): string | null {
  const t = (text ?? '').trim();
  if (!t) return null;
  const m = TIME_ONLY.exec(t);
  if (m) return clock(m[1], m[2], m[3], m[4]);
  const compact = /^(\d{2})(\d{2})$/.exec(t);
  if (compact) return clock(compact[1], compact[2], undefined, undefined);
  if (/^0?\.\d+$/.test(t)) return fractionToTime(Number(t));
  return null;
}

/** The IFTA quarter (1–4) of a 'YYYY-MM-DD' date. */
export const quarterOf = (date: string) => Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1;

// ---------------------------------------------------------------------------------------------
// Numbers: exact decimals in scaled bigints

/** Exact decimal text ('1,234.5', '(12.00)', '$ 3.899 ', '12.00-') as digits and a scale; null otherwise. */
function readNumber(text: string | null | undefined): { value: bigint; scale: number } | null {
  let t = (text ?? '').replace(/\$|\b(?:USD|CAD)\b/gi, '').trim();
  if (!t) return null;
  let negative = false;
  if (/^\(.*\)$/.test(t)) {
    negative = true;
    t = t.slice(1, -1).trim();
  }
  if (/^-|-$/.test(t) && t !== '-') {
    negative = !negative;
    t = t.replace(/^-|-$/, '').trim();
  } else if (t.startsWith('+')) t = t.slice(1).trim();
  if (/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(t)) t = t.replace(/,/g, '');
  // A decimal comma, as semicolon-separated exports from European settings write it: '12,5', '1.234,56'.
  else if (/^\d+,\d{1,2}$/.test(t) || /^\d{1,3}(\.\d{3})+,\d+$/.test(t)) t = t.replace(/\./g, '').replace(',', '.');
  const exp = /^(\d+(?:\.\d+)?)e([+-]?\d+)$/i.exec(t);
  if (exp) {
    const inner = readNumber(exp[1]) as { value: bigint; scale: number };
    const scale = inner.scale - Number(exp[2]);
    const value = scale < 0 ? inner.value * 10n ** BigInt(-scale) : inner.value;
    return { value: negative ? -value : value, scale: Math.max(scale, 0) };
  }
  const m = /^(\d*)(?:\.(\d*))?$/.exec(t);
  if (!m || (m[1] === '' && (m[2] ?? '') === '')) return null;
  const frac = m[2] ?? '';
  const value = BigInt((m[1] || '0') + frac);
  return { value: negative ? -value : value, scale: frac.length };
}

/** Rounds value × 10^-scale to `places`, half away from zero. */
function rescale(value: bigint, scale: number, places: number): bigint {
  if (scale <= places) return value * 10n ** BigInt(places - scale);
  const div = 10n ** BigInt(scale - places);
  const abs = value < 0n ? -value : value;
  const q = abs / div + ((abs % div) * 2n >= div ? 1n : 0n);
  return value < 0n ? -q : q;
}

/** A scaled integer as decimal text with exactly `places` places: (1234500n, 3) → '1234.500'. */
export function scaledToText(value: bigint, places: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(places + 1, '0');
  const whole = places ? digits.slice(0, -places) : digits;
  const text = places ? `${whole}.${digits.slice(-places)}` : whole;
  return negative && /[1-9]/.test(digits) ? `-${text}` : text;
}

/** Decimal text read to a scaled integer with `places` decimals (rounded half away from zero). */
export function toScaled(text: string | null | undefined, places: number): bigint | null {
  const n = readNumber(text);
  return n ? rescale(n.value, n.scale, places) : null;
}

/** Any decimal text as exact text with `places` places ('3.8990', '120.500'); null when unreadable. */
export function parseDecimal(text: string | null | undefined, places: number): string | null {
  const v = toScaled(text, places);
  return v === null ? null : scaledToText(v, places);
}

/**
 * An amount of money as two-place decimal text, like ZMoney: '$1,234.56' → '1234.56', '(12.00)' →
 * '-12.00', '1,234' → '1234.00'. More places round half away from zero (money.ts). Null when unreadable
 * or beyond what the product stores.
 */
export function parseMoney(text: string | null | undefined): string | null {
  const n = readNumber(text);
  if (!n) return null;
  const cents = toCents(scaledToText(n.value, n.scale));
  if (cents === null || Math.abs(cents) > MAX_MONEY_CENTS) return null;
  return centsToText(cents);
}

/** Quantities (gallons, miles) are kept to 3 decimals. */
export const QTY_PLACES = 3;

/** A quantity as 3-decimal text: '1,890.7' → '1890.700'. */
export const parseQuantity = (text: string | null | undefined) => parseDecimal(text, QTY_PLACES);

/** A price per unit as 4-decimal text: '$3.899' → '3.8990'. */
export const parsePrice = (text: string | null | undefined) => parseDecimal(text, 4);

/** Exact factors, as decimal text, for the metric exports (domain notes §1.3). */
export const METERS_PER_MILE = '1609.344';
export const KM_PER_MILE = '1.609344';
export const LITRES_PER_GALLON = '3.785411784';

/** `text ÷ divisor` to `places` decimals, exactly, rounded half away from zero: ('1609344', '1609.344', 3) → '1000.000'. */
export function divideDecimal(text: string | null | undefined, divisor: string, places = QTY_PLACES): string | null {
  const a = readNumber(text);
  const b = readNumber(divisor);
  if (!a || !b || b.value === 0n) return null;
  // a/b = (a.value / 10^a.scale) / (b.value / 10^b.scale); scale the numerator so the quotient has places+1 digits.
  const num = a.value * 10n ** BigInt(places + 1 + b.scale);
  const den = b.value * 10n ** BigInt(a.scale);
  return scaledToText(rescale(num / den, places + 1, places), places);
}

/** Sums decimal texts exactly to `places` decimals. */
export function sumDecimals(values: readonly string[], places = QTY_PLACES): string {
  let total = 0n;
  for (const v of values) total += toScaled(v, places) ?? 0n;
  return scaledToText(total, places);
}

// ---------------------------------------------------------------------------------------------
// Jurisdictions

export type TJurisdiction = { code: string; name: string; country: 'US' | 'CA' | 'MX'; ifta: boolean };

/** Canadian provinces and territories (domain notes §1.3): the ten provinces are IFTA members, the territories are not. */
export const CANADIAN_JURISDICTIONS = [
  ['Alberta', 'AB', true],
  ['British Columbia', 'BC', true],
  ['Manitoba', 'MB', true],
  ['New Brunswick', 'NB', true],
  ['Newfoundland and Labrador', 'NL', true],
  ['Nova Scotia', 'NS', true],
  ['Ontario', 'ON', true],
  ['Prince Edward Island', 'PE', true],
  ['Quebec', 'QC', true],
  ['Saskatchewan', 'SK', true],
  ['Northwest Territories', 'NT', false],
  ['Nunavut', 'NU', false],
  ['Yukon', 'YT', false],
] as const;

/** Places that are not IFTA members but whose miles still count toward total miles. */
const NON_IFTA_US = new Set(['AK', 'HI', 'DC', 'MH']);

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[.]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

const canada = new Map<string, TJurisdiction>();
for (const [name, code, ifta] of CANADIAN_JURISDICTIONS) {
  const j: TJurisdiction = { code, name, country: 'CA', ifta };
  canada.set(code.toLowerCase(), j);
  canada.set(fold(name), j);
}
for (const [alias, code] of [
  ['newfoundland', 'NL'],
  ['nf', 'NL'],
  ['pei', 'PE'],
  ['pq', 'QC'],
  ['que', 'QC'],
  ['yukon territory', 'YT'],
  ['nwt', 'NT'],
] as const) {
  canada.set(alias, canada.get(code.toLowerCase()) as TJurisdiction);
}
const MEXICO: TJurisdiction = { code: 'MX', name: 'Mexico', country: 'MX', ifta: false };

/**
 * A US state, DC, a Canadian province or territory, or Mexico, from a code or a name in any case:
 * 'TX', 'Texas', 'TEXAS', 'Québec', 'ON'. IFTA jurisdiction reports sometimes append the country
 * ('TX, US', 'ON (CA)'), which is ignored. Null for anything else.
 */
export function parseJurisdiction(text: string | null | undefined): TJurisdiction | null {
  const raw = (text ?? '').trim();
  if (!raw) return null;
  const t = raw
    .replace(/\s*\((?:US|USA|CA|CAN|MX)\)$/i, '')
    .replace(/[,\s-]+(?:US|USA|CA|CAN)$/i, '')
    .trim();
  const us = findUsState(t) ?? findUsState(fold(t));
  if (us) return { code: us.code, name: us.name, country: 'US', ifta: !NON_IFTA_US.has(us.code) };
  const f = fold(t);
  const ca = canada.get(f);
  if (ca) return ca;
  if (f === 'mx' || f === 'mexico' || f === 'mex') return MEXICO;
  return null;
}
