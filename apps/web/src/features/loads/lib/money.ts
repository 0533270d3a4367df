/**
 * Exact money arithmetic for the board: amounts arrive as decimal text or numbers and are turned
 * into integer cents by reading their digits, never by multiplying binary floats.
 */

type TDecimal = { negative: boolean; digits: bigint; scale: number };

/** Reads '1234.5', 1234.5, '-0.125' or '1e3' into digits and a decimal scale; null for anything else. */
function readDecimal(value: number | string | null | undefined): TDecimal | null {
  if (value === null || value === undefined) return null;
  let text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim().replace(/,/g, '');
  if (!text) return null;
  const exp = /^([+-]?\d*\.?\d*)e([+-]?\d+)$/i.exec(text);
  let shift = 0;
  if (exp) {
    text = exp[1];
    shift = Number(exp[2]);
  }
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return null;
  const frac = m[3] ?? '';
  let digits = BigInt((m[2] || '0') + frac);
  let scale = frac.length - shift;
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { negative: m[1] === '-', digits, scale };
}

/** Rounds digits × 10^-scale to a whole number of units of 10^-target, half away from zero. */
function roundTo(digits: bigint, scale: number, target: number): bigint {
  if (scale <= target) return digits * 10n ** BigInt(target - scale);
  const div = 10n ** BigInt(scale - target);
  const q = digits / div;
  return (digits % div) * 2n >= div ? q + 1n : q;
}

/** An amount in whole cents (half-cent rounds away from zero); null when it is not a number. */
export function toCents(value: number | string | null | undefined): number | null {
  const d = readDecimal(value);
  if (!d) return null;
  const cents = Number(roundTo(d.digits, d.scale, 2));
  return d.negative && cents !== 0 ? -cents : cents;
}

/** Whether the text or number is a decimal this module can read. */
export const isDecimal = (value: number | string | null | undefined) => readDecimal(value) !== null;

/** Price per mile × trip length, in cents, rounded once at the end. Null when either is missing. */
export function payoutCents(pricePerMile: number | string | null | undefined, tripLength: number | string | null | undefined) {
  const p = readDecimal(pricePerMile);
  const t = readDecimal(tripLength);
  if (!p || !t) return null;
  const cents = Number(roundTo(p.digits * t.digits, p.scale + t.scale, 2));
  return p.negative !== t.negative && cents !== 0 ? -cents : cents;
}

/** Cents as plain decimal text with two places: 123456 → '1234.56', -5 → '-0.05'. */
export function centsToText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Cents shown as money: 123456 → '$1,234.56'. Intl gets an exact two-place decimal string. */
export function formatCents(cents: number): string {
  return usd.format(centsToText(cents) as unknown as number);
}

/** Splits cents into `parts` even shares; the remainder goes to the first share(s), first first. */
export function splitCents(cents: number, parts: number): number[] {
  if (parts <= 0) return [];
  const sign = cents < 0 ? -1 : 1;
  const abs = Math.abs(cents);
  const base = Math.floor(abs / parts);
  const rest = abs - base * parts;
  return Array.from({ length: parts }, (_, i) => sign * (base + (i < rest ? 1 : 0)));
}
