
import { boolean, date, index, integer, numeric, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdOn } from './columns';
import { owningCompany } from './companies';
import { imports } from './imports';
import { users } from './users';
import { workWeeks } from './work-weeks';

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
