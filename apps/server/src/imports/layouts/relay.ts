/** Import layouts: Relay's payments and trips exports (domain notes §4.6). */

import {
  parseDateTime,
  parseMoney,
  parseQuantity,
} from '../values';
import {
  cols,
  ROW_TEXT,
  type TLayout,
  type TPaymentRecord,
  type TRow,
  type TTripRecord,
  type TTripStop,
} from './types';

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

