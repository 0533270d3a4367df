import { boolean, pgTable, smallint, text } from 'drizzle-orm/pg-core';

/** Fixed reference data every database holds (seeded from the contract at start). */
export const roles = pgTable('roles', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
});

/** US states, DC and the Marshall Islands, ids in alphabetical order (California is 5). */
export const states = pgTable('states', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code').notNull(),
});

export const loadStatuses = pgTable('load_statuses', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
  sortOrder: smallint('sort_order').notNull(),
  /** The load's payout counts in gross pay and company gross (delivered, invoiced, paid, TONU). */
  countsAsRevenue: boolean('counts_as_revenue').notNull().default(false),
});
