import { type TExpense, ZExpenseForm } from '@haulboard/contract';
import { describe, expect, it } from 'vitest';
import { expenseFormValues } from './expense-form-values';

const escrow: TExpense = {
  companyExpenseId: 7,
  expenseTypeId: 5,
  expenseTypeName: 'Escrow',
  isReimbursement: false,
  expenseName: 'Escrow contribution',
  amount: '100.00',
  frequencyTypeId: 2,
  frequencyTypeName: 'Weekly',
  occurences: null,
  expenseDate: null,
  expenseStartDate: '2026-03-02',
  expenseEndDate: '2026-08-31',
  expenseUserId: null,
  expenseUserName: null,
  comments: null,
  nextOccurrenceDate: '2026-03-16',
  remainingOccurrences: 25,
  updatedOn: '2026-11-20T10:00:00.000Z',
};

describe('expense form values', () => {
  it('an unchanged edit sends back the same expense, empty fields as null, with its version', () => {
    expect(ZExpenseForm.parse(expenseFormValues(escrow))).toEqual({
      companyExpenseId: 7,
      expenseTypeId: 5,
      expenseName: 'Escrow contribution',
      amount: '100.00',
      frequencyTypeId: 2,
      occurences: null,
      expenseDate: null,
      expenseStartDate: '2026-03-02',
      expenseEndDate: '2026-08-31',
      expenseUserId: null,
      comments: null,
      updatedOn: '2026-11-20T10:00:00.000Z',
    });
  });

  it('a new expense starts as a one-time expense that is not valid until its required fields are filled', () => {
    const values = expenseFormValues(null);
    expect(values.frequencyTypeId).toBe(1);
    const result = ZExpenseForm.safeParse(values);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path[0]).sort()).toEqual(['amount', 'expenseName', 'expenseTypeId']);
  });
});
