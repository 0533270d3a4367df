import { stateCodeOf } from '@haulboard/geo';
import ExcelJS from 'exceljs';
import type { TBoard } from './board';
import { hash32 } from './prng';
import { addDays, localDate, localDateTime, localParts, PACIFIC, pacificWeekOf } from './time';
import type { TTrip, TWorkOpportunity } from './types';

/** The carrier's exports (domain-notes §4.6): TRIPS and Payment Details, for one Sunday–Saturday week. */

const TRIP_COLUMNS = [
  'Block ID', 'Trip ID', 'Block/Trip', 'Trip Stage', 'Load ID', 'Facility Sequence', 'Load Execution Status',
  'Transit Operator Type', 'Driver Name', 'Equipment Type', 'Trailer ID', 'Tractor Vehicle ID', 'Estimate Distance',
  'Unit', 'Rate Type', 'Estimated Cost', 'Currency', 'Truck Filter', 'Operator ID', 'Shipper Account', 'Sub Carrier',
  'CR_ID', 'Spot Work', 'Contract Type', 'Contract ID',
];
/** Per stop; two of the real headers carry a double space, kept on purpose. */
const stopColumns = (n: number) => [
  `Stop ${n}`,
  `Stop ${n} UTC Offset`,
  `Stop ${n} Planned Arrival Date/Time`,
  `Stop ${n}  Actual Arrival Date/Time`,
  `Stop ${n}  Planned Departure Date/Time`,
  `Stop ${n} Actual Departure Date/Time`,
  `Stop ${n} Container ID`,
];
export const TRIPS_HEADER = [...TRIP_COLUMNS, ...Array.from({ length: 9 }, (_, i) => stopColumns(i + 1)).flat()];

export const PAYMENT_HEADER = [
  'Invoice Number', 'Block Id', 'Trip ID', 'Load ID', 'Start Date', 'End Date', 'Route/Domicile', 'Operator Type',
  'Equipment', 'Distance (Mi)', 'Item Type', 'Program Type', 'Hourly Rate', 'Duration (hrs)', 'Variable Total',
  'Base Rate', 'Fuel Surcharge', 'Tolls', 'Detention', 'TONU', 'Others', 'Gross Pay', 'Comments',
];
const MONEY_COLUMNS = new Set(['Base Rate', 'Fuel Surcharge', 'Tolls', 'Detention', 'TONU', 'Others', 'Gross Pay']);

type TCell = string | number;
export type TTable = { header: string[]; rows: TCell[][]; moneyColumns: Set<string> };

