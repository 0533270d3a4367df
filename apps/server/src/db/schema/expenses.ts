import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { createdOn, updatedOn } from './columns';
import { owningCompany } from './companies';
import { users } from './users';

/** Expense types, fixed reference data seeded from the contract's EXPENSE_TYPES at start. */
export const expenseTypes = pgTable('expense_types', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
  /** A reimbursement adds to pay; every other type is deducted. */
  isReimbursement: boolean('is_reimbursement').notNull().default(false),
  sortOrder: smallint('sort_order').notNull(),
});

/** One time, weekly, every two weeks, monthly: seeded from the contract's FREQUENCY_TYPES. */
export const frequencyTypes = pgTable('frequency_types', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
  sortOrder: smallint('sort_order').notNull(),
});

/**
 * A company's expenses. A recurring one is a rule (frequency, count, dates); its occurrences are
 * derived by the contract's occurrence rule when asked for, never stored.
 */
export const expenses = pgTable(
  'expenses',
  {
    id: serial('id').primaryKey(),
    companyId: owningCompany(),
    expenseTypeId: smallint('expense_type_id')
      .notNull()
      .references(() => expenseTypes.id),
    /** The description. */
    name: text('name').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    frequencyTypeId: smallint('frequency_type_id')
      .notNull()
      .references(() => frequencyTypes.id),
    /** How many times it occurs; null is no limit (until the end date, if any). */
    occurrences: integer('occurrences'),
    expenseDate: date('expense_date', { mode: 'string' }),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    /** The receiver: a driver of the company, or null for a company expense. */
    userId: integer('user_id').references(() => users.id),
    comments: text('comments'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdOn: createdOn(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedOn: updatedOn(),
  },
  (t) => [
    index('expenses_company_idx').on(t.companyId, t.id),
    // The dashboard and settlements ask for one driver's expenses.
    index('expenses_company_user_idx').on(t.companyId, t.userId),
    check('expenses_amount_ck', sql`${t.amount} > 0`),
    check('expenses_occurrences_ck', sql`${t.occurrences} is null or ${t.occurrences} > 0`),
  ],
);
