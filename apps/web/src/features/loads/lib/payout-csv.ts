import { csvText, splitCents, toCents, withoutUnsafeCharacters } from '@haulboard/contract';

/** What the export needs of a load. */
export type TPayoutLoad = {
  loadNumber: string;
  payout: number | string | null;
  /** Driver user ids, first driver first. */
  loadDrivers: number[];
};

/** A driver of the company and their unit number (null when they have none). */
export type TPayoutDriver = { userId: number; unitNumber: string | null };

export type TPayoutMatrix = {
  /** Unit numbers in column order, then 'Other'. */
  columns: string[];
  rows: { loadNumber: string; cents: number[] }[];
  totals: number[];
};

export const OTHER_COLUMN = 'Other';

const unitOrder = new Intl.Collator('en-US', { numeric: true });

/**
 * Spec §9 payout matrix: one row per load number, one column per driver unit of the company plus
 * Other. A load's payout goes to its driver's column; a team load is split evenly in cents with the
 * remainder to the first driver. Drivers without a unit, and loads without drivers, count as Other,
 * so the totals always add up to the board's Total.
 */
export function buildPayoutMatrix(loads: readonly TPayoutLoad[], drivers: readonly TPayoutDriver[]): TPayoutMatrix {
  const unitOf = new Map<number, string>();
  for (const d of drivers) {
    const unit = d.unitNumber?.trim();
    if (unit) unitOf.set(d.userId, unit);
  }
  const units = [...new Set(unitOf.values())].sort(unitOrder.compare);
  const columns = [...units, OTHER_COLUMN];
  const indexOf = new Map(columns.map((c, i) => [c, i]));
  const otherIndex = columns.length - 1;

  const byLoad = new Map<string, number[]>();
  for (const load of loads) {
    let cents = byLoad.get(load.loadNumber);
    if (!cents) {
      cents = columns.map(() => 0);
      byLoad.set(load.loadNumber, cents);
    }
    const payout = toCents(load.payout) ?? 0;
    if (!load.loadDrivers.length) {
      cents[otherIndex] += payout;
      continue;
    }
    const shares = splitCents(payout, load.loadDrivers.length);
    load.loadDrivers.forEach((driverId, i) => {
      const unit = unitOf.get(driverId);
      cents[unit === undefined ? otherIndex : indexOf.get(unit)!] += shares[i];
    });
  }

  const rows = [...byLoad].map(([loadNumber, cents]) => ({ loadNumber, cents }));
  const totals = columns.map((_, i) => rows.reduce((sum, r) => sum + r.cents[i], 0));
  return { columns, rows, totals };
}

/**
 * The export file's text: a byte-order mark so Excel reads UTF-8, CRLF line ends, a header line,
 * one line per load (blank where a column has nothing) and a Totals line with every column.
 */
export function payoutMatrixCsv(matrix: TPayoutMatrix): string {
  return csvText(
    [
      ['Load Number', ...matrix.columns],
      ...matrix.rows.map((r) => [r.loadNumber, ...r.cents.map((c) => (c === 0 ? null : { cents: c }))]),
      ['Totals', ...matrix.totals.map((c) => ({ cents: c }))],
    ],
    { bom: true },
  );
}

/** Characters Windows, macOS or Linux refuse in file names. */
const UNSAFE_IN_FILE_NAME = /[<>:"/\\|?*]/g;

/** Control characters (below space, and DEL) become '_' too; bidi controls are dropped (contract file-names.ts). */
const withoutControls = (text: string) =>
  Array.from(text, (c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 ? '_' : c)).join('');

/** 'Demo Freight LLC - 2026 Week 47.csv', with characters not allowed in file names replaced. */
export function exportFileName(company: string | null | undefined, period: string): string {
  const base = withoutUnsafeCharacters(withoutControls(`${company?.trim() || 'Haulboard'} - ${period}`))
    .replace(UNSAFE_IN_FILE_NAME, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 180);
  return `${base || 'Loads'}.csv`;
}
