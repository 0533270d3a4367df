/**
 * When an expense applies. Pure and shared: the expense list, the driver dashboard and the weekly
 * settlements derive occurrences from this rule when asked, never from copied rows.
 *
 * - The first occurrence is the anchor: the start date, else the expense date (a one-time expense:
 *   the expense date, else the start date).
 * - Weekly: every 7 days from the anchor; every two weeks: every 14 days; monthly: the same day of
 *   the month as the anchor, the month's last day when it has no such day (the 31st in April is the
 *   30th, in a leap February the 29th); one time: the anchor only.
 * - It stops after `occurences` times (0 or empty: no limit) or after the end date, whichever
 *   comes first. Occurrences are numbered from 1.
 * - Work weeks are consecutive 7-day spans, so a weekly expense falls once in every week from the
 *   week holding its anchor, every other week for two-weekly, and a monthly one in the week holding
 *   its day of the month.
 */

export const FREQUENCY = { OneTime: 1, Weekly: 2, EveryTwoWeeks: 3, Monthly: 4 } as const;
export type TFrequencyId = (typeof FREQUENCY)[keyof typeof FREQUENCY];

/** The frequency types (spec §3 lookups), fixed reference data seeded into every database. */
export const FREQUENCY_TYPES: readonly { id: TFrequencyId; name: string }[] = [
  { id: FREQUENCY.OneTime, name: 'One time' },
  { id: FREQUENCY.Weekly, name: 'Weekly' },
  { id: FREQUENCY.EveryTwoWeeks, name: 'Every two weeks' },
  { id: FREQUENCY.Monthly, name: 'Monthly' },
];

/** What the rule needs of an expense; the form and the stored expense both fit. */
export type TExpenseRule = {
  frequencyTypeId: number;
  occurences?: number | null;
  expenseDate?: string | null;
  expenseStartDate?: string | null;
  expenseEndDate?: string | null;
};

export type TOccurrence = { date: string; number: number };

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' to days since 1970-01-01 (UTC calendar arithmetic, no time zones involved). */
const dayNumber = (date: string) => Math.round(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS);
const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const daysInMonth = (year: number, month0: number) => new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();
const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

/** Adds days to a calendar date: addDays('2026-02-27', 2) is '2026-03-01'. */
export const addDays = (date: string, days: number) => dateOfDay(dayNumber(date) + days);

/** The date the rule starts from, or null when the expense has no date at all. */
export function expenseAnchor(rule: TExpenseRule): string | null {
  const first = rule.frequencyTypeId === FREQUENCY.OneTime ? (rule.expenseDate ?? rule.expenseStartDate) : (rule.expenseStartDate ?? rule.expenseDate);
  return first ? first.slice(0, 10) : null;
}

const stepDays = (frequencyTypeId: number) =>
  frequencyTypeId === FREQUENCY.Weekly ? 7 : frequencyTypeId === FREQUENCY.EveryTwoWeeks ? 14 : null;