/** The board's Load ID in exports: the work opportunity's `tr-…` id without its prefix. */
export const exportLoadId = (id: string) => id.replace(/^tr-/, '');
const cents = (dollars: number) => Math.round(dollars * 100);
const money = (c: number) => `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;
const titleCase = (s: string) => s.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase());

export function tripStatus(trip: TTrip, now: number): 'Completed' | 'Cancelled' | 'Rejected' | 'Scheduled' {
  return trip.status ?? (Date.parse(trip.wo.lastDeliveryTime) <= now ? 'Completed' : 'Scheduled');
}

/** Trips whose first pickup falls in the week (Pacific), one row per load. */
export function tripsTable(board: TBoard, week: string, now: number): TTable {
  const rows: TCell[][] = [];
  for (const trip of board.trips()) {
    if (pacificWeekOf(Date.parse(trip.wo.firstPickupTime)) !== week) continue;
    const status = tripStatus(trip, now);
    const done = status === 'Completed';
    const stage = status === 'Completed' ? 'History' : status === 'Scheduled' ? 'Upcoming' : 'Cancelled';
    for (const load of trip.wo.loads) {
      const stops = load.stops.slice(0, 9).flatMap((s) => {
        const checkin = Date.parse(s.actions[0].plannedTime);
        const checkout = Date.parse(s.actions[1].plannedTime);
        const tz = s.location.timeZone;
        return [
          s.location.stopCode,
          localParts(checkin, tz).offset,
          localDateTime(checkin, tz),
          done ? localDateTime(checkin, tz) : '',
          localDateTime(checkout, tz),
          done ? localDateTime(checkout, tz) : '',
          '',
        ];
      });
      rows.push([
        trip.blockId,
        trip.tripId,
        trip.blockId ? 'Block' : 'Trip',
        stage,
        exportLoadId(load.versionedLoadId.id),
        load.stops.map((s) => s.location.stopCode).join('->'),
        status,
        trip.wo.transitOperatorType === 'TEAM_DRIVER' ? 'Team Driver' : 'Single Driver',
        trip.driverName,
        load.equipmentType,
        load.stops[0].trailerDetails[0]?.assetOwner ?? '',
        trip.tractorId,
        load.distance.value.toFixed(2),
        'Miles',
        'Per Trip',
        money(cents(load.payout.value)),
        'USD',
        '',
        '',
        load.loadShipperAccounts[0] ?? '',
        '',
        '',
        'Yes',
        'SPOT',
        '',
        ...stops,
        ...Array.from({ length: (9 - Math.min(9, load.stops.length)) * 7 }, () => ''),
      ]);
    }
  }
  return { header: TRIPS_HEADER, rows, moneyColumns: new Set(['Estimated Cost']) };
}

/** Payment lines for trips whose last stop completed in the week (Pacific), with a closing summary row. */
export function paymentsTable(board: TBoard, week: string, now: number, seed: string | number): TTable {
  const invoice = `RLYINV${hash32(`${seed}:${week}`).toString(36).toUpperCase().padStart(7, '0').slice(0, 7)}`;
  const rows: TCell[][] = [];
  let total = 0;
  const line = (
    trip: TTrip,
    wo: TWorkOpportunity,
    o: { loadId?: string; itemType: string; base?: number; fuel?: number; detention?: number; tonu?: number; others?: number; comments?: string },
  ) => {
    const gross = (o.base ?? 0) + (o.fuel ?? 0) + (o.detention ?? 0) + (o.tonu ?? 0) + (o.others ?? 0);
    total += gross;
    const origin = wo.loads[0].stops[0].location;
    const isTour = o.itemType.startsWith('TOUR');
    const itemType = trip.pay.lowerCaseItemType ? titleCase(o.itemType).replace(/ - (\w)/, (_, c) => ` - ${c.toUpperCase()}`) : o.itemType;
    return [
      invoice,
      trip.blockId,
      trip.tripId,
      o.loadId ?? '',
      localDate(Date.parse(wo.firstPickupTime), PACIFIC),
      localDate(Date.parse(wo.lastDeliveryTime), PACIFIC),
      `${titleCase(origin.city)}, ${stateCodeOf(origin.state) ?? origin.state}`,
      wo.transitOperatorType === 'TEAM_DRIVER' ? 'TEAM' : 'SOLO',
      wo.loads[0].equipmentType,
      o.loadId
        ? (wo.loads.find((l) => exportLoadId(l.versionedLoadId.id) === o.loadId)?.distance.value.toFixed(2) ?? '')
        : isTour
          ? wo.totalDistance.value.toFixed(2)
          : '',
      itemType,
      'SPOT',
      '',
      isTour ? (wo.totalDuration / 3_600_000).toFixed(2) : '',
      '',
      money(o.base ?? 0),
      money(o.fuel ?? 0),
      money(0),
      money(o.detention ?? 0),
      money(o.tonu ?? 0),
      money(o.others ?? 0),
      money(gross),
      o.comments ?? '',
    ];
  };
  for (const trip of board.trips()) {
    if (trip.pay.missing) continue;
    if (pacificWeekOf(Date.parse(trip.wo.lastDeliveryTime)) !== week) continue;
    const wo = trip.wo;
    if (trip.status === 'Cancelled' && trip.pay.tonuCents && Date.parse(wo.lastDeliveryTime) <= now) {
      rows.push(line(trip, wo, { itemType: 'TOUR - CANCELLED', tonu: trip.pay.tonuCents, comments: 'Truck ordered, not used' }));
      continue;
    }
    if (tripStatus(trip, now) !== 'Completed') continue;
    const gross = cents(wo.payout.value) - (trip.pay.shortByCents ?? 0);
    const base = cents(wo.aggregatedCostItems[0].monetaryAmount.value) - (trip.pay.shortByCents ?? 0);
    const tour = line(trip, wo, { itemType: 'TOUR - COMPLETED', base, fuel: gross - base, comments: trip.pay.shortByCents ? 'Rate adjusted' : '' });
    rows.push(tour);
    if (trip.pay.duplicateLine) {
      rows.push([...tour]);
      total += gross;
    }
    for (const [i, load] of wo.loads.entries()) {
      const detention = i === 0 ? (trip.pay.detentionCents ?? 0) : 0;
      const drop = load.stops[load.stops.length - 1].location.stopCode;
      rows.push(line(trip, wo, { loadId: exportLoadId(load.versionedLoadId.id), itemType: 'LOAD - COMPLETED', detention, comments: detention ? `Detention ${drop}` : '' }));
    }
    if (trip.pay.disputeCents) {
      rows.push(line(trip, wo, { itemType: 'ADJUSTMENT - DISPUTE', others: trip.pay.disputeCents, comments: 'Dispute: late arrival at delivery' }));
    }
  }
  if (rows.length) rows.push(PAYMENT_HEADER.map((h) => (h === 'Gross Pay' ? money(total) : '')));
  return { header: PAYMENT_HEADER, rows, moneyColumns: MONEY_COLUMNS };
}

const quote = (v: TCell) => {
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
export const toCsv = (t: TTable) => `${[t.header, ...t.rows].map((r) => r.map(quote).join(',')).join('\r\n')}\r\n`;

export async function toXlsx(t: TTable, sheetName: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName);
  ws.addRow(t.header);
  ws.getRow(1).font = { bold: true };
  const numeric = new Set(t.header.map((h, i) => (t.moneyColumns.has(h) || /Distance|Duration/.test(h) ? i : -1)).filter((i) => i >= 0));
  for (const r of t.rows) ws.addRow(r.map((v, i) => (numeric.has(i) && v !== '' && Number.isFinite(Number(v)) ? Number(v) : v)));
  for (const i of numeric) if (t.moneyColumns.has(t.header[i])) ws.getColumn(i + 1).numFmt = '0.00';
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The Saturday ending the week, as the payment file names it. */
export const weekEnd = (week: string) => addDays(week, 6);
