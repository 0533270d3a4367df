/** Import layouts: mileage (per quarter, per trip, Samsara, Motive). */

import {
  divideDecimal,
  KM_PER_MILE,
  METERS_PER_MILE,
  parseDateTime,
  parseJurisdiction,
  parseQuantity,
  QTY_PLACES,
  quarterOf,
  scaledToText,
  toScaled,
} from '../values';
import {
  cols,
  quoted,
  ROW_TEXT,
  type TLayout,
  type TLayoutContext,
  type TMilesRecord,
  type TOutcome,
  type TPeriod,
  type TRow,
} from './types';

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
  /** The vendor's trip id (Motive's `id`). */
  tripId?: string;
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
    tripId: date ? (input.tripId ?? '').trim() : '',
    trips: 1,
  };
  return place.ifta ? { record } : { record, flag: ROW_TEXT.noIftaPlace(place.code) };
}

export const milesFields = (row: TRow, withDate: boolean): TMilesInput => ({
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
  tripId: row.field('tripId'),
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
    tripId: ['Trip ID', 'Trip'],
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
    tripId: 'id',
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