/** The date of the k-th occurrence (k from 0) before any limit; null when there is none. */
function nthDate(rule: TExpenseRule, anchor: string, k: number): string | null {
  if (k < 0) return null;
  const step = stepDays(rule.frequencyTypeId);
  if (step) return addDays(anchor, step * k);
  if (rule.frequencyTypeId === FREQUENCY.Monthly) {
    const m = monthIndex(anchor) + k;
    const year = Math.floor(m / 12);
    const month0 = m % 12;
    const day = Math.min(Number(anchor.slice(8, 10)), daysInMonth(year, month0));
    return `${String(year).padStart(4, '0')}-${String(month0 + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  }
  return k === 0 ? anchor : null;
}

/** The smallest k whose date is on or after `date` (ignoring limits). */
function firstIndexFrom(rule: TExpenseRule, anchor: string, date: string): number {
  if (date <= anchor) return 0;
  const step = stepDays(rule.frequencyTypeId);
  if (step) return Math.ceil((dayNumber(date) - dayNumber(anchor)) / step);
  if (rule.frequencyTypeId === FREQUENCY.Monthly) {
    let k = monthIndex(date) - monthIndex(anchor);
    while ((nthDate(rule, anchor, k) as string) < date) k++;
    return k;
  }
  return 1;
}

/** The largest k whose date is on or before `date` (ignoring limits); -1 when none. */
function lastIndexUntil(rule: TExpenseRule, anchor: string, date: string): number {
  if (date < anchor) return -1;
  const step = stepDays(rule.frequencyTypeId);
  if (step) return Math.floor((dayNumber(date) - dayNumber(anchor)) / step);
  if (rule.frequencyTypeId === FREQUENCY.Monthly) {
    let k = monthIndex(date) - monthIndex(anchor);
    while (k >= 0 && (nthDate(rule, anchor, k) as string) > date) k--;
    return k;
  }
  return 0;
}

/** The index of the last occurrence the limits allow (count and end date); null when unlimited. */
function lastAllowedIndex(rule: TExpenseRule, anchor: string): number | null {
  let last: number | null = rule.frequencyTypeId === FREQUENCY.OneTime ? 0 : null;
  if (rule.occurences && rule.occurences > 0) last = Math.min(last ?? Number.POSITIVE_INFINITY, rule.occurences - 1);
  if (rule.expenseEndDate) last = Math.min(last ?? Number.POSITIVE_INFINITY, lastIndexUntil(rule, anchor, rule.expenseEndDate.slice(0, 10)));
  return last;
}

/** Every occurrence dated from `from` through `to` (both included), in date order. */
export function expenseOccurrencesBetween(rule: TExpenseRule, from: string, to: string): TOccurrence[] {
  const anchor = expenseAnchor(rule);
  if (!anchor || to < from) return [];
  const last = Math.min(lastAllowedIndex(rule, anchor) ?? Number.POSITIVE_INFINITY, lastIndexUntil(rule, anchor, to.slice(0, 10)));
  const found: TOccurrence[] = [];
  for (let k = firstIndexFrom(rule, anchor, from.slice(0, 10)); k <= last; k++) {
    found.push({ date: nthDate(rule, anchor, k) as string, number: k + 1 });
  }
  return found;
}

/**
 * The occurrences that fall in the given work weeks, each with its week. Weeks may come in any
 * order and need not be consecutive; a week is its start and end dates, both included.
 */
export function expenseOccurrences<W extends { startDate: string; endDate: string }>(
  rule: TExpenseRule,
  weeks: readonly W[],
): (TOccurrence & { week: W })[] {
  const found: (TOccurrence & { week: W })[] = [];
  for (const week of weeks) {
    for (const o of expenseOccurrencesBetween(rule, week.startDate, week.endDate)) found.push({ ...o, week });
  }
  return found.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** The number of occurrences in all; null when the expense recurs without an end. */
export function totalOccurrences(rule: TExpenseRule): number | null {
  const anchor = expenseAnchor(rule);
  if (!anchor) return 0;
  const last = lastAllowedIndex(rule, anchor);
  return last === null ? null : Math.max(0, last + 1);
}

/**
 * What the expense table shows: the next occurrence on or after `today` and how many remain from
 * it (today's included); remaining is null for an expense without an end.
 */
export function expenseSchedule(rule: TExpenseRule, today: string): { nextOccurrenceDate: string | null; remainingOccurrences: number | null } {
  const anchor = expenseAnchor(rule);
  if (!anchor) return { nextOccurrenceDate: null, remainingOccurrences: 0 };
  const next = firstIndexFrom(rule, anchor, today.slice(0, 10));
  const last = lastAllowedIndex(rule, anchor);
  if (last !== null && next > last) return { nextOccurrenceDate: null, remainingOccurrences: 0 };
  return { nextOccurrenceDate: nthDate(rule, anchor, next), remainingOccurrences: last === null ? null : last - next + 1 };
}
