import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expenseOccurrences, expenseOccurrencesBetween, expenseSchedule, FREQUENCY, type TExpenseRule, totalOccurrences } from './expense-occurrences';

/**
 * The rule against a plain reference: walk the occurrences one by one with Date arithmetic and
 * apply the limits literally. The rule under test jumps straight to a period, so the two agree
 * only if its index arithmetic is right at every boundary.
 */
const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
const dayOf = (d: string) => Date.parse(`${d}T00:00:00Z`);

function reference(rule: TExpenseRule, horizon: string): string[] {
  const first = rule.frequencyTypeId === FREQUENCY.OneTime ? (rule.expenseDate ?? rule.expenseStartDate) : (rule.expenseStartDate ?? rule.expenseDate);
  if (!first) return [];
  const out: string[] = [];
  for (let k = 0; ; k++) {
    let date: string;
    if (rule.frequencyTypeId === FREQUENCY.OneTime) {
      if (k > 0) break;
      date = first;
    } else if (rule.frequencyTypeId === FREQUENCY.Monthly) {
      const y = Number(first.slice(0, 4));
      const m = Number(first.slice(5, 7)) - 1 + k;
      const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
      date = iso(Date.UTC(y, m, Math.min(Number(first.slice(8, 10)), last)));
    } else {
      date = iso(dayOf(first) + k * (rule.frequencyTypeId === FREQUENCY.Weekly ? 7 : 14) * DAY);
    }
    if (rule.occurences && k >= rule.occurences) break;
    if (rule.expenseEndDate && date > rule.expenseEndDate) break;
    if (date > horizon) break;
    out.push(date);
  }
  return out;
}

const START = dayOf('2023-01-01');
const dateArb = (spanDays: number) => fc.integer({ min: 0, max: spanDays }).map((n) => iso(START + n * DAY));
const ruleArb: fc.Arbitrary<TExpenseRule> = fc.record({
  frequencyTypeId: fc.constantFrom(FREQUENCY.OneTime, FREQUENCY.Weekly, FREQUENCY.EveryTwoWeeks, FREQUENCY.Monthly),
  occurences: fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }),
  expenseDate: fc.option(dateArb(1500), { nil: null }),
  expenseStartDate: fc.option(dateArb(1500), { nil: null }),
  expenseEndDate: fc.option(dateArb(2200), { nil: null }),
});
const HORIZON = '2030-12-31';

describe('the occurrence rule agrees with a step-by-step reference', () => {
  it('in any period', () => {
    fc.assert(
      fc.property(ruleArb, dateArb(2600), fc.integer({ min: 0, max: 400 }), (rule, from, length) => {
        // The reference walks up to the horizon only, so the period stops there too.
        const end = iso(dayOf(from) + length * DAY);
        const to = end > HORIZON ? HORIZON : end;
        const expected = reference(rule, HORIZON).filter((d) => d >= from && d <= to);
        expect(expenseOccurrencesBetween(rule, from, to).map((o) => o.date)).toEqual(expected);
      }),
      { numRuns: 1500 },
    );
  });

  it('in its count and its schedule from any day', () => {
    fc.assert(
      fc.property(ruleArb, dateArb(2600), (rule, today) => {
        const all = reference(rule, HORIZON);
        const bounded = rule.frequencyTypeId === FREQUENCY.OneTime || !!rule.occurences || !!rule.expenseEndDate;
        if (bounded) expect(totalOccurrences(rule)).toBe(all.length);
        else expect(totalOccurrences(rule)).toBe(all.length ? null : 0);
        const left = all.filter((d) => d >= today);
        const schedule = expenseSchedule(rule, today);
        // The reference stops at the horizon, which lies well after every `today` tried.
        expect(schedule.nextOccurrenceDate).toBe(left[0] ?? null);
        expect(schedule.remainingOccurrences).toBe(bounded || !all.length ? left.length : null);
      }),
      { numRuns: 1500 },
    );
  });

  it('numbers occurrences from 1 in date order, and buckets each into exactly one of consecutive weeks', () => {
    fc.assert(
      fc.property(ruleArb, dateArb(1500), (rule, monday) => {
        const weeks = Array.from({ length: 30 }, (_, i) => ({ startDate: iso(dayOf(monday) + i * 7 * DAY), endDate: iso(dayOf(monday) + (i * 7 + 6) * DAY) }));
        const inRange = expenseOccurrencesBetween(rule, weeks[0].startDate, weeks[29].endDate);
        const all = reference(rule, HORIZON);
        for (const o of inRange) expect(all[o.number - 1]).toBe(o.date);
        expect(expenseOccurrences(rule, weeks).map((o) => o.date)).toEqual(inRange.map((o) => o.date));
      }),
      { numRuns: 500 },
    );
  });
});
