import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdOn } from './columns';
import { owningCompany } from './companies';
import { users } from './users';

/**
 * The import pipeline's own tables (modules/imports, decision 016): an import, a file kept between its
 * preview and its confirmation, a saved column mapping. The lines an import writes are in the tables
 * of the module that owns them (fuel lines and miles in fuel.ts, invoice lines in invoices.ts), each
 * pointing to its import.
 */

/**
 * One uploaded file that was imported: what it was, who brought it in, what it added. Rows an import
 * added point to it, so undoing the import removes exactly them. A fuel or miles import is written
 * while 'pending' (its lines are in their table, and nothing reads them: lib/import-lines.ts) and
 * becomes 'done' in one short final step; one that fails, or whose run died, is 'removing' while
 * its lines are deleted. A company has at most one import of a kind that is not done.
 */
export const imports = pgTable(
  'imports',
  {
    id: serial('id').primaryKey(),
    companyId: owningCompany(),
    /** 'fuel', 'miles', 'loads', 'invoice'. */
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    /** The recognised layout ('EFS (WEX)') or the preset's name. */
    layout: text('layout').notNull(),
    rowsRead: integer('rows_read').notNull(),
    rowsAdded: integer('rows_added').notNull(),
    rowsDuplicate: integer('rows_duplicate').notNull(),
    rowsFlagged: integer('rows_flagged').notNull(),
    rowsRefused: integer('rows_refused').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdOn: createdOn(),
    /** Rows this import (or change by hand) replaced, as they were: undoing it puts them back. */
    replaced: jsonb('replaced').$type<Record<string, unknown>[]>(),
    undoneOn: timestamp('undone_on', { withTimezone: true, mode: 'string' }),
    undoneBy: integer('undone_by').references(() => users.id, { onDelete: 'set null' }),
    /** 'done'; 'pending' while its lines are written; 'removing' while a failed one's lines are deleted. */
    status: text('status').notNull().default('done'),
    /** While not done: when its run last wrote (a run silent for minutes has died; its lines are removed). */
    touchedOn: timestamp('touched_on', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    index('imports_company_kind_idx').on(t.companyId, t.kind, t.createdOn),
    // One open import per company and kind: a second waits for it (no line is skipped as a duplicate of lines later removed).
    uniqueIndex('imports_open_uq')
      .on(t.companyId, t.kind)
      .where(sql`${t.status} <> 'done'`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * An uploaded file waiting between its preview and its confirmation (or a new preview with a
 * mapping). Kept in the database so any server process can confirm it; purged after a day.
 */
export const importFiles = pgTable(
  'import_files',
  {
    id: text('id').primaryKey(),
    companyId: owningCompany(),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    content: bytea('content').notNull(),
    /** The content is gzipped (the import page's previews; the load import keeps its files as sent). */
    compressed: boolean('compressed').notNull().default(false),
    year: smallint('year'),
    quarter: smallint('quarter'),
    /** The work week a payment file (invoice) is imported for. */
    weekId: integer('week_id'),
    presetId: integer('preset_id'),
    mapping: jsonb('mapping').$type<Record<string, string>>(),
    /** A miles file's unit → a unit of the fleet, chosen in the preview. */
    unitMap: jsonb('unit_map').$type<Record<string, string>>(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdOn: createdOn(),
  },
  (t) => [index('import_files_company_idx').on(t.companyId, t.createdOn)],
);

/** A company's named column mapping for a file layout the product does not know. */
export const importPresets = pgTable(
  'import_presets',
  {
    id: serial('id').primaryKey(),
    companyId: owningCompany(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** The normalised header row the preset was made from: a file with it is recognised. */
    headers: jsonb('headers').$type<string[]>().notNull(),
    /** Our field → their column header. */
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
    createdOn: createdOn(),
  },
  (t) => [uniqueIndex('import_presets_company_name_uq').on(t.companyId, t.kind, sql`lower(${t.name})`)],
);
