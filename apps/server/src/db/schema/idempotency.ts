import { index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { createdOn } from './columns';
import { users } from './users';

/**
 * The answers to mutations sent with an Idempotency-Key (one per opened form): a retried or
 * doubled request gets the first answer instead of doing the work twice. Kept for a day.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'POST /api/Broker/AddUpdateBroker' */
    route: text('route').notNull(),
    key: text('key').notNull(),
    /** sha256 of the body, query and company: one key never answers a different request. */
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: ['pending', 'done'] }).notNull(),
    status: smallint('status'),
    contentType: text('content_type'),
    body: text('body'),
    createdOn: createdOn(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.route, t.key] }), index('idempotency_keys_created_idx').on(t.createdOn)],
);
