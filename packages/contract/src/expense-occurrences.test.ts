import { describe, expect, it } from 'vitest';
import { expenseOccurrences, expenseOccurrencesBetween, expenseSchedule, FREQUENCY, totalOccurrences } from './expense-occurrences';

const dates = (list: { date: string }[]) => list.map((o) => o.date);

/** Monday-to-Sunday work weeks from a Monday, as the company's generated weeks are. */
const weeksFrom = (monday: string, count: number) =>
  Array.from({ length: count }, (_, i) => {
    const start = new Date(Date.parse(`${monday}T00:00:00Z`) + i * 7 * 86_400_000);
    const end = new Date(start.getTime() + 6 * 86_400_000);
    return { weekId: i + 1, startDate: start.toISOString().slice(0, 10), endDate: end.toISOString().slice(0, 10) };
  });

describe('the expense occurrence rule', () => {
  it('a weekly expense falls once in every work week from the week of its start date', () => {
    const rule = { frequencyTypeId: FREQUENCY.Weekly, expenseStartDate: '2026-03-18' }; // a Wednesday
    const found = expenseOccurrences(rule, weeksFrom('2026-03-09', 5));
    expect(found.map((o) => [o.week.weekId, o.date, o.number])).toEqual([
      [2, '2026-03-18', 1],
      [3, '2026-03-25', 2],
      [4, '2026-04-01', 3],
      [5, '2026-04-08', 4],
    ]);
  });

  it('every two weeks falls in every other week', () => {
    const rule = { frequencyTypeId: FREQUENCY.EveryTwoWeeks, expenseStartDate: '2026-03-16' };
    expect(expenseOccurrences(rule, weeksFrom('2026-03-16', 6)).map((o) => o.week.weekId)).toEqual([1, 3, 5]);
  });

  it('monthly falls on the same day of the month, the last day when the month is shorter', () => {
    const rule = { frequencyTypeId: FREQUENCY.Monthly, expenseStartDate: '2026-01-31' };
    expect(dates(expenseOccurrencesBetween(rule, '2026-01-01', '2026-06-30'))).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
    ]);
  });

  it('monthly on the 31st gives February 29 in a leap year, and the 30th stays the 30th after it', () => {
    expect(dates(expenseOccurrencesBetween({ frequencyTypeId: FREQUENCY.Monthly, expenseStartDate: '2027-12-31' }, '2028-01-01', '2028-03-31'))).toEqual([
      '2028-01-31',
      '2028-02-29',
      '2028-03-31',
    ]);
    expect(dates(expenseOccurrencesBetween({ frequencyTypeId: FREQUENCY.Monthly, expenseStartDate: '2028-01-30' }, '2028-02-01', '2028-03-31'))).toEqual([
      '2028-02-29',
      '2028-03-30',
    ]);
  });

  it('a monthly expense lands in the week holding its day of the month, and in no other', () => {
    const rule = { frequencyTypeId: FREQUENCY.Monthly, expenseStartDate: '2026-03-05' };
    const found = expenseOccurrences(rule, weeksFrom('2026-03-02', 10));
    expect(found.map((o) => [o.week.startDate, o.date])).toEqual([
      ['2026-03-02', '2026-03-05'],
      ['2026-03-30', '2026-04-05'],
      ['2026-05-04', '2026-05-05'],
    ]);
  });

  it('stops after the number of occurrences', () => {
    const rule = { frequencyTypeId: FREQUENCY.Weekly, occurences: 3, expenseStartDate: '2026-03-02' };
    expect(dates(expenseOccurrencesBetween(rule, '2026-01-01', '2026-12-31'))).toEqual(['2026-03-02', '2026-03-09', '2026-03-16']);
    expect(totalOccurrences(rule)).toBe(3);
  });

  it('stops at the end date when it comes before the occurrences run out', () => {
    const rule = { frequencyTypeId: FREQUENCY.Weekly, occurences: 10, expenseStartDate: '2026-03-02', expenseEndDate: '2026-03-20' };
    expect(dates(expenseOccurrencesBetween(rule, '2026-01-01', '2026-12-31'))).toEqual(['2026-03-02', '2026-03-09', '2026-03-16']);
    expect(totalOccurrences(rule)).toBe(3);
  });

  it('an occurrence on the end date itself counts', () => {
    const rule = { frequencyTypeId: FREQUENCY.EveryTwoWeeks, expenseStartDate: '2026-03-02', expenseEndDate: '2026-03-30' };
    expect(dates(expenseOccurrencesBetween(rule, '2026-03-01', '2026-12-31'))).toEqual(['2026-03-02', '2026-03-16', '2026-03-30']);
  });

  it('occurences 0 or empty means no limit until the end date, and without an end date no limit at all', () => {
    for (const occurences of [0, null, undefined]) {
      const rule = { frequencyTypeId: FREQUENCY.Monthly, occurences, expenseStartDate: '2026-01-15', expenseEndDate: '2026-04-14' };
      expect(dates(expenseOccurrencesBetween(rule, '2020-01-01', '2030-01-01'))).toEqual(['2026-01-15', '2026-02-15', '2026-03-15']);
    }
    const endless = { frequencyTypeId: FREQUENCY.Weekly, occurences: 0, expenseStartDate: '2026-01-05' };
    expect(totalOccurrences(endless)).toBeNull();
    expect(expenseOccurrencesBetween(endless, '2030-12-30', '2031-01-05')).toEqual([{ date: '2030-12-30', number: 261 }]);
  });

  it('a one-time expense falls in the week of its expense date only, whatever the count says', () => {
    const rule = { frequencyTypeId: FREQUENCY.OneTime, occurences: 5, expenseDate: '2026-03-20', expenseStartDate: '2026-03-02' };
    const found = expenseOccurrences(rule, weeksFrom('2026-03-02', 4));
    expect(found.map((o) => [o.week.weekId, o.date])).toEqual([[3, '2026-03-20']]);
    expect(totalOccurrences(rule)).toBe(1);
  });

  it('a one-time expense without an expense date falls on its start date; a recurring one without a start date starts on the expense date', () => {
    expect(dates(expenseOccurrencesBetween({ frequencyTypeId: FREQUENCY.OneTime, expenseStartDate: '2026-03-04' }, '2026-03-01', '2026-03-31'))).toEqual([
      '2026-03-04',
    ]);
    expect(
      dates(expenseOccurrencesBetween({ frequencyTypeId: FREQUENCY.Weekly, occurences: 2, expenseDate: '2026-03-04' }, '2026-03-01', '2026-03-31')),
    ).toEqual(['2026-03-04', '2026-03-11']);
  });

  it('nothing before the start date, and nothing for an expense without any date', () => {
    expect(expenseOccurrencesBetween({ frequencyTypeId: FREQUENCY.Weekly, expenseStartDate: '2026-03-16' }, '2026-03-01', '2026-03-15')).toEqual([]);
    expect(expenseOccurrencesBetween({ frequencyTypeId: FREQUENCY.Weekly }, '2026-03-01', '2026-03-31')).toEqual([]);
  });

  describe('the schedule shown in the table', () => {
    const weekly = { frequencyTypeId: FREQUENCY.Weekly, occurences: 4, expenseStartDate: '2026-03-02' };

    it('before the start: the first occurrence, all remaining', () => {
      expect(expenseSchedule(weekly, '2026-02-20')).toEqual({ nextOccurrenceDate: '2026-03-02', remainingOccurrences: 4 });
    });

    it('on an occurrence day, that day is next and still counts', () => {
      expect(expenseSchedule(weekly, '2026-03-09')).toEqual({ nextOccurrenceDate: '2026-03-09', remainingOccurrences: 3 });
    });

    it('between occurrences, the following one', () => {
      expect(expenseSchedule(weekly, '2026-03-10')).toEqual({ nextOccurrenceDate: '2026-03-16', remainingOccurrences: 2 });
    });

    it('after the last: none', () => {
      expect(expenseSchedule(weekly, '2026-03-24')).toEqual({ nextOccurrenceDate: null, remainingOccurrences: 0 });
    });

    it('an expense without an end has a next date and no count', () => {
      expect(expenseSchedule({ frequencyTypeId: FREQUENCY.Monthly, expenseStartDate: '2026-01-31' }, '2026-04-01')).toEqual({
        nextOccurrenceDate: '2026-04-30',
        remainingOccurrences: null,
      });
    });

    it('an end date counts what is left until it', () => {
      const rule = { frequencyTypeId: FREQUENCY.Monthly, expenseStartDate: '2026-01-31', expenseEndDate: '2026-12-31' };
      expect(expenseSchedule(rule, '2026-03-01')).toEqual({ nextOccurrenceDate: '2026-03-31', remainingOccurrences: 10 });
    });

    it('a one-time expense: its date until it has passed', () => {
      const once = { frequencyTypeId: FREQUENCY.OneTime, expenseDate: '2026-03-20' };
      expect(expenseSchedule(once, '2026-03-20')).toEqual({ nextOccurrenceDate: '2026-03-20', remainingOccurrences: 1 });
      expect(expenseSchedule(once, '2026-03-21')).toEqual({ nextOccurrenceDate: null, remainingOccurrences: 0 });
    });
  });
});
