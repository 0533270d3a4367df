import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdOn } from './columns';

/** Companies: every company-owned row elsewhere refers to one. */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    createdOn: createdOn(),
  },
  (t) => [uniqueIndex('companies_name_uq').on(sql`lower(${t.name})`)],
);

/** The company a row belongs to: every company-owned table has it, and its rows go with the company. */
export const owningCompany = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });
