import { describe, expect, it } from 'vitest';
import { EXPENSE_TEXT, FREQUENCY, ZExpenseForm } from './expenses';
import { MSG } from './messages';

const errors = (input: unknown) => {
  const r = ZExpenseForm.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the expense form', () => {
  it('says "Field is required" for each of the spec’s required fields', () => {
    expect(errors({ expenseName: ' ', amount: '', expenseTypeId: null, frequencyTypeId: '' })).toMatchObject({
      expenseTypeId: MSG.required,
      expenseName: MSG.required,
      amount: MSG.required,
      frequencyTypeId: MSG.required,
    });
    expect(errors({})).toMatchObject({ amount: MSG.required });
  });

  it('reads an amount as typed into canonical decimal text and leaves the optional fields empty', () => {
    const form = ZExpenseForm.parse({ expenseTypeId: 1, expenseName: 'Insurance', amount: '$1,234.5', frequencyTypeId: 1, expenseDate: '2026-03-20', occurences: '' });
    expect(form).toMatchObject({ amount: '1234.50', occurences: null, expenseUserId: null, expenseStartDate: null, comments: null, companyExpenseId: null });
  });

  it('refuses a zero or negative amount and one with fractions of a cent', () => {
    const base = { expenseTypeId: 1, expenseName: 'x', frequencyTypeId: 1, expenseDate: '2026-03-20' };
    expect(errors({ ...base, amount: '0' }).amount).toBe(EXPENSE_TEXT.positiveAmount);
    expect(errors({ ...base, amount: '-5' }).amount).toBe(EXPENSE_TEXT.positiveAmount);
    expect(errors({ ...base, amount: '1.005' }).amount).toBe('At most two decimal places');
    expect(errors({ ...base, amount: 'ten' }).amount).toBe('Enter an amount');
  });

  it('needs a first day for the rule, and an end date not before it', () => {
    const base = { expenseTypeId: 1, expenseName: 'x', amount: '10' };
    expect(errors({ ...base, frequencyTypeId: FREQUENCY.OneTime })).toEqual({ expenseDate: EXPENSE_TEXT.needsDate });
    expect(errors({ ...base, frequencyTypeId: FREQUENCY.Weekly })).toEqual({ expenseStartDate: EXPENSE_TEXT.needsDate });
    expect(errors({ ...base, frequencyTypeId: FREQUENCY.Weekly, expenseStartDate: '2026-03-10', expenseEndDate: '2026-03-09' })).toEqual({
      expenseEndDate: EXPENSE_TEXT.endBeforeStart,
    });
    expect(errors({ ...base, frequencyTypeId: FREQUENCY.Weekly, expenseStartDate: '2026-02-30' })).toMatchObject({ expenseStartDate: 'Enter a valid date (YYYY-MM-DD)' });
  });

  it('bounds the count of occurrences', () => {
    const base = { expenseTypeId: 1, expenseName: 'x', amount: '10', frequencyTypeId: 2, expenseStartDate: '2026-03-02' };
    expect(errors({ ...base, occurences: 2.5 }).occurences).toBe('Must be a whole number');
    expect(errors({ ...base, occurences: 100000 }).occurences).toBe('Must be at most 520');
    expect(ZExpenseForm.parse({ ...base, occurences: '0' }).occurences).toBeNull();
  });
});
