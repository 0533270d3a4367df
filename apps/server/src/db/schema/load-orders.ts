import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdOn, updatedOn } from './columns';
import { owningCompany } from './companies';
import { loads } from './loads';
import { users } from './users';

type TLocation = { label: string; latitude: number; longitude: number };

/** What a dispatcher wants for a driver from the external board (spec §3 Load order). */
export const loadOrders = pgTable(
  'load_orders',
  {
    id: serial('id').primaryKey(),
    companyId: owningCompany(),
    /** Spec §4: 1 active, 0 history. */
    status: smallint('status').notNull().default(1),
    /** searching | paused | booking | booked | alerted | cancelled | expired */
    state: text('state').notNull().default('searching'),
    stateReason: text('state_reason'),
    workType: text('work_type').notNull(),
    origin: jsonb('origin').$type<TLocation>().notNull(),
    originRadius: smallint('origin_radius').notNull(),
    destination: jsonb('destination').$type<TLocation[]>().notNull(),
    destinationRadius: smallint('destination_radius').notNull(),
    excludedDestinations: jsonb('excluded_destinations').$type<TLocation[]>().notNull(),
    excludedStates: jsonb('excluded_states').$type<string[]>().notNull(),
    numberOfStops: smallint('number_of_stops').notNull(),
    minPickupTime: integer('min_pickup_time').notNull(),
    pickupTimeWithin: numeric('pickup_time_within', { precision: 8, scale: 2 }).notNull(),
    loadStartDate: timestamp('load_start_date', { withTimezone: true, mode: 'string' }),
    loadEndDate: timestamp('load_end_date', { withTimezone: true, mode: 'string' }),
    loadingType: text('loading_type').notNull(),
    ppm: numeric('ppm', { precision: 8, scale: 2 }).notNull(),
    payout: numeric('payout', { precision: 12, scale: 2 }).notNull(),
    minDistance: numeric('min_distance', { precision: 10, scale: 1 }).notNull(),
    maxDistance: numeric('max_distance', { precision: 10, scale: 1 }).notNull(),
    driver1Id: integer('driver1_id')
      .notNull()
      .references(() => users.id),
    driver2Id: integer('driver2_id').references(() => users.id),
    timeZone: text('time_zone').notNull(),
    orderActionType: smallint('order_action_type').notNull(),
    refreshRate: numeric('refresh_rate', { precision: 8, scale: 2 }).notNull(),
    lastSearchOn: timestamp('last_search_on', { withTimezone: true, mode: 'string' }),
    /**
     * When the engine may tick the order next. Claiming a tick moves it ahead (a lease), so with
     * several servers each tick runs once; null means due now.
     */
    nextSearchOn: timestamp('next_search_on', { withTimezone: true, mode: 'string' }),
    searches: integer('searches').notNull().default(0),
    matchesSeen: integer('matches_seen').notNull().default(0),
    bookedLoadId: integer('booked_load_id').references(() => loads.id, { onDelete: 'set null' }),
    bookedLoadNumber: text('booked_load_number'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdOn: createdOn(),
    updatedOn: updatedOn(),
  },
  (t) => [index('load_orders_company_status_idx').on(t.companyId, t.status, t.createdOn), index('load_orders_status_idx').on(t.status)],
);

/** An order's timeline: every search, match, alert and booking attempt (pruned after 90 days). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: owningCompany(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loadOrders.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    workOpportunityId: text('work_opportunity_id'),
    detail: jsonb('detail'),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.at),
    index('order_events_at_idx').on(t.at),
    // Each work opportunity is alerted (or, for booking orders, counted as a match) once per order.
    uniqueIndex('order_events_once_uq')
      .on(t.orderId, t.kind, t.workOpportunityId)
      .where(sql`${t.kind} in ('alert', 'match')`),
  ],
);

/**
 * An order books at most once, ever: the booking row is written before the board is asked, under
 * the order's lock, and its primary key is the order. A work opportunity is booked at most once
 * per company too.
 */
export const orderBookings = pgTable(
  'order_bookings',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => loadOrders.id, { onDelete: 'cascade' }),
    companyId: owningCompany(),
    workOpportunityId: text('work_opportunity_id').notNull(),
    /** pending | booked | lost | failed */
    state: text('state').notNull(),
    detail: text('detail'),
    createdOn: createdOn(),
  },
  (t) => [uniqueIndex('order_bookings_company_wo_uq').on(t.companyId, t.workOpportunityId)],
);

/**
 * The engine's pacing of one board account (a company's connection), shared by every server on
 * the database: the next free request slot, and a pause after 429/503 (Retry-After).
 */
export const boardPacing = pgTable('board_pacing', {
  companyId: owningCompany().primaryKey(),
  nextSlotOn: timestamp('next_slot_on', { withTimezone: true, mode: 'string' }).notNull(),
  /** No request before this (a 429 or 503 and its Retry-After, or the backoff). */
  blockedUntil: timestamp('blocked_until', { withTimezone: true, mode: 'string' }),
  /** Consecutive 429/503 answers (the backoff's exponent); 0 after a good answer. */
  failures: integer('failures').notNull().default(0),
});
