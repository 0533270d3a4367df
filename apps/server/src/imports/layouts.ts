import { refuse } from '../lib/errors';
import { normaliseHeader, type THeaderCandidate } from './read';
import {
  divideDecimal,
  KM_PER_MILE,
  LITRES_PER_GALLON,
  METERS_PER_MILE,
  parseDateTime,
  parseJurisdiction,
  parseMoney,
  parsePrice,
  parseQuantity,
  parseTime,
  QTY_PLACES,
  quarterOf,
  scaledToText,
  toScaled,
} from './values';

/**
 * Vendor layouts: what a file's header looks like and how one of its rows becomes records. A layout
 * is recognised by its required headers (normalised, see `normaliseHeader`); its columns map our
 * fields to their headers; `toRecords` turns a row into records (a Comdata row holds tractor fuel,
 * reefer fuel and a cash advance at once), a refusal or a skip, never an exception. A company's own
 * column mapping (our field ← their column) becomes a layout too (`layoutFromMapping`).
 */

export type TImportKind = 'fuel' | 'miles' | 'trips' | 'payments';

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
  /** How many rows were summed into this record (1 for a per-quarter row). */
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

export type TImportRecord = TFuelRecord | TMilesRecord | TPaymentRecord | TTripRecord;
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
  /** Our field → their header(s), normalised; the first header present wins. */
  columns: Record<string, readonly string[]>;
  /** Per-trip rows, summed per unit × jurisdiction × quarter by the preview. */
  aggregate?: boolean;
  toRecords(row: TRow, ctx: TLayoutContext): TOutcome<TRecordOf<K>>[];
};

// ---------------------------------------------------------------------------------------------
// Messages

const quoted = (v: string) => `"${v}"`;
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
} as const;

const PRODUCT_LABEL: Record<TFuelProduct, string> = {
  diesel: 'diesel',
  def: 'DEF',
  reefer: 'reefer fuel',
  gasoline: 'gasoline',
  oil: 'oil',
  cash_advance: 'cash advance',
  fees: 'fees',
  other: 'other product',
};

// ---------------------------------------------------------------------------------------------
// Fuel

/**
 * The product from a vendor's code or description: EFS `ULSD`/`DEFD`, Pilot `20 Truck Diesel`/`140
 * Diesel Exhaust Fluid`, Comdata's tractor/reefer columns. Specific products are tested before
 * "diesel", since "Diesel Exhaust Fluid" and "Reefer Diesel" contain the word.
 */
