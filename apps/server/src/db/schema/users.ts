import { boolean, date, foreignKey, index, integer, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdOn, updatedOn } from './columns';
import { owningCompany } from './companies';
import { roles } from './lookups';

/** People, their memberships in companies and their roles there. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Always stored lower-case: the identity provider's verified email. */
    email: text('email').notNull(),
    /** The provider's subject for this person. */
    uid: text('uid'),
    /**
     * The provider's issuer and subject ("<iss> <sub>"), once the person has signed in: who they are
     * at the provider, which outlives an email address. An email is matched only until this is known.
     */
    oidcSubject: text('oidc_subject'),
    displayName: text('display_name'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phoneNumber: text('phone_number'),
    lastLoginDate: timestamp('last_login_date', { withTimezone: true, mode: 'string' }),
    createdOn: createdOn(),
    updatedOn: updatedOn(),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email), uniqueIndex('users_oidc_subject_uq').on(t.oidcSubject)],
);

/** Membership of a person in a company; the per-company facts about them live here. */
export const userCompanies = pgTable(
  'user_companies',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: owningCompany(),
    isActive: boolean('is_active').notNull().default(true),
    unitNumber: text('unit_number'),
    serviceFee: numeric('service_fee', { precision: 12, scale: 2 }).notNull().default('0'),
    /** How the service (administration) fee is charged: 'flat' per work week or 'percent' of gross. */
    serviceFeeType: text('service_fee_type').notNull().default('flat'),
    /** The first day they work for the company (set on approval); a flat fee, recurring expenses and the year to date count from its week. Null: not set, no bound. */
    startDate: date('start_date', { mode: 'string' }),
    /** The last day they work for the company; null while they still do. */
    endDate: date('end_date', { mode: 'string' }),
    createdOn: createdOn(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] }), index('user_companies_company_idx').on(t.companyId)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id').notNull(),
    companyId: integer('company_id').notNull(),
    roleId: smallint('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.companyId, t.roleId] }),
    foreignKey({ columns: [t.userId, t.companyId], foreignColumns: [userCompanies.userId, userCompanies.companyId] }).onDelete(
      'cascade',
    ),
    index('user_roles_company_idx').on(t.companyId, t.roleId),
  ],
);
