import { boolean, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { owningCompany } from './companies';
import { roles } from './lookups';

/** A company's changes to the default permission matrix; 'None' takes a default away. */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    companyId: owningCompany(),
    roleId: smallint('role_id')
      .notNull()
      .references(() => roles.id),
    objectName: text('object_name').notNull(),
    accessType: text('access_type', { enum: ['None', 'Read', 'DenyDelete', 'Write'] }).notNull(),
    isMenuVisible: boolean('is_menu_visible').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.roleId, t.objectName] })],
);
