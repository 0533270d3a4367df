import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { brokers } from './brokers';
import { createdOn, updatedOn } from './columns';
import { owningCompany } from './companies';
import { loadStatuses, states } from './lookups';
import { users } from './users';
import { workWeeks } from './work-weeks';

export const loads = pgTable(
  'loads',
  {
    id: serial('id').primaryKey(),
    companyId: owningCompany(),
    loadNumber: text('load_number').notNull(),
    brokerId: integer('broker_id')
      .notNull()
      .references(() => brokers.id),
    loadStartDate: timestamp('load_start_date', { withTimezone: true, mode: 'string' }).notNull(),
    loadEndDate: timestamp('load_end_date', { withTimezone: true, mode: 'string' }).notNull(),
    weekId: integer('week_id')
      .notNull()
      .references(() => workWeeks.id),
    originStateId: smallint('origin_state_id')
      .notNull()
      .references(() => states.id),
    originCity: text('origin_city').notNull(),
    destinationStateId: smallint('destination_state_id')
      .notNull()
      .references(() => states.id),
    destinationCity: text('destination_city').notNull(),
    tripLength: numeric('trip_length', { precision: 10, scale: 1 }).notNull(),
    numberOfStops: smallint('number_of_stops').notNull(),
    pricePerMile: numeric('price_per_mile', { precision: 10, scale: 4 }).notNull(),
    payout: numeric('payout', { precision: 12, scale: 2 }).notNull().default('0'),
    loadStatusId: smallint('load_status_id')
      .notNull()
      .references(() => loadStatuses.id),
    isDispute: boolean('is_dispute').notNull().default(false),
    comments: text('comments'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdOn: createdOn(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedOn: updatedOn(),
  },
  (t) => [
    uniqueIndex('loads_company_number_uq').on(t.companyId, t.loadNumber),
    // The board's filters. Payout rides along in each so that the count and the payout total of
    // a filter are index-only scans; (start, id) is also the board's default order.
    index('loads_company_week_idx').on(t.companyId, t.weekId, t.payout),
    index('loads_company_start_idx').on(t.companyId, t.loadStartDate, t.id, t.payout),
    index('loads_company_origin_idx').on(t.companyId, t.originStateId, t.weekId, t.payout),
    // Load number search: the start of the number, ignoring case.
    index('loads_company_number_prefix_idx').on(t.companyId, sql`lower(${t.loadNumber}) text_pattern_ops`),
    // Deleting a broker asks whether any load refers to it.
    index('loads_broker_idx').on(t.brokerId),
  ],
);

/** One or two drivers (a team) per load; position 1 is the first driver. */
export const loadDrivers = pgTable(
  'load_drivers',
  {
    loadId: integer('load_id')
      .notNull()
      .references(() => loads.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.loadId, t.userId] }), index('load_drivers_user_idx').on(t.userId, t.loadId)],
);
