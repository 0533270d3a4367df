import { FREQUENCY, type TExpense, type TExpenseForm } from '@haulboard/contract';

/** The fields the expense dialog edits, in the order they appear. */
export const EXPENSE_FIELDS = [
  'expenseTypeId',
  'expenseName',
  'amount',
  'frequencyTypeId',
  'occurences',
  'expenseDate',
  'expenseStartDate',
  'expenseEndDate',
  'expenseUserId',
  'comments',
] as const;
export type TExpenseField = (typeof EXPENSE_FIELDS)[number];

/**
 * The dialog's starting values: a new one-time expense, or the one being edited carrying its
 * `updatedOn` so that a save over someone else's newer change is refused.
 */
export function expenseFormValues(expense: TExpense | null): TExpenseForm {
  if (!expense) {
    return {
      companyExpenseId: 0,
      expenseTypeId: '',
      expenseName: '',
      amount: '',
      frequencyTypeId: FREQUENCY.OneTime,
      occurences: '',
      expenseDate: '',
      expenseStartDate: '',
      expenseEndDate: '',
      expenseUserId: '',
      comments: '',
      updatedOn: null,
    };
  }
  return {
    companyExpenseId: expense.companyExpenseId,
    expenseTypeId: expense.expenseTypeId,
    expenseName: expense.expenseName,
    amount: expense.amount,
    frequencyTypeId: expense.frequencyTypeId,
    occurences: expense.occurences ?? '',
    expenseDate: expense.expenseDate ?? '',
    expenseStartDate: expense.expenseStartDate ?? '',
    expenseEndDate: expense.expenseEndDate ?? '',
    expenseUserId: expense.expenseUserId ?? '',
    comments: expense.comments ?? '',
    updatedOn: expense.updatedOn,
  };
}
