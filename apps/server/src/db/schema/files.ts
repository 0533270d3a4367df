import { sql } from 'drizzle-orm';
import { bigint, check, customType, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdOn } from './columns';
import { owningCompany } from './companies';
import { users } from './users';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * A stored file's metadata (decision 020): its content is in `file_chunks` (storage 'db') or in
 * the FILES_DIR folder under its id (storage 'disk'). `sha256` is null while the content is still
 * being written: no reader shows such a file, and a failed write removes it.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey(),
    companyId: owningCompany(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    sha256: text('sha256'),
    /** db | disk */
    storage: text('storage').notNull(),
    createdOn: createdOn(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('files_company_idx').on(t.companyId, t.createdOn), check('files_storage_ck', sql`${t.storage} in ('db', 'disk')`)],
);

/** The content of a file kept in the database, in pieces of at most 256 KB (seq from 0). */
export const fileChunks = pgTable(
  'file_chunks',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    companyId: owningCompany(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);
