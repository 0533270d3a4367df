
import { normaliseHeader, type THeaderCandidate } from '../read';

/**
 * Vendor layouts: what a file's header looks like and how one of its rows becomes records. A layout
 * is recognised by its required headers (normalised, see `normaliseHeader`); its columns map our
 * fields to their headers; `toRecords` turns a row into records (a Comdata row holds tractor fuel,
 * reefer fuel and a cash advance at once), a refusal or a skip, never an exception. A company's own
 * column mapping (our field ← their column) becomes a layout too (`layoutFromMapping`).
 */

export type TImportKind = 'fuel' | 'miles' | 'trips' | 'payments' | 'loads';

export type TFuelProduct = 'diesel' | 'def' | 'reefer' | 'gasoline' | 'oil' | 'cash_advance' | 'fees' | 'other';

export type TFuelRecord = {
  kind: 'fuel';
  vendor: string;
  /** The card's last four digits only. */
  card: string;
  date: string;
  time: string | null;
  unit: string;
  driverName: string;
  location: string;
  city: string;
  /** State or province code; null only on non-IFTA lines (a cash advance) that carry none. */
  state: string | null;
  product: TFuelProduct;
  /** The product as printed ('ULSD', '20 Truck Diesel'). */
  productCode: string;
  /** US gallons, 3 decimals (litres converted). */
  quantity: string;
  originalQuantity: string;
  originalUnit: 'gal' | 'L';
  /** Per US gallon, 4 decimals. */
  retailPrice: string | null;
  paidPrice: string | null;
  amount: string | null;
  discount: string | null;
  currency: 'USD' | 'CAD';
  /** Bought at retail with tax in the pump price (card purchases of tractor diesel). */
  taxPaid: boolean;
  invoice: string;
  authorization: string;
  odometer: string | null;
  /** Counts for IFTA: tractor diesel only. */
  ifta: boolean;
};

export type TMilesRecord = {
  kind: 'miles';
  unit: string;
  jurisdiction: string;
  /** Whether the jurisdiction files IFTA (AK, HI, DC, the territories and Mexico count toward total miles only). */
  ifta: boolean;
  year: number;
  quarter: number;
  /** Miles, 3 decimals (km and meters converted). */
  totalMiles: string;
  taxableMiles: string;
  source: string;
  vin: string;
  /** Per-trip files: the trip's date and odometers, before aggregation. */
  date: string | null;
  startOdometer: string | null;
  endOdometer: string | null;
  /** The vendor's trip id ('' when the file has none, and on quarter rows). */
  tripId: string;
  /** How many rows were summed into this record (1: trips are kept one by one). */
  trips: number;
};

export type TPaymentRecord = {
  kind: 'payments';
  invoiceNumber: string;
  blockId: string;
  tripId: string;
  loadId: string;
  startDate: string | null;
  endDate: string | null;
  route: string;
  operatorType: string;
  equipment: string;
  distanceMiles: string | null;
  /** Upper-cased: 'TOUR - COMPLETED', 'LOAD - COMPLETED', 'ADJUSTMENT - DISPUTE', 'ADJUSTMENT - OTHER'. */
  itemType: string;
  programType: string;
  hourlyRate: string | null;
  durationHours: string | null;
  variableTotal: string | null;
  baseRate: string | null;
  fuelSurcharge: string | null;
  tolls: string | null;
  detention: string | null;
  tonu: string | null;
  others: string | null;
  grossPay: string;
  comments: string;
};

export type TTripStop = {
  stop: number;
  facility: string;
  utcOffset: string;
  plannedArrival: string | null;
  actualArrival: string | null;
  plannedDeparture: string | null;
  actualDeparture: string | null;
};

export type TTripRecord = {
  kind: 'trips';
  blockId: string;
  tripId: string;
  loadId: string;
  blockOrTrip: string;
  tripStage: string;
  facilitySequence: string;
  /** 'Completed', 'Cancelled', 'Rejected', 'Scheduled' or as written; blank is 'Rejected' (domain notes §4.6). */
  status: string;
  driverName: string;
  equipmentType: string;
  trailerId: string;
  tractorVehicleId: string;
  estimateDistance: string | null;
  distanceUnit: string;
  estimatedCost: string | null;
  currency: string;
  stops: TTripStop[];
};

