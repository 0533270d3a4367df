/** Expenses: one-time and recurring charges to a driver or the company; occurrences are derived. */
export { expensesModule } from './routes';
export { deleteExpense, upsertExpense } from './service';
export { findExpenseLines, type TExpenseLine } from './queries';
