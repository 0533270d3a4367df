import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, serial, smallint, uniqueIndex } from 'drizzle-orm/pg-core';
import { owningCompany } from './companies';

export const workWeeks = pgTable(
  'work_weeks',
  {
    id: serial('id').primaryKey(),
    companyId: owningCompany(),
    year: smallint('year').notNull(),
    number: smallint('number').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
  },
  (t) => [
    uniqueIndex('work_weeks_company_year_number_uq').on(t.companyId, t.year, t.number),
    index('work_weeks_company_start_idx').on(t.companyId, t.startDate),
    check('work_weeks_range_ck', sql`${t.endDate} >= ${t.startDate}`),
  ],
);
