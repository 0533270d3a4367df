import { z } from 'zod';

/**
 * Money, once, for server and web: amounts travel as decimal text ('1234.56', `ZMoney`), are turned
 * into integer cents by reading their digits (never by multiplying binary floats), added up in cents,
 * rounded half away from zero (half-up for positive amounts), and shown with `formatMoney`.
 * The team payout split lives here too, so the weekly print, the payout export and settlements agree.
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
  // Past what cents can hold exactly (1e309, twenty nines): no payout, so nothing shows 'Infinity.NaN'.
  if (!Number.isSafeInteger(cents)) return null;
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

/** Any amount (decimal text, number) shown as money, rounded to the cent; '' when empty, as-is when unreadable. */
export function formatMoney(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const cents = toCents(value);
  return cents === null ? String(value) : formatCents(cents);
}

/** Largest amount the product stores: NUMERIC(12,2). */
export const MAX_MONEY_CENTS = 99_999_999_999;

/**
 * An amount on the wire: decimal text with at most two places ('1234.5' → '1234.50'). Accepts a
 * number from older clients and '$1,234.56' as typed; answers the canonical text.
 */
export const ZMoney = z
  .union([z.string().trim().max(32), z.number()], { error: 'Enter an amount' })
  .transform((v, ctx) => {
    const text = typeof v === 'string' ? v.replace(/^\$/, '').replace(/^(-?)\$/, '$1') : v;
    const d = readDecimal(text);
    if (!d || (typeof v === 'string' && v.trim() === '')) {
      ctx.addIssue({ code: 'custom', message: 'Enter an amount' });
      return z.NEVER;
    }
    const cents = toCents(text) ?? 0;
    if (Math.abs(cents) > MAX_MONEY_CENTS) {
      ctx.addIssue({ code: 'custom', message: 'The amount is too large' });
      return z.NEVER;
    }
    if (typeof v === 'string' && d.scale > 2 && roundTo(d.digits, d.scale, 2) * 10n ** BigInt(d.scale - 2) !== d.digits) {
      ctx.addIssue({ code: 'custom', message: 'At most two decimal places' });
      return z.NEVER;
    }
    return centsToText(cents);
  });
export type TMoney = string;

/** Sums amounts in cents; unreadable or empty values count as zero. */
export function sumCents(values: readonly (number | string | null | undefined)[]): number {
  let total = 0;
  for (const v of values) total += toCents(v) ?? 0;
  return total;
}

/** `cents × percent / 100`, rounded once, half away from zero (an administration fee of 10.5%). */
export function percentOfCents(cents: number, percent: number | string): number {
  const p = readDecimal(percent);
  if (!p) return 0;
  const product = BigInt(Math.abs(cents)) * p.digits;
  const rounded = Number(roundTo(product, p.scale + 2, 0));
  const negative = cents < 0 !== p.negative;
  return negative && rounded !== 0 ? -rounded : rounded;
}

/**
 * The team payout split: `parts` even shares in cents; the odd cent(s) go to the first driver(s),
 * first first, so the shares always add up to the payout.
 */
export function splitCents(cents: number, parts: number): number[] {
  if (parts <= 0) return [];
  const sign = cents < 0 ? -1 : 1;
  const abs = Math.abs(cents);
  const base = Math.floor(abs / parts);
  const rest = abs - base * parts;
  return Array.from({ length: parts }, (_, i) => sign * (base + (i < rest ? 1 : 0)));
}

/** A load's payout split among its drivers, in cents, in the order the drivers are listed. */
export const splitPayout = (payout: number | string | null | undefined, drivers: number) =>
  splitCents(toCents(payout) ?? 0, drivers);
