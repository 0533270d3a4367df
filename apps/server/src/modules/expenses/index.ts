/** Expenses: one-time and recurring charges to a driver or the company; occurrences are derived. */

export { findExpenseLines, type TExpenseLine } from './queries';
export { expensesModule } from './routes';
export { deleteExpense, upsertExpense } from './service';
