import type { TStatement } from '@haulboard/contract';
import { index, integer, jsonb, pgTable, serial, smallint, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { owningCompany } from './companies';
import { users } from './users';
import { workWeeks } from './work-weeks';

/**
 * Each time a work week's settlements are closed: who and when, and who reopened it and when.
 * A week is closed while it has a closure that is not reopened; closing again is the next revision.
 */
export const settlementClosures = pgTable(
  'settlement_closures',
  {
    id: serial('id').primaryKey(),
    companyId: owningCompany(),
    weekId: integer('week_id')
      .notNull()
      .references(() => workWeeks.id),
    revision: smallint('revision').notNull(),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closedOn: timestamp('closed_on', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    reopenedBy: integer('reopened_by').references(() => users.id, { onDelete: 'set null' }),
    reopenedOn: timestamp('reopened_on', { withTimezone: true, mode: 'string' }),
  },
  (t) => [uniqueIndex('settlement_closures_week_revision_uq').on(t.companyId, t.weekId, t.revision)],
);

/** A frozen statement: the whole statement as it was when its week was closed, kept for every revision. */
export const settlementStatements = pgTable(
  'settlement_statements',
  {
    id: serial('id').primaryKey(),
    companyId: owningCompany(),
    closureId: integer('closure_id')
      .notNull()
      .references(() => settlementClosures.id, { onDelete: 'cascade' }),
    weekId: integer('week_id')
      .notNull()
      .references(() => workWeeks.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The company's running statement number, kept by the driver and week across revisions. */
    statementNumber: integer('statement_number').notNull(),
    revision: smallint('revision').notNull(),
    data: jsonb('data').$type<TStatement>().notNull(),
  },
  (t) => [
    uniqueIndex('settlement_statements_closure_user_uq').on(t.closureId, t.userId),
    index('settlement_statements_company_week_idx').on(t.companyId, t.weekId, t.userId),
  ],
);
