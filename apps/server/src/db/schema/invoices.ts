import { date, index, integer, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdOn } from './columns';
import { owningCompany } from './companies';
import { imports } from './imports';
import { workWeeks } from './work-weeks';

/**
 * The external board's invoice (its payment-details file), line by line, per company and work week.
 * `naturalKey` is the pipeline's key of a line: the same line imported again is skipped, so the same
 * invoice imported twice adds nothing. The file's summary row is never stored.
 */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    companyId: owningCompany(),
    weekId: integer('week_id')
      .notNull()
      .references(() => workWeeks.id),
    importId: integer('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    invoiceNumber: text('invoice_number').notNull(),
    blockId: text('block_id').notNull(),
    tripId: text('trip_id').notNull(),
    loadId: text('load_id').notNull(),
    /** Upper-cased: 'TOUR - COMPLETED', 'LOAD - COMPLETED', 'ADJUSTMENT - DISPUTE', 'ADJUSTMENT - OTHER'. */
    itemType: text('item_type').notNull(),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    distanceMiles: numeric('distance_miles', { precision: 10, scale: 2 }),
    grossPay: numeric('gross_pay', { precision: 12, scale: 2 }).notNull(),
    comments: text('comments').notNull().default(''),
    naturalKey: text('natural_key').notNull(),
    createdOn: createdOn(),
  },
  (t) => [
    uniqueIndex('invoice_lines_company_key_uq').on(t.companyId, t.naturalKey),
    index('invoice_lines_company_week_idx').on(t.companyId, t.weekId),
    index('invoice_lines_import_idx').on(t.importId),
  ],
);