/** A row of a carrier's own loads spreadsheet, read through a column mapping: one row is one load. */
export type TLoadRecord = {
  kind: 'loads';
  loadNumber: string;
  /** 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:MM:SS', local as written. */
  start: string;
  end: string | null;
  /** The UTC offset written with a date, if any ('-07:00'). */
  startOffset: string | null;
  endOffset: string | null;
  originCity: string;
  /** As written ('TX', 'Texas'); resolved against the states by the load import. */
  originState: string;
  destinationCity: string;
  destinationState: string;
  /** Miles, 3 decimals. */
  miles: string | null;
  stops: number | null;
  payout: string | null;
  /** A driver's name (or names), or a unit number. */
  driver: string;
  broker: string;
};

export type TImportRecord = TFuelRecord | TMilesRecord | TPaymentRecord | TTripRecord | TLoadRecord;
export type TRecordOf<K extends TImportKind> = Extract<TImportRecord, { kind: K }>;

/** One row as a layout sees it: a cell by our field (through the layout's columns) or by header. */
export type TRow = {
  row: number;
  field(name: string): string;
  header(normalised: string): string;
  has(normalised: string): boolean;
};

export type TPeriod = { year: number; quarter: number };
export type TLayoutContext = { period?: TPeriod };

export type TOutcome<R extends TImportRecord = TImportRecord> =
  | { record: R; flag?: string }
  | { refuse: string }
  /** Not a record and not an error (a file's summary row). */
  | { skip: string };

export type TLayout<K extends TImportKind = TImportKind> = THeaderCandidate & {
  kind: K;
  vendor: string;
  /** Our field → their header(s), normalised; the first one with a value in the row wins. */
  columns: Record<string, readonly string[]>;
  /** Per-trip rows: each trip is kept with its date (and its id, when the file has one). */
  aggregate?: boolean;
  toRecords(row: TRow, ctx: TLayoutContext): TOutcome<TRecordOf<K>>[];
};

// ---------------------------------------------------------------------------------------------
// Messages

export const quoted = (v: string) => `"${v}"`;
export const ROW_TEXT = {
  notDate: (v: string) => (v ? `the date ${quoted(v)} is not a date` : 'the date is missing'),
  notTime: (v: string) => `the time ${quoted(v)} is not a time`,
  notNumber: (what: string, v: string) => (v ? `the ${what} ${quoted(v)} is not a number` : `the ${what} is missing`),
  notAmount: (what: string, v: string) => `the ${what} ${quoted(v)} is not an amount`,
  notPlace: (v: string) => (v ? `the state ${quoted(v)} is not a US state or Canadian province` : 'the state or province is missing'),
  missing: (what: string) => `the ${what} is missing`,
  noPeriod: 'the year and quarter are missing: add Year and Quarter columns or choose them before importing',
  notQuarter: (v: string) => `the quarter ${quoted(v)} is not 1 to 4`,
  notYear: (v: string) => `the year ${quoted(v)} is not a year`,
  otherPeriod: (row: TPeriod, chosen: TPeriod) => `the row is for ${row.year} Q${row.quarter}, not the chosen ${chosen.year} Q${chosen.quarter}`,
  odometers: (start: string, end: string) => `the end odometer ${quoted(end)} is below the start odometer ${quoted(start)}`,
  negativeMiles: (v: string) => `the miles ${quoted(v)} are negative`,
  taxableOverTotal: 'the taxable miles are more than the total miles',
  nonIfta: (label: string) => `Not IFTA fuel (${label}): kept for settlements, left out of IFTA`,
  noIftaPlace: (code: string) => `${code} is not an IFTA jurisdiction: its miles count toward total miles only`,
  summaryRow: (total: string) => `a summary row (total ${total}), not a payment line`,
  noPay: (v: string) => `the gross pay ${quoted(v)} is not an amount`,
  notStops: (v: string) => `the stops ${quoted(v)} are not a whole number`,
} as const;

export const PRODUCT_LABEL: Record<TFuelProduct, string> = {
  diesel: 'diesel',
  def: 'DEF',
  reefer: 'reefer fuel',
  gasoline: 'gasoline',
  oil: 'oil',
  cash_advance: 'cash advance',
  fees: 'fees',
  other: 'other product',
};


/** A layout's columns: our field ← their header or headers, normalised. */
export const cols = (map: Record<string, string | readonly string[]>) =>
  Object.fromEntries(Object.entries(map).map(([k, v]) => [k, (typeof v === 'string' ? [v] : v).map(normaliseHeader)])) as Record<string, readonly string[]>;