export function normaliseProduct(code: string, description = ''): TFuelProduct {
  const c = code.trim().toUpperCase();
  const text = `${c} ${description}`.trim().toUpperCase();
  if (c === '140' || /\bDEF[D]?\b|EXHAUST/.test(text)) return 'def';
  if (/REEF|\bRFR\b|\bRDSL\b/.test(text)) return 'reefer';
  if (/CASH|\bCADV\b|ADVANCE/.test(text)) return 'cash_advance';
  if (/\bOIL\b|\bQUARTS?\b/.test(text)) return 'oil';
  if (/\bFEES?\b|SCALE|\bSCLE\b|\bTOLL/.test(text)) return 'fees';
  if (/GASOLINE|UNLEADED|\bUNL\b|\bGAS\b|\bRUG\b/.test(text)) return 'gasoline';
  if (c === '20' || /ULSD|DIESEL|\bDSL\b|\bD2\b|#2|TRACTOR|\bBIO\b|\bB\d{1,2}\b/.test(text)) return 'diesel';
  return 'other';
}

const lastFour = (card: string) => card.replace(/\D/g, '').slice(-4);

/** A fuel line as text fields, before reading: what every fuel layout produces from its row. */
export type TFuelInput = {
  date: string;
  time?: string;
  card?: string;
  unit?: string;
  driverName?: string;
  location?: string;
  city?: string;
  state?: string;
  product: string;
  productDescription?: string;
  quantity?: string;
  retailPrice?: string;
  paidPrice?: string;
  amount?: string;
  discount?: string;
  currency?: string;
  invoice?: string;
  authorization?: string;
  odometer?: string;
};

/** Reads a fuel line: the record (flagged when not IFTA fuel) or the first reason it cannot be read. */
export function readFuel(vendor: string, input: TFuelInput): TOutcome<TFuelRecord> {
  const when = parseDateTime(input.date);
  if (!when) return { refuse: ROW_TEXT.notDate(input.date.trim()) };
  let time = when.time;
  if (input.time?.trim()) {
    time = parseTime(input.time);
    if (!time) return { refuse: ROW_TEXT.notTime(input.time.trim()) };
  }
  const product = normaliseProduct(input.product, input.productDescription);
  const ifta = product === 'diesel';
  const place = (input.state ?? '').trim();
  const jurisdiction = parseJurisdiction(place);
  if (!jurisdiction && (ifta || place)) return { refuse: ROW_TEXT.notPlace(place) };
  const currencyText = (input.currency ?? '').trim().toUpperCase();
  const currency = /CAD|^C$|CAN/.test(currencyText) ? 'CAD' : 'USD';
  const litres = /LIT|LTR|\/L$|^L$/.test(currencyText);
  const qtyText = (input.quantity ?? '').trim();
  const originalQuantity = qtyText ? parseQuantity(qtyText) : product === 'cash_advance' || product === 'fees' ? '0.000' : null;
  if (originalQuantity === null) return { refuse: ROW_TEXT.notNumber('quantity', qtyText) };
  const money: Partial<Record<'amount' | 'discount', string | null>> = {};
  for (const key of ['amount', 'discount'] as const) {
    const v = (input[key] ?? '').trim();
    money[key] = v ? parseMoney(v) : null;
    if (v && money[key] === null) return { refuse: ROW_TEXT.notAmount(key, v) };
  }
  const prices: Partial<Record<'retailPrice' | 'paidPrice', string | null>> = {};
  for (const key of ['retailPrice', 'paidPrice'] as const) {
    const v = (input[key] ?? '').trim();
    const perUnit = v ? parsePrice(v) : null;
    if (v && perUnit === null) return { refuse: ROW_TEXT.notAmount(key === 'retailPrice' ? 'price' : 'price paid', v) };
    // A price per litre × litres per gallon is the price per gallon.
    prices[key] = perUnit && litres ? scaledToText(((toScaled(perUnit, 4) as bigint) * 3785411784n + 500000000n) / 1000000000n, 4) : perUnit;
  }
  const odometer = (input.odometer ?? '').trim();
  const record: TFuelRecord = {
    kind: 'fuel',
    vendor,
    card: lastFour(input.card ?? ''),
    date: when.date,
    time,
    unit: (input.unit ?? '').trim(),
    driverName: (input.driverName ?? '').trim(),
    location: (input.location ?? '').trim(),
    city: (input.city ?? '').trim(),
    state: jurisdiction?.code ?? null,
    product,
    productCode: [input.product.trim(), (input.productDescription ?? '').trim()].filter(Boolean).join(' '),
    quantity: litres ? (divideDecimal(originalQuantity, LITRES_PER_GALLON) as string) : originalQuantity,
    originalQuantity,
    originalUnit: litres ? 'L' : 'gal',
    retailPrice: prices.retailPrice ?? null,
    paidPrice: prices.paidPrice ?? null,
    amount: money.amount ?? null,
    discount: money.discount ?? null,
    currency,
    taxPaid: ifta,
    invoice: (input.invoice ?? '').trim(),
    authorization: (input.authorization ?? '').trim(),
    odometer: odometer ? parseQuantity(odometer) : null,
    ifta,
  };
  return ifta ? { record } : { record, flag: ROW_TEXT.nonIfta(PRODUCT_LABEL[product]) };
}

const cols = (map: Record<string, string | readonly string[]>) =>
  Object.fromEntries(Object.entries(map).map(([k, v]) => [k, (typeof v === 'string' ? [v] : v).map(normaliseHeader)])) as Record<string, readonly string[]>;

/** Every field of a fuel input read straight from the layout's columns. */
const fuelFields = (row: TRow): TFuelInput => ({
  date: row.field('date'),
  time: row.field('time'),
  card: row.field('card'),
  unit: row.field('unit'),
  driverName: row.field('driverName'),
  location: row.field('location'),
  city: row.field('city'),
  state: row.field('state'),
  product: row.field('product'),
  productDescription: row.field('productDescription'),
  quantity: row.field('quantity'),
  retailPrice: row.field('retailPrice'),
  paidPrice: row.field('paidPrice'),
  amount: row.field('amount'),
  discount: row.field('discount'),
  currency: row.field('currency'),
  invoice: row.field('invoice'),
  authorization: row.field('authorization'),
  odometer: row.field('odometer'),
});

export const EFS_LAYOUT: TLayout<'fuel'> = {
  id: 'efs',
  kind: 'fuel',
  vendor: 'EFS (WEX)',
  required: ['card', 'tran date', 'state prov', 'item', 'qty', 'amt'],
  columns: cols({
    card: 'Card #',
    date: 'Tran Date',
    time: 'Tran Time',
    invoice: 'Invoice',
    unit: 'Unit',
    driverName: 'Driver Name',
    odometer: 'Odometer',
    location: 'Location Name',
    city: 'City',
    state: 'State/ Prov',
    product: 'Item',
    retailPrice: 'Unit Price',
    paidPrice: 'Disc PPU',
    quantity: 'Qty',
    discount: 'Disc Amt',
    amount: 'Amt',
    currency: 'Currency',
  }),
  toRecords: (row) => [readFuel('EFS (WEX)', fuelFields(row))],
};

/** Pilot's site description reads '436 Amarillo TX': site number, city, state. */
function splitSite(descr: string) {
  const words = descr.trim().split(/\s+/);
  const state = words.length > 1 && parseJurisdiction(words[words.length - 1]) ? words.pop() : '';
  if (words.length > 1 && /^\d+$/.test(words[0])) words.shift();
  return { city: words.join(' '), state: state ?? '' };
}

export const PILOT_LAYOUT: TLayout<'fuel'> = {
  id: 'pilot',
  kind: 'fuel',
  vendor: 'Pilot / Flying J',
  sheet: 'All Transactions',
  required: ['authorization no', 'unit no', 'card no', 'quantity', 'invoice total', 'transaction date', 'product code'],
  columns: cols({
    authorization: 'Authorization_No',
    unit: 'UnitNo',
    card: 'Card_No',
    site: 'Site',
    location: 'SiteDescr',
    quantity: 'Quantity',
    amount: 'InvoiceTotal',
    retailTotal: 'RetailTotal',
    date: 'TransactionDate',
    time: 'TransactionTime',
    product: 'ProductCode',
    productDescription: 'ProductDescription',
  }),
  toRecords: (row) => {
    const input = fuelFields(row);
    const site = splitSite(input.location ?? '');
    const out = readFuel('Pilot / Flying J', { ...input, city: site.city, state: site.state });
    if ('record' in out) {
      const r = out.record;
      const retail = parseMoney(row.field('retailTotal'));
      const qty = toScaled(r.quantity, QTY_PLACES);
      if (retail && r.amount) r.discount = scaledToText((toScaled(retail, 2) as bigint) - (toScaled(r.amount, 2) as bigint), 2);
      if (qty && qty !== 0n) {
        // Price per gallon = total ÷ gallons, to 4 places.
        if (r.amount) r.paidPrice = divideDecimal(r.amount, r.quantity, 4);
        if (retail) r.retailPrice = divideDecimal(retail, r.quantity, 4);
      }
    }
    return [out];
  },
};

export const COMDATA_LAYOUT: TLayout<'fuel'> = {
  id: 'comdata',
  kind: 'fuel',
  vendor: 'Comdata',
  required: ['transaction date', 'unit number', 'number of tractor gallons', 'cost of tractor fuel'],
  columns: cols({
    date: 'Transaction Date',
    authorization: 'Transaction Number',
    unit: 'Unit Number',
    location: ['Truck Stop Name', 'Truck Stop Code'],
    city: 'Truck Stop City',
    state: 'Truck Stop State',
    invoice: 'Truck Stop Invoice Number',
    time: 'Transaction Time',
    tractorGallons: 'Number of Tractor Gallons',
    tractorPrice: 'Tractor Fuel Price Per Gallon',
    tractorCost: 'Cost of Tractor Fuel',
    reeferGallons: 'Number of Reefer Gallons',
    reeferPrice: 'Reefer Price Per Gallon',
    reeferCost: 'Cost of Reefer Fuel',
    oilQuarts: 'Quarts of Oil',
    oilCost: ['Cost of Oil', 'Quarts/Cost of Oil'],
    cashAdvance: 'Cash Advance Amount',
    driverName: "Driver's Name",
    odometer: 'Hubometer Reading',
    currency: 'Billable Currency (U/C)',
    card: 'Comchek Card Number',
  }),
  toRecords: (row) => {
    const base = fuelFields(row);
    const nonZero = (v: string) => {
      const n = toScaled(v, 3);
      return n !== null && n !== 0n;
    };
    const out: TOutcome<TFuelRecord>[] = [];
    const line = (product: string, quantity: string, price: string, amount: string) =>
      out.push(readFuel('Comdata', { ...base, product, quantity, retailPrice: price, paidPrice: price, amount }));
    const tractor = [row.field('tractorGallons'), row.field('tractorCost')];
    if (tractor.some(nonZero) || tractor.some((v) => v && toScaled(v, 3) === null)) line('Tractor Diesel', tractor[0], row.field('tractorPrice'), tractor[1]);
    if (nonZero(row.field('reeferGallons')) || nonZero(row.field('reeferCost'))) line('Reefer', row.field('reeferGallons'), row.field('reeferPrice'), row.field('reeferCost'));
    if (nonZero(row.field('oilCost'))) line('Oil', '0', '', row.field('oilCost'));
    if (nonZero(row.field('cashAdvance'))) line('Cash Advance', '', '', row.field('cashAdvance'));
    if (out.length === 0) out.push({ skip: 'no fuel, oil or cash advance on this line' });
    return out;
  },
};

// ---------------------------------------------------------------------------------------------
// Miles

/** '3', 'Q3', '2025Q3', '3Q2025', 'Q3 2025', '2025-Q3' → the quarter (and the year when written). */
function readPeriod(yearText: string, quarterText: string): { year: number | null; quarter: number | null; bad?: string } {
  const q = quarterText.trim().toUpperCase();
  let year: number | null = null;
  let quarter: number | null = null;
  const both = /^(?:(\d{4})\s*-?\s*Q([1-4])|Q?([1-4])\s*Q?\s*-?\s*(\d{4}))$/.exec(q);
  if (both) {
    year = Number(both[1] ?? both[4]);
    quarter = Number(both[2] ?? both[3]);
  } else if (q) {
    const m = /^Q?([1-4])$/.exec(q);
    if (!m) return { year: null, quarter: null, bad: ROW_TEXT.notQuarter(quarterText.trim()) };
    quarter = Number(m[1]);
  }
  const y = yearText.trim();
  if (y) {
    if (!/^\d{4}$/.test(y) || Number(y) < 2000 || Number(y) > 2100) return { year: null, quarter: null, bad: ROW_TEXT.notYear(y) };
    year = Number(y);
  }
  return { year, quarter };
}

export type TMilesInput = {
  unit: string;
  jurisdiction: string;
  year?: string;
  quarter?: string;
  date?: string;
  totalMiles?: string;
  taxableMiles?: string;
  startOdometer?: string;
  endOdometer?: string;
  source?: string;
  vin?: string;
};

/** Distances arrive in miles, kilometres or meters. */
export type TDistanceUnit = 'mi' | 'km' | 'm';

const toMiles = (text: string, unit: TDistanceUnit) =>
  unit === 'mi' ? parseQuantity(text) : divideDecimal(text, unit === 'km' ? KM_PER_MILE : METERS_PER_MILE);

/**
 * Reads a mileage row, per quarter or per trip (with a date): the jurisdiction normalised, the
 * distance converted to miles, the period from the row (Year and Quarter, or the trip's date) or
 * else the one chosen for the import. Taxable miles default to total miles.
 */
export function readMiles(defaultSource: string, input: TMilesInput, ctx: TLayoutContext, unit: TDistanceUnit = 'mi'): TOutcome<TMilesRecord> {
  const unitNo = input.unit.trim();
  if (!unitNo) return { refuse: ROW_TEXT.missing('unit') };
  const placeText = input.jurisdiction.trim();
  const place = parseJurisdiction(placeText);
  if (!place) return { refuse: placeText ? `the jurisdiction ${quoted(placeText)} is not a US state or Canadian province` : ROW_TEXT.missing('jurisdiction') };
  let date: string | null = null;
  let period: TPeriod | null = null;
  const dateText = (input.date ?? '').trim();
  if (input.date !== undefined) {
    date = parseDateTime(dateText)?.date ?? null;
    if (!date) return { refuse: ROW_TEXT.notDate(dateText) };
    period = { year: Number(date.slice(0, 4)), quarter: quarterOf(date) };
  } else {
    const p = readPeriod(input.year ?? '', input.quarter ?? '');
    if (p.bad) return { refuse: p.bad };
    const year = p.year ?? ctx.period?.year;
    const quarter = p.quarter ?? ctx.period?.quarter;
    if (!year || !quarter) return { refuse: ROW_TEXT.noPeriod };
    period = { year, quarter };
  }
  if (ctx.period && (ctx.period.year !== period.year || ctx.period.quarter !== period.quarter)) return { refuse: ROW_TEXT.otherPeriod(period, ctx.period) };
  const start = (input.startOdometer ?? '').trim();
  const end = (input.endOdometer ?? '').trim();
  let total: string | null;
  const totalText = (input.totalMiles ?? '').trim();
  if (totalText) {
    total = toMiles(totalText, unit);
    if (total === null) return { refuse: ROW_TEXT.notNumber('miles', totalText) };
  } else if (start && end) {
    const s = toScaled(start, QTY_PLACES);
    const e = toScaled(end, QTY_PLACES);
    if (s === null) return { refuse: ROW_TEXT.notNumber('start odometer', start) };
    if (e === null) return { refuse: ROW_TEXT.notNumber('end odometer', end) };
    if (e < s) return { refuse: ROW_TEXT.odometers(start, end) };
    total = toMiles(scaledToText(e - s, QTY_PLACES), unit);
  } else return { refuse: ROW_TEXT.missing('miles') };
  if ((total as string).startsWith('-')) return { refuse: ROW_TEXT.negativeMiles(totalText) };
  const taxableText = (input.taxableMiles ?? '').trim();
  const taxable = taxableText ? toMiles(taxableText, unit) : total;
  if (taxable === null) return { refuse: ROW_TEXT.notNumber('taxable miles', taxableText) };
  if ((toScaled(taxable, QTY_PLACES) as bigint) > (toScaled(total, QTY_PLACES) as bigint)) return { refuse: ROW_TEXT.taxableOverTotal };
  const record: TMilesRecord = {
    kind: 'miles',
    unit: unitNo,
    jurisdiction: place.code,
    ifta: place.ifta,
    year: period.year,
    quarter: period.quarter,
    totalMiles: total as string,
    taxableMiles: taxable,
    source: (input.source ?? '').trim() || defaultSource,
    vin: (input.vin ?? '').trim(),
    date,
    startOdometer: start ? parseQuantity(start) : null,
    endOdometer: end ? parseQuantity(end) : null,
    trips: 1,
  };
  return place.ifta ? { record } : { record, flag: ROW_TEXT.noIftaPlace(place.code) };
}

const milesFields = (row: TRow, withDate: boolean): TMilesInput => ({
  unit: row.field('unit'),
  jurisdiction: row.field('jurisdiction'),
  year: row.field('year'),
  quarter: row.field('quarter'),
  date: withDate ? row.field('date') : undefined,
  totalMiles: row.field('totalMiles'),
  taxableMiles: row.field('taxableMiles'),
  startOdometer: row.field('startOdometer'),
  endOdometer: row.field('endOdometer'),
  source: row.field('source'),
  vin: row.field('vin'),
});

export const MILES_QUARTER_LAYOUT: TLayout<'miles'> = {
  id: 'miles-quarter',
  kind: 'miles',
  vendor: 'Miles per unit and quarter',
  required: ['unit', 'jurisdiction', 'total miles'],
  columns: cols({
    year: 'Year',
    quarter: ['Quarter', 'Period'],
    unit: 'Unit',
    vin: 'VIN',
    jurisdiction: 'Jurisdiction',
    totalMiles: 'Total Miles',
    taxableMiles: 'Taxable Miles',
    source: 'Source',
  }),
  toRecords: (row, ctx) => [readMiles('File', milesFields(row, false), ctx)],
};

export const MILES_TRIP_LAYOUT: TLayout<'miles'> = {
  id: 'miles-trip',
  kind: 'miles',
  vendor: 'Miles per trip',
  aggregate: true,
  required: ['date', 'unit', 'jurisdiction', 'miles'],
  columns: cols({
    date: 'Date',
    unit: 'Unit',
    vin: 'VIN',
    jurisdiction: 'Jurisdiction',
    startOdometer: 'Start Odometer',
    endOdometer: 'End Odometer',
    totalMiles: 'Miles',
    taxableMiles: 'Taxable Miles',
    source: 'Source',
  }),
  toRecords: (row, ctx) => [readMiles('Trip file', milesFields(row, true), ctx)],
};

export const SAMSARA_LAYOUT: TLayout<'miles'> = {
  id: 'samsara-metric',
  kind: 'miles',
  vendor: 'Samsara (metric)',
  required: ['jurisdiction', 'total meters', 'taxable meters'],
  columns: cols({
    unit: ['vehicleName', 'Vehicle Name', 'Vehicle'],
    vin: 'VIN',
    jurisdiction: 'jurisdiction',
    year: 'year',
    quarter: 'quarter',
    totalMiles: 'totalMeters',
    taxableMiles: 'taxableMeters',
  }),
  toRecords: (row, ctx) => [readMiles('Samsara', milesFields(row, false), ctx, 'm')],
};

export const MOTIVE_LAYOUT: TLayout<'miles'> = {
  id: 'motive-trips',
  kind: 'miles',
  vendor: 'Motive IFTA trips',
  aggregate: true,
  required: ['id', 'date', 'jurisdiction', 'vehicle number', 'distance'],
  columns: cols({
    date: 'date',
    unit: 'vehicle_number',
    vin: 'vehicle_vin',
    jurisdiction: 'jurisdiction',
    startOdometer: ['calibrated_start_odometer', 'start_odometer'],
    endOdometer: ['calibrated_end_odometer', 'end_odometer'],
    totalMiles: 'distance',
    metric: 'metric_units',
  }),
  toRecords: (row, ctx) => [readMiles('Motive', milesFields(row, true), ctx, /^(true|1|yes|km)$/i.test(row.field('metric')) ? 'km' : 'mi')],
};

// ---------------------------------------------------------------------------------------------
// Relay payments and trips (domain notes §4.6)

const PAYMENT_MONEY = ['hourlyRate', 'variableTotal', 'baseRate', 'fuelSurcharge', 'tolls', 'detention', 'tonu', 'others'] as const;

export const RELAY_PAYMENTS_LAYOUT: TLayout<'payments'> = {
  id: 'relay-payments',
  kind: 'payments',
  vendor: 'Amazon Relay payments',
  sheet: 'Payment Details',
  required: ['invoice number', 'trip id', 'load id', 'item type', 'gross pay'],
  columns: cols({
    invoiceNumber: 'Invoice Number',
    blockId: 'Block Id',
    tripId: 'Trip ID',
    loadId: 'Load ID',
    startDate: 'Start Date',
    endDate: 'End Date',
    route: 'Route/Domicile',
    operatorType: 'Operator Type',
    equipment: 'Equipment',
    distanceMiles: 'Distance (Mi)',
    itemType: 'Item Type',
    programType: 'Program Type',
    hourlyRate: 'Hourly Rate',
    durationHours: 'Duration (hrs)',
    variableTotal: 'Variable Total',
    baseRate: 'Base Rate',
    fuelSurcharge: 'Fuel Surcharge',
    tolls: 'Tolls',
    detention: 'Detention',
    tonu: 'TONU',
    others: 'Others',
    grossPay: 'Gross Pay',
    comments: 'Comments',
  }),
  toRecords: (row) => {
    const f = (name: string) => row.field(name).trim();
    const grossText = f('grossPay');
    const grossPay = parseMoney(grossText);
    if (!f('invoiceNumber') && !f('blockId') && !f('tripId') && !f('loadId')) return [{ skip: ROW_TEXT.summaryRow(grossPay ?? grossText) }];
    if (grossPay === null) return [{ refuse: ROW_TEXT.noPay(grossText) }];
    const dates: Record<'startDate' | 'endDate', string | null> = { startDate: null, endDate: null };
    for (const key of ['startDate', 'endDate'] as const) {
      if (!f(key)) continue;
      dates[key] = parseDateTime(f(key))?.date ?? null;
      if (!dates[key]) return [{ refuse: ROW_TEXT.notDate(f(key)) }];
    }
    const amounts: Partial<Record<(typeof PAYMENT_MONEY)[number], string | null>> = {};
    for (const key of PAYMENT_MONEY) {
      amounts[key] = f(key) ? parseMoney(f(key)) : null;
      if (f(key) && amounts[key] === null) return [{ refuse: ROW_TEXT.notAmount(key, f(key)) }];
    }
    const number = (key: string) => (f(key) ? parseQuantity(f(key)) : null);
    const record: TPaymentRecord = {
      kind: 'payments',
      invoiceNumber: f('invoiceNumber'),
      blockId: f('blockId'),
      tripId: f('tripId'),
      loadId: f('loadId'),
      startDate: dates.startDate,
      endDate: dates.endDate,
      route: f('route'),
      operatorType: f('operatorType'),
      equipment: f('equipment'),
      distanceMiles: number('distanceMiles'),
      itemType: f('itemType').toUpperCase().replace(/\s+/g, ' '),
      programType: f('programType'),
      hourlyRate: amounts.hourlyRate ?? null,
      durationHours: number('durationHours'),
      variableTotal: amounts.variableTotal ?? null,
      baseRate: amounts.baseRate ?? null,
      fuelSurcharge: amounts.fuelSurcharge ?? null,
      tolls: amounts.tolls ?? null,
      detention: amounts.detention ?? null,
      tonu: amounts.tonu ?? null,
      others: amounts.others ?? null,
      grossPay,
      comments: f('comments'),
    };
    return [{ record }];
  },
};

const STATUS: Record<string, string> = { completed: 'Completed', cancelled: 'Cancelled', canceled: 'Cancelled', rejected: 'Rejected', scheduled: 'Scheduled' };

/** A stop's date-time, from one 'Date/Time' column or a 'Date' and a 'Time' column. */
function stopMoment(row: TRow, prefix: string): string | null | undefined {
  const combined = row.header(`${prefix} date time`) || row.header(prefix);
  const date = row.header(`${prefix} date`);
  const time = row.header(`${prefix} time`);
  const text = combined || [date, time].filter(Boolean).join(' ');
  if (!text.trim()) return null;
  const dt = parseDateTime(text);
  if (!dt) return undefined;
  return dt.time ? `${dt.date}T${dt.time}` : dt.date;
}

export const RELAY_TRIPS_LAYOUT: TLayout<'trips'> = {
  id: 'relay-trips',
  kind: 'trips',
  vendor: 'Amazon Relay trips',
  required: ['block id', 'trip id', 'load id', 'load execution status', 'stop 1'],
  columns: cols({
    blockId: 'Block ID',
    tripId: 'Trip ID',
    blockOrTrip: 'Block/Trip',
    tripStage: 'Trip Stage',
    loadId: 'Load ID',
    facilitySequence: 'Facility Sequence',
    status: 'Load Execution Status',
    driverName: 'Driver Name',
    equipmentType: 'Equipment Type',
    trailerId: 'Trailer ID',
    tractorVehicleId: 'Tractor Vehicle ID',
    estimateDistance: 'Estimate Distance',
    distanceUnit: 'Unit',
    estimatedCost: 'Estimated Cost',
    currency: 'Currency',
  }),
  toRecords: (row) => {
    const f = (name: string) => row.field(name).trim();
    if (!f('tripId') && !f('blockId') && !f('loadId')) return [{ refuse: ROW_TEXT.missing('trip ID') }];
    const stops: TTripStop[] = [];
    for (let n = 1; n <= 20 && row.has(`stop ${n}`); n++) {
      const facility = row.header(`stop ${n}`).trim();
      const moments: Partial<Record<'plannedArrival' | 'actualArrival' | 'plannedDeparture' | 'actualDeparture', string | null>> = {};
      for (const [key, label] of [
        ['plannedArrival', 'planned arrival'],
        ['actualArrival', 'actual arrival'],
        ['plannedDeparture', 'planned departure'],
        ['actualDeparture', 'actual departure'],
      ] as const) {
        const m = stopMoment(row, `stop ${n} ${label}`);
        if (m === undefined) return [{ refuse: `stop ${n}'s ${label} is not a date and time` }];
        moments[key] = m;
      }
      if (!facility && !Object.values(moments).some(Boolean)) continue;
      stops.push({
        stop: n,
        facility,
        utcOffset: row.header(`stop ${n} utc offset`).trim(),
        plannedArrival: moments.plannedArrival ?? null,
        actualArrival: moments.actualArrival ?? null,
        plannedDeparture: moments.plannedDeparture ?? null,
        actualDeparture: moments.actualDeparture ?? null,
      });
    }
    const estimatedCost = f('estimatedCost') ? parseMoney(f('estimatedCost')) : null;
    if (f('estimatedCost') && estimatedCost === null) return [{ refuse: ROW_TEXT.notAmount('estimated cost', f('estimatedCost')) }];
    const statusText = f('status');
    const record: TTripRecord = {
      kind: 'trips',
      blockId: f('blockId'),
      tripId: f('tripId'),
      loadId: f('loadId'),
      blockOrTrip: f('blockOrTrip'),
      tripStage: f('tripStage'),
      facilitySequence: f('facilitySequence'),
      status: statusText ? (STATUS[statusText.toLowerCase()] ?? statusText) : 'Rejected',
      driverName: f('driverName'),
      equipmentType: f('equipmentType'),
      trailerId: f('trailerId'),
      tractorVehicleId: f('tractorVehicleId'),
      estimateDistance: f('estimateDistance') ? parseQuantity(f('estimateDistance')) : null,
      distanceUnit: f('distanceUnit'),
      estimatedCost,
      currency: f('currency'),
      stops,
    };
    return [{ record }];
  },
};

// ---------------------------------------------------------------------------------------------
// All layouts, fields for the mapping step, and layouts from a mapping

export const LAYOUTS: readonly TLayout[] = [
  EFS_LAYOUT,
  PILOT_LAYOUT,
  COMDATA_LAYOUT,
  MILES_QUARTER_LAYOUT,
  MILES_TRIP_LAYOUT,
  SAMSARA_LAYOUT,
  MOTIVE_LAYOUT,
  RELAY_PAYMENTS_LAYOUT,
  RELAY_TRIPS_LAYOUT,
] as TLayout[];

export const layoutsOf = (kind: TImportKind) => LAYOUTS.filter((l) => l.kind === kind);

export type TFieldInfo = { field: string; label: string; required: boolean };

/** Our fields a company may map its columns to, per kind (the mapping step's rows). */
export const MAPPABLE_FIELDS: Record<'fuel' | 'miles', readonly TFieldInfo[]> = {
  fuel: [
    { field: 'date', label: 'Date (and time)', required: true },
    { field: 'time', label: 'Time', required: false },
    { field: 'card', label: 'Card number', required: false },
    { field: 'unit', label: 'Unit', required: true },
    { field: 'driverName', label: 'Driver name', required: false },
    { field: 'location', label: 'Location', required: false },
    { field: 'city', label: 'City', required: false },
    { field: 'state', label: 'State or province', required: true },
    { field: 'product', label: 'Product', required: true },
    { field: 'quantity', label: 'Gallons', required: true },
    { field: 'retailPrice', label: 'Retail price per gallon', required: false },
    { field: 'paidPrice', label: 'Price paid per gallon', required: false },
    { field: 'amount', label: 'Amount paid', required: false },
    { field: 'discount', label: 'Discount', required: false },
    { field: 'currency', label: 'Currency', required: false },
    { field: 'invoice', label: 'Invoice number', required: false },
    { field: 'authorization', label: 'Authorization number', required: false },
    { field: 'odometer', label: 'Odometer', required: false },
  ],
  miles: [
    { field: 'unit', label: 'Unit', required: true },
    { field: 'jurisdiction', label: 'State or province', required: true },
    { field: 'totalMiles', label: 'Total miles', required: true },
    { field: 'taxableMiles', label: 'Taxable miles', required: false },
    { field: 'year', label: 'Year', required: false },
    { field: 'quarter', label: 'Quarter', required: false },
    { field: 'date', label: 'Trip date (one row per trip)', required: false },
    { field: 'startOdometer', label: 'Start odometer', required: false },
    { field: 'endOdometer', label: 'End odometer', required: false },
    { field: 'vin', label: 'VIN', required: false },
    { field: 'source', label: 'Source', required: false },
  ],
};

/** Our field ← their column (as the file writes it). */
export type TColumnMapping = Record<string, string>;

/**
 * A layout from a company's column mapping (fuel or miles): its columns are the mapped headers, all
 * of them required, so a saved preset is recognised the next time a file with those headers comes.
 * A miles mapping with a trip date is per trip (summed per quarter).
 */
export function layoutFromMapping(kind: TImportKind, mapping: TColumnMapping, name = 'Column mapping'): TLayout {
  if (kind !== 'fuel' && kind !== 'miles') throw refuse(`Column mapping is not offered for ${kind} files`);
  const fields = MAPPABLE_FIELDS[kind];
  const known = new Set(fields.map((f) => f.field));
  const unknown = Object.keys(mapping).filter((f) => !known.has(f));
  if (unknown.length) throw refuse(`Unknown field${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`);
  const chosen = Object.entries(mapping).filter(([, col]) => normaliseHeader(col) !== '');
  const missing = fields.filter((f) => f.required && !chosen.some(([k]) => k === f.field));
  if (missing.length) throw refuse(`Choose a column for: ${missing.map((f) => f.label).join(', ')}`);
  const columns = Object.fromEntries(chosen.map(([k, col]) => [k, [normaliseHeader(col)]]));
  const required = [...new Set(chosen.map(([, col]) => normaliseHeader(col)))];
  const id = `mapping:${name}`;
  if (kind === 'fuel') {
    return { id, kind, vendor: name, required, columns, toRecords: (row) => [readFuel(name, fuelFields(row))] } as TLayout<'fuel'>;
  }
  const perTrip = 'date' in columns;
  return {
    id,
    kind,
    vendor: name,
    required,
    columns,
    aggregate: perTrip,
    toRecords: (row, ctx) => [readMiles(name, milesFields(row, perTrip), ctx)],
  } as TLayout<'miles'>;
}

/**
 * Reads rows through a layout's columns: the header positions are looked up once per file, so each
 * row costs an array access per field (cells trimmed by the readers that use them).
 */
export function rowReader(keys: readonly string[], layout: Pick<TLayout, 'columns'>) {
  const index = new Map<string, number>();
  keys.forEach((k, i) => {
    if (k && !index.has(k)) index.set(k, i);
  });
  const fieldIndex = new Map<string, number>();
  for (const [field, headers] of Object.entries(layout.columns)) {
    const at = headers.map((h) => index.get(h)).find((i) => i !== undefined);
    if (at !== undefined) fieldIndex.set(field, at);
  }
  return (row: number, cells: readonly string[]): TRow => ({
    row,
    field: (name) => {
      const i = fieldIndex.get(name);
      return i === undefined ? '' : (cells[i] ?? '');
    },
    header: (k) => {
      const i = index.get(k);
      return i === undefined ? '' : (cells[i] ?? '');
    },
    has: (k) => index.has(k),
  });
}

/** One row seen through a layout's columns. */
export const rowAccess = (row: number, cells: readonly string[], keys: readonly string[], layout: Pick<TLayout, 'columns'>) =>
  rowReader(keys, layout)(row, cells);

/**
 * The natural key of a record: importing the same rows again finds the same keys. Fuel: vendor, card,
 * date and time, invoice or authorisation, product. Miles: unit, jurisdiction, period, source.
 */
export function naturalKey(record: TImportRecord): string {
  switch (record.kind) {
    case 'fuel':
      return ['fuel', record.vendor, record.card, `${record.date}T${record.time ?? ''}`, record.invoice || record.authorization, record.product].join('|');
    case 'miles':
      return ['miles', record.unit.toUpperCase(), record.jurisdiction, `${record.year}Q${record.quarter}`, record.source].join('|');
    case 'payments':
      return ['payments', record.invoiceNumber, record.blockId, record.tripId, record.loadId, record.itemType, record.startDate ?? '', record.grossPay].join('|');
    case 'trips':
      return ['trips', record.blockId, record.tripId, record.loadId].join('|');
  }
}
