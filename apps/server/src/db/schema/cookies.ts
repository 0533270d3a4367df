import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdOn, updatedOn } from './columns';
import { owningCompany } from './companies';
import { users } from './users';

/**
 * The external board's signed-in sessions a company stores (spec §3 Company cookie). Cookie and
 * token are sealed by the vault (loadboard/vault.ts): nothing here is readable without the key.
 */
export const companyCookies = pgTable(
  'company_cookies',
  {
    id: serial('id').primaryKey(),
    companyId: owningCompany(),
    cookieSealed: text('cookie_sealed').notNull(),
    csrfTokenSealed: text('csrf_token_sealed').notNull(),
    cookieSource: text('cookie_source').notNull(),
    /** unchecked | working | expired | unreachable */
    status: text('status').notNull().default('unchecked'),
    isInUse: boolean('is_in_use').notNull().default(false),
    lastCheckedOn: timestamp('last_checked_on', { withTimezone: true, mode: 'string' }),
    lastError: text('last_error'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdOn: createdOn(),
    updatedOn: updatedOn(),
  },
  (t) => [index('company_cookies_company_idx').on(t.companyId, t.createdOn)],
);
