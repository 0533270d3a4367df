import { boolean, index, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { createdOn, updatedOn } from './columns';
import { owningCompany } from './companies';
import { states } from './lookups';

export const brokers = pgTable(
  'brokers',
  {
    id: serial('id').primaryKey(),
    companyId: owningCompany(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    stateId: smallint('state_id')
      .notNull()
      .references(() => states.id),
    zipCode: text('zip_code').notNull(),
    phoneNumber: text('phone_number').notNull(),
    email: text('email').notNull(),
    mcNumber: text('mc_number'),
    dotNumber: text('dot_number'),
    comments: text('comments'),
    isActive: boolean('is_active').notNull().default(true),
    createdOn: createdOn(),
    updatedOn: updatedOn(),
  },
  (t) => [index('brokers_company_idx').on(t.companyId, t.name)],
);
