import { describe, expect, it } from 'vitest';
import { scheduleSummary } from './schedule-summary';

describe('the schedule summary under the expense form', () => {
  it('says when the rule charges', () => {
    expect(scheduleSummary({ frequencyTypeId: 1, expenseDate: '2026-03-20' })).toBe('Once, on 03/20/2026');
    expect(scheduleSummary({ frequencyTypeId: 2, occurences: '4', expenseStartDate: '2026-12-07' })).toBe('4 times, 12/07/2026 to 12/28/2026');
    expect(scheduleSummary({ frequencyTypeId: 4, expenseStartDate: '2026-01-31', expenseEndDate: '2026-04-29' })).toBe('3 times, 01/31/2026 to 03/31/2026');
    expect(scheduleSummary({ frequencyTypeId: 3, occurences: '', expenseStartDate: '2026-12-07' })).toBe('From 12/07/2026, with no end');
  });

  it('says nothing until there is a first day and a frequency', () => {
    expect(scheduleSummary({ frequencyTypeId: 2 })).toBe('');
    expect(scheduleSummary({ frequencyTypeId: '', expenseStartDate: '2026-12-07' })).toBe('');
  });
});
