import { expenseAnchor, expenseOccurrencesBetween, FREQUENCY, type TExpenseRule, totalOccurrences, usDate } from '@haulboard/contract';

const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

/**
 * One sentence under the expense form saying when the rule charges, from the contract's rule:
 * 'Once, on 03/20/2026', '4 times, 12/07/2026 to 12/28/2026', 'From 12/07/2026, with no end'.
 * Empty while the form has no usable first day.
 */
export function scheduleSummary(values: { frequencyTypeId?: unknown; occurences?: unknown; expenseDate?: unknown; expenseStartDate?: unknown; expenseEndDate?: unknown }): string {
  const frequencyTypeId = Number(values.frequencyTypeId);
  if (!Object.values(FREQUENCY).includes(frequencyTypeId as never)) return '';
  const count = Number(values.occurences);
  const rule: TExpenseRule = {
    frequencyTypeId,
    occurences: Number.isInteger(count) && count > 0 ? count : null,
    expenseDate: isDate(values.expenseDate) ? values.expenseDate : null,
    expenseStartDate: isDate(values.expenseStartDate) ? values.expenseStartDate : null,
    expenseEndDate: isDate(values.expenseEndDate) ? values.expenseEndDate : null,
  };
  const first = expenseAnchor(rule);
  if (!first) return '';
  const total = totalOccurrences(rule);
  if (total === 0) return 'It never applies: the end date is before the first day';
  if (frequencyTypeId === FREQUENCY.OneTime || total === 1) return `Once, on ${usDate(first)}`;
  if (total === null) return `From ${usDate(first)}, with no end`;
  if (total > 1000) return `${total} times from ${usDate(first)}`;
  const occurrences = expenseOccurrencesBetween(rule, first, '9999-12-31');
  return `${total} times, ${usDate(first)} to ${usDate(occurrences[occurrences.length - 1].date)}`;
}
