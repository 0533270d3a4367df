import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdOn, updatedOn } from './columns';


export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    createdOn: createdOn(),
  },
  (t) => [uniqueIndex('companies_name_uq').on(sql`lower(${t.name})`)],
);

export const roles = pgTable('roles', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Always stored lower-case: the identity provider's verified email. */
    email: text('email').notNull(),
    /** The provider's subject for this person. */
    uid: text('uid'),
    displayName: text('display_name'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phoneNumber: text('phone_number'),
    lastLoginDate: timestamp('last_login_date', { withTimezone: true, mode: 'string' }),
    createdOn: createdOn(),
    updatedOn: updatedOn(),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email)],
);

/** Membership of a person in a company; the per-company facts about them live here. */
export const userCompanies = pgTable(
  'user_companies',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    isActive: boolean('is_active').notNull().default(true),
    unitNumber: text('unit_number'),
    serviceFee: numeric('service_fee', { precision: 12, scale: 2 }).notNull().default('0'),
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

/** A company's changes to the default permission matrix; 'None' takes a default away. */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    roleId: smallint('role_id')
      .notNull()
      .references(() => roles.id),
    objectName: text('object_name').notNull(),
    accessType: text('access_type', { enum: ['None', 'Read', 'DenyDelete', 'Write'] }).notNull(),
    isMenuVisible: boolean('is_menu_visible').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.roleId, t.objectName] })],
);

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
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);
