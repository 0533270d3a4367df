import type { TSort } from './types';

export type TSortValue = string | number | undefined;

/** Turns whatever a column yields into something comparable; null, undefined and NaN become `undefined` (sorted last). */
export function toSortValue(value: unknown): TSortValue {
  if (value == null) return undefined;
  if (typeof value === 'number') return Number.isNaN(value) ? undefined : value;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.getTime();
  return String(value);
}

const collator = new Intl.Collator(undefined, { numeric: true });

/** Ascending comparison: numbers numerically, strings by locale, numbers before strings. Missing values are placed by the caller. */
export function compareSortValues(a: TSortValue, b: TSortValue): number {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return collator.compare(a, b);
  return typeof a === 'number' ? -1 : 1;
}

/** Header click cycle: ascending → descending → none. A new column always starts ascending. */
export function nextSort(current: TSort, columnId: string): TSort {
  if (!current || current.id !== columnId) return { id: columnId, desc: false };
  if (!current.desc) return { id: columnId, desc: true };
  return null;
}

const numberFormat = new Intl.NumberFormat('en-US');

/** "1–100 of 2,345" */
export function formatDisplayedRows({ from, to, count }: { from: number; to: number; count: number }): string {
  const total = count === -1 ? `more than ${numberFormat.format(to)}` : numberFormat.format(count);
  return `${numberFormat.format(from)}–${numberFormat.format(to)} of ${total}`;
}
