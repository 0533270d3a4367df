import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdOn } from './columns';
import { companies } from './companies';
import { users } from './users';

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the cookie's token: a leaked table does not hand out sessions. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    idToken: text('id_token'),
    createdOn: createdOn(),
    /** The 7-day limit from sign-in. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    /** The idle limit (SESSION_IDLE_HOURS): moved forward as the person uses the app. */
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .default(sql`now() + interval '12 hours'`),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);
