/** Import layouts: every layout, the mapping step's fields, layouts built from a mapping, natural keys. */
import { refuse } from '../../lib/errors';
import { normaliseHeader } from '../read';
import { COMDATA_LAYOUT, EFS_LAYOUT, fuelFields, fuelRecordKey, PILOT_LAYOUT, withFees } from './fuel';
import { readLoad } from './loads';
import { MILES_QUARTER_LAYOUT, MILES_TRIP_LAYOUT, MOTIVE_LAYOUT, milesFields, readMiles, SAMSARA_LAYOUT } from './miles';
import { RELAY_PAYMENTS_LAYOUT, RELAY_TRIPS_LAYOUT } from './relay';
import type {
  TImportKind,
  TImportRecord,
  TLayout,
  TRow,
} from './types';

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
export type TMappableKind = 'fuel' | 'miles' | 'loads';

export const isMappableKind = (kind: TImportKind): kind is TMappableKind => kind === 'fuel' || kind === 'miles' || kind === 'loads';

export const MAPPABLE_FIELDS: Record<TMappableKind, readonly TFieldInfo[]> = {
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
    { field: 'fees', label: 'Fees (a line of their own)', required: false },
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
    { field: 'tripId', label: 'Trip ID', required: false },
    { field: 'startOdometer', label: 'Start odometer', required: false },
    { field: 'endOdometer', label: 'End odometer', required: false },
    { field: 'vin', label: 'VIN', required: false },
    { field: 'source', label: 'Source', required: false },
  ],
  /** A carrier's own loads spreadsheet (Excel or another system), for the load import. */
  loads: [
    { field: 'loadNumber', label: 'Load number', required: true },
    { field: 'startDate', label: 'Start date (and time)', required: true },
    { field: 'startTime', label: 'Start time', required: false },
    { field: 'endDate', label: 'End date (and time)', required: true },
    { field: 'endTime', label: 'End time', required: false },
    { field: 'originCity', label: 'Origin city', required: true },
    { field: 'originState', label: 'Origin state', required: true },
    { field: 'destinationCity', label: 'Destination city', required: true },
    { field: 'destinationState', label: 'Destination state', required: true },
    { field: 'miles', label: 'Miles', required: true },
    { field: 'stops', label: 'Stops', required: false },
    { field: 'payout', label: 'Payout', required: true },
    { field: 'driver', label: 'Driver name or unit', required: false },
    { field: 'broker', label: 'Broker', required: false },
  ],
};

/** Our field ← their column (as the file writes it). */
export type TColumnMapping = Record<string, string>;

/**
 * A layout from a company's column mapping (fuel, miles or loads): its columns are the mapped headers,
 * all of them required, so a saved preset is recognised the next time a file with those headers comes.
 * A miles mapping with a trip date is per trip (summed per quarter).
 */
export function layoutFromMapping(kind: TImportKind, mapping: TColumnMapping, name = 'Column mapping'): TLayout {
  if (!isMappableKind(kind)) throw refuse(`Column mapping is not offered for ${kind} files`);
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
    return { id, kind, vendor: name, required, columns, toRecords: (row) => withFees(name, fuelFields(row), row.field('fees')) } as TLayout<'fuel'>;
  }
  if (kind === 'loads') return { id, kind, vendor: name, required, columns, toRecords: (row) => [readLoad(row)] } as TLayout<'loads'>;
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
  // A field may have several headers (Motive's calibrated odometers, then the plain ones): the first
  // one filled in the row wins, so a present but empty column does not hide the next.
  const fieldIndex = new Map<string, number[]>();
  for (const [field, headers] of Object.entries(layout.columns)) {
    const at = headers.map((h) => index.get(h)).filter((i): i is number => i !== undefined);
    if (at.length) fieldIndex.set(field, at);
  }
  return (row: number, cells: readonly string[]): TRow => ({
    row,
    field: (name) => {
      const at = fieldIndex.get(name);
      if (!at) return '';
      for (const i of at) if ((cells[i] ?? '').trim() !== '') return cells[i];
      return cells[at[0]] ?? '';
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
 * The natural key of a record: importing the same rows again finds the same keys, whichever layout or
 * preset read them. Fuel: unit (or card), date and time, invoice (or site), product, gallons and
 * amount (`fuelKey`). Miles: unit, jurisdiction, period, source; a trip: its id, else unit, day,
 * jurisdiction and distance.
 */
export function naturalKey(record: TImportRecord): string {
  switch (record.kind) {
    case 'fuel':
      return fuelRecordKey(record);
    case 'miles':
      // A trip is found by its id, else by unit, day, jurisdiction and distance (odometers or not).
      if (record.date && record.tripId) return ['trip', record.source, record.tripId].join('|');
      if (record.date) return ['trip', record.unit.toUpperCase(), record.date, record.jurisdiction, record.totalMiles].join('|');
      return ['miles', record.unit.toUpperCase(), record.jurisdiction, `${record.year}Q${record.quarter}`, record.source].join('|');
    case 'payments':
      return ['payments', record.invoiceNumber, record.blockId, record.tripId, record.loadId, record.itemType, record.startDate ?? '', record.grossPay].join('|');
    case 'trips':
      return ['trips', record.blockId, record.tripId, record.loadId].join('|');
    case 'loads':
      return ['loads', record.loadNumber.toLowerCase()].join('|');
  }
}


export * from './fuel';
export * from './loads';
export * from './miles';
export * from './relay';
export * from './types';
