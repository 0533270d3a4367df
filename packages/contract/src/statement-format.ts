import { z } from 'zod';
import { centsToText, formatCents, formatMoney, toCents } from './money';
import { usDate } from './work-weeks';

/**
 * The words and figures of a settlement statement, shared by the web's sheet and the PDF so both
 * read the same (issue "Books you can trust"): miles as whole numbers, rates with two decimals,
 * one minus sign (U+2212, which the PDF's Noto Sans draws) for every deduction and negative amount.
 */

export const MINUS = '\u2212';

export const STATEMENT_WORDS = {
  title: 'Driver settlement statement',
  loadColumns: ['Load #', 'Dates', 'Route', 'Miles', 'Rate', 'Load pay', 'Driver share'],
  fuelColumns: ['Date', 'Place', 'Product', 'Gallons', 'Amount'],
  noUnit: 'None',
  noLoads: 'No loads counted in this week.',
  noAdditions: 'No additions this week.',
  noFuel: 'No fuel-card transactions this week.',
  noFuelWithoutUnit: 'No unit number, so no fuel-card transactions are charged.',
  noExpenses: 'No expenses this week.',
  draft: 'Draft statement',
  teamLoad: (teammate: string) => `Team load with ${teammate}`,
} as const;

/** '11/16/2026 – 11/22/2026' (an en dash, which the PDF's font draws) for calendar days 'YYYY-MM-DD'. */
export const statementDays = (start: string, end: string) => `${usDate(start.slice(0, 10))} \u2013 ${usDate(end.slice(0, 10))}`;

/** 'Week 46, 11/16/2026 – 11/22/2026': the statement's pay period. */
export const statementPeriod = (w: { number: number; startDate: string; endDate: string }) => `Week ${w.number}, ${statementDays(w.startDate, w.endDate)}`;

const wholeMiles = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const gallons = new Intl.NumberFormat('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 });

/** '1,235': a trip's miles, rounded half up to a whole mile. */
export function statementMiles(value: string | number | null | undefined): string {
  const n = Number(value);
  return Number.isFinite(n) ? wholeMiles.format(Math.sign(n) * Math.round(Math.abs(n))) : '';
}

/** '$2.50/mi': a rate per mile with two decimals. */
export const statementRate = (value: string | number | null | undefined) => {
  const money = statementMoney(value);
  return money ? `${money}/mi` : '';
};

/** '120.500' gallons; nothing for a line without gallons (a cash advance). */
export const statementGallons = (value: string | number | null | undefined) => (Number(value) ? gallons.format(Number(value)) : '');

/** Money with the one minus sign: '$1,234.56', '−$5.00'. */
export function statementMoney(value: string | number | null | undefined): string {
  const text = formatMoney(value);
  return text.startsWith('-') ? `${MINUS}${text.slice(1)}` : text;
}

/** A deduction as it is subtracted: '−$412.34' (a negative one, a refund, shows as '+$…'). */
export function deductedMoney(value: string | number | null | undefined): string {
  const cents = toCents(value);
  if (cents === null) return formatMoney(value);
  return cents < 0 ? `+${formatCents(-cents)}` : `${MINUS}${formatCents(cents)}`;
}

/** An addition as it is added: '+$48.75'. */
export function addedMoney(value: string | number | null | undefined): string {
  const cents = toCents(value);
  if (cents === null) return formatMoney(value);
  return cents < 0 ? `${MINUS}${formatCents(-cents)}` : `+${formatCents(cents)}`;
}

/**
 * "Total Fuel" split by what was bought (issue 18): diesel, DEF, reefer fuel, and cash advances and
 * fees, always in that order, then other products (gasoline, oil) when there are any. The parts add
 * up to the total exactly: each line's amount counts once, in cents.
 */
export const FUEL_SPLIT = [
  { label: 'Diesel', products: ['Diesel'] },
  { label: 'DEF', products: ['DEF'] },
  { label: 'Reefer fuel', products: ['Reefer fuel'] },
  { label: 'Cash advances and fees', products: ['Cash advance', 'Fees'] },
] as const;
export const FUEL_SPLIT_OTHER = 'Other fuel and oil';

export const ZFuelSplitLine = z.object({ label: z.string(), amount: z.string() });
export type TFuelSplitLine = z.infer<typeof ZFuelSplitLine>;

/** The split of fuel-card lines (each with its product's name, as the statement lists it). */
export function fuelSplit(lines: readonly { productName: string; amount: string }[]): TFuelSplitLine[] {
  const cents = FUEL_SPLIT.map(() => 0);
  let other = 0;
  let hasOther = false;
  for (const l of lines) {
    const at = FUEL_SPLIT.findIndex((g) => (g.products as readonly string[]).includes(l.productName));
    const c = toCents(l.amount) ?? 0;
    if (at >= 0) cents[at] += c;
    else {
      other += c;
      hasOther = true;
    }
  }
  const split = FUEL_SPLIT.map((g, i) => ({ label: g.label, amount: centsToText(cents[i]) }));
  return hasOther ? [...split, { label: FUEL_SPLIT_OTHER, amount: centsToText(other) }] : split;
}
