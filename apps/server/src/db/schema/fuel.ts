import { sql } from 'drizzle-orm';
import { boolean, customType, date, index, integer, jsonb, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdOn } from './columns';
import { owningCompany } from './companies';
import { users } from './users';
import { workWeeks } from './work-weeks';

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

/** A fuel-card transaction line, normalised; non-IFTA products are kept and flagged. */
export const fuelTransactions = pgTable(
  'fuel_transactions',
  {
    id: serial('id').primaryKey(),
    companyId: owningCompany(),
    importId: integer('import_id').references(() => imports.id, { onDelete: 'cascade' }),
    vendor: text('vendor').notNull(),
    /** The card's last four digits only. */
    cardLast4: text('card_last4'),
    fuelDate: date('fuel_date', { mode: 'string' }).notNull(),
    fuelTime: text('fuel_time'),
    unitNumber: text('unit_number').notNull(),
    /** As printed on the card report. */
    driverName: text('driver_name'),
    location: text('location'),
    city: text('city'),
    /** USPS state or Canadian province code. */
    stateCode: text('state_code').notNull(),
    product: text('product').notNull(),
    /** The vendor's own product code or description. */
    productCode: text('product_code'),
    isIfta: boolean('is_ifta').notNull(),
    /** US gallons. */
    quantity: numeric('quantity', { precision: 12, scale: 3 }).notNull(),
    unitPrice: numeric('unit_price', { precision: 10, scale: 4 }),
    paidPrice: numeric('paid_price', { precision: 10, scale: 4 }),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    discount: numeric('discount', { precision: 12, scale: 2 }),
    currency: text('currency').notNull().default('USD'),
    taxPaid: boolean('tax_paid').notNull().default(true),
    invoice: text('invoice'),
    /**
     * unit (or card) | date and time | invoice (or site) | product | gallons | amount (`fuelKey`): the
     * same line never twice, whichever layout or preset read it.
     */
    naturalKey: text('natural_key').notNull(),
    /**
     * Late fuel: a line dated in a week already closed is deducted in this week (the first open one
     * after it) instead. Null: it is deducted in its date's week. IFTA counts it by its date either way.
     */
    settleWeekId: integer('settle_week_id').references(() => workWeeks.id),
    createdOn: createdOn(),
  },
  (t) => [
    uniqueIndex('fuel_company_identity_uq').on(t.companyId, t.naturalKey),
    index('fuel_company_date_idx').on(t.companyId, t.fuelDate),
    index('fuel_company_unit_idx').on(t.companyId, t.unitNumber, t.fuelDate),
    index('fuel_import_idx').on(t.importId),
    index('fuel_company_settle_week_idx').on(t.companyId, t.settleWeekId),
  ],
);

/**
 * Miles at the grain the file gives them: a unit's miles in a jurisdiction for a quarter (a
 * quarter-grain file or a change by hand, `trip_date` null), or one trip with its date (trip files;
 * year and quarter are the trip's). The natural key tells a repeated row or trip: see `naturalKey`.
 */
export const iftaMiles = pgTable(
  'ifta_miles',
  {
    id: serial('id').primaryKey(),
    companyId: owningCompany(),
    importId: integer('import_id').references(() => imports.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    quarter: smallint('quarter').notNull(),
    unitNumber: text('unit_number').notNull(),
    stateCode: text('state_code').notNull(),
    totalMiles: numeric('total_miles', { precision: 12, scale: 3 }).notNull(),
    taxableMiles: numeric('taxable_miles', { precision: 12, scale: 3 }).notNull(),
    source: text('source').notNull(),
    /** The trip's day; null on a quarter's miles. */
    tripDate: date('trip_date', { mode: 'string' }),
    /** The vendor's trip id, when the file gives one. */
    tripId: text('trip_id'),
    startOdometer: numeric('start_odometer', { precision: 12, scale: 3 }),
    endOdometer: numeric('end_odometer', { precision: 12, scale: 3 }),
    /** A quarter row: unit | jurisdiction | quarter | source. A trip: its id, else unit | day | jurisdiction | distance. */
    naturalKey: text('natural_key').notNull(),
    createdOn: createdOn(),
  },
  (t) => [
    uniqueIndex('ifta_miles_company_natural_key_uq').on(t.companyId, t.naturalKey),
    index('ifta_miles_company_period_idx').on(t.companyId, t.year, t.quarter),
    index('ifta_miles_company_trip_date_idx').on(t.companyId, t.tripDate),
    index('ifta_miles_import_idx').on(t.importId),
  ],
);

/**
 * A quarter's IFTA tax-rate matrix as the company's administrator uploaded it (rates are public and
 * the same for everyone; kept per company so that tenancy stays one rule: docs/decisions/011).
 * Uploading the quarter again replaces it.
 */
export const iftaRateMatrices = pgTable(
  'ifta_rate_matrices',
  {
    id: serial('id').primaryKey(),
    companyId: owningCompany(),
    year: smallint('year').notNull(),
    quarter: smallint('quarter').notNull(),
    fileName: text('file_name').notNull(),
    /** The file says it is the synthetic sample: the worksheet warns that it must not be filed. */
    isSample: boolean('is_sample').notNull().default(false),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdOn: createdOn(),
  },
  (t) => [uniqueIndex('ifta_rate_matrices_company_quarter_uq').on(t.companyId, t.year, t.quarter)],
);

/** One jurisdiction's diesel rates of a matrix: US$ per US gallon, C$ per litre, and the surcharge. */
export const iftaRates = pgTable(
  'ifta_rates',
  {
    id: serial('id').primaryKey(),
    companyId: owningCompany(),
    matrixId: integer('matrix_id')
      .notNull()
      .references(() => iftaRateMatrices.id, { onDelete: 'cascade' }),
    stateCode: text('state_code').notNull(),
    fuelType: text('fuel_type').notNull().default('diesel'),
    usdPerGal: numeric('usd_per_gal', { precision: 8, scale: 4 }).notNull(),
    cadPerLitre: numeric('cad_per_litre', { precision: 8, scale: 4 }),
    surchargeUsdPerGal: numeric('surcharge_usd_per_gal', { precision: 8, scale: 4 }).notNull().default('0'),
  },
  (t) => [uniqueIndex('ifta_rates_matrix_state_uq').on(t.matrixId, t.stateCode, t.fuelType), index('ifta_rates_company_idx').on(t.companyId)],
);
