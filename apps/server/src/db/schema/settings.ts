import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedOn } from './columns';
import { companies } from './companies';

/** Per-company settings (the external board's service URL and the like). */
export const companySettings = pgTable('company_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  serviceUrl: text('service_url'),
  /** The IFTA return worksheet's rounding choices (domain-notes §1.2) and the account number it prints. */
  iftaMpgRounding: text('ifta_mpg_rounding').notNull().default('round2'),
  iftaGallonsRounding: text('ifta_gallons_rounding').notNull().default('whole'),
  iftaAccountNumber: text('ifta_account_number'),
  updatedOn: updatedOn(),
});
