/** Import layouts: fuel-card exports (EFS, Pilot / Flying J, Comdata). */

import {
  divideDecimal,
  LITRES_PER_GALLON,
  parseDateTime,
  parseJurisdiction,
  parseMoney,
  parsePrice,
  parseQuantity,
  parseTime,
  QTY_PLACES,
  scaledToText,
  toScaled,
} from '../values';
import {
  cols,
  PRODUCT_LABEL,
  ROW_TEXT,
  type TFuelProduct,
  type TFuelRecord,
  type TLayout,
  type TOutcome,
  type TRow,
} from './types';

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

/**
 * What a fuel line is, whoever read it: its unit (its card when the line names no unit), date and
 * time, invoice or authorisation (its site when it has neither), product, gallons and amount, as
 * they are stored. Never the layout's or preset's name: the same line read by the EFS layout, a
 * hand mapping or a saved preset is one line. The fields are the stored columns so that a migration
 * can compute the same key in SQL (0019_fuel_identity.sql does; keep the two alike).
 */
export type TFuelIdentity = {
  unit: string;
  card: string | null;
  date: string;
  /** 'HH:MM' or longer; only hours and minutes count (they are what is stored). */
  time: string | null;
  /** The invoice, else the authorisation number. */
  invoice: string | null;
  location: string | null;
  product: string;
  /** Gallons with 3 decimals, as stored. */
  quantity: string;
  /** With 2 decimals; '0.00' when the file gave none (as stored). */
  amount: string;
};

/** A number written only in digits loses its leading zeros: a spreadsheet reads '004512' as 4512. */
const digitsCanon = (v: string) => (/^[0-9]+$/.test(v) ? v.replace(/^0+(?=[0-9])/, '') : v);

export function fuelKey(x: TFuelIdentity): string {
  const who = x.unit ? `unit:${digitsCanon(x.unit)}` : x.card ? `card:${x.card}` : '';
  const ref = x.invoice ? digitsCanon(x.invoice) : x.location ? `site:${x.location}` : '';
  return ['fuel', who, `${x.date}T${(x.time ?? '').slice(0, 5)}`, ref, x.product, x.quantity, x.amount].join('|');
}

/** The identity of a fuel record as it will be stored (see `fuelKey`). */
export const fuelRecordKey = (r: TFuelRecord) =>
  fuelKey({
    unit: r.unit,
    card: r.card || null,
    date: r.date,
    time: r.time,
    invoice: r.invoice || r.authorization || null,
    location: r.location || null,
    product: r.product,
    quantity: r.quantity,
    amount: r.amount ?? '0.00',
  });

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


/** Every field of a fuel input read straight from the layout's columns. */
export const fuelFields = (row: TRow): TFuelInput => ({
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
    fees: 'Fees',
  }),
  toRecords: (row) => withFees('EFS (WEX)', fuelFields(row), row.field('fees')),
};

/**
 * A line and its fees: a card's transaction fee (EFS `Fees`) is a charge of its own, a fees line on
 * the same unit, date, place and invoice, so that a statement can show fuel and fees apart. No fees
 * (blank or zero), no line.
 */
export function withFees(vendor: string, input: TFuelInput, fees: string): TOutcome<TFuelRecord>[] {
  const out = [readFuel(vendor, input)];
  const text = fees.trim();
  const cents = text ? toScaled(text, 2) : 0n;
  if (cents === null) out.push({ refuse: ROW_TEXT.notAmount('fees', text) });
  else if (cents !== 0n) {
    out.push(readFuel(vendor, { ...input, product: 'Fees', productDescription: '', quantity: '', retailPrice: '', paidPrice: '', discount: '', amount: text }));
  }
  return out;
}

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

