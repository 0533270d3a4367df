import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Request counts of the rate limits (sign-in per address, the API per session), kept in the
 * database so that every server process on it counts as one. One row per key and limit; a window
 * that has passed starts again at 1. Rows are purged hourly once their window is a day old.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  /** The limit's group and the client's key: 'api|session:…', 'sign-in|address:…'. */
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'string' }).notNull(),
  hits: integer('hits').notNull(),
});
