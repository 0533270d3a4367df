/**
 * Quantities (gallons, miles) arrive as decimal text ('1101.250'). They are shown and added without
 * binary floats: digits are grouped as text and sums are done on scaled integers.
 */

const DECIMAL = /^(-?)(\d*)(?:\.(\d*))?$/;

/** '1101.250' → '1,101.250'; `places` pads or cuts (half up) the fraction. Unreadable text is shown as it is. */
export function formatQuantity(text: string | null | undefined, places?: number): string {
  if (text === null || text === undefined || text === '') return '';
  const m = DECIMAL.exec(text.trim());
  if (!m) return text;
  let int = m[2] || '0';
  let frac = m[3] ?? '';
  if (places !== undefined) {
    const scaled = toScaled(text, places);
    const abs = scaled < 0n ? -scaled : scaled;
    const digits = abs.toString().padStart(places + 1, '0');
    int = digits.slice(0, digits.length - places);
    frac = digits.slice(digits.length - places);
  }
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${m[1]}${grouped}${frac ? `.${frac}` : ''}`;
}

/** Decimal text as an integer of units of 10^-scale, rounded half up (away from zero). */
export function toScaled(text: string, scale: number): bigint {
  const m = DECIMAL.exec(text.trim().replace(/,/g, ''));
  if (!m) return 0n;
  const frac = m[3] ?? '';
  const kept = BigInt((m[2] || '0') + frac.padEnd(scale, '0').slice(0, scale));
  const roundUp = frac.length > scale && Number(frac[scale]) >= 5;
  const v = kept + (roundUp ? 1n : 0n);
  return m[1] === '-' ? -v : v;
}

/** The sum of decimal texts, as decimal text with `scale` places. */
export function sumQuantities(values: readonly string[], scale: number): string {
  const total = values.reduce((sum, v) => sum + toScaled(v, scale), 0n);
  const negative = total < 0n;
  const digits = (negative ? -total : total).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  return `${negative ? '-' : ''}${int}${scale ? `.${digits.slice(digits.length - scale)}` : ''}`;
}

/** Whole miles and gallons as the report shows them: '12,345'. */
export const formatWhole = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });

/** MPG to 2 decimals ('6.50'), or '—' without fuel. */
export const formatMpg = (mpg: number | null) => (mpg === null ? '—' : mpg.toFixed(2));
