import { centsToText, findUsState, type TBrokerMatch, type TDriverMatch, type TImportedLoad, type TImportNeed, toCents } from '@haulboard/contract';
import { findFacility, stateCodeOf } from '@haulboard/geo';
import type { TLoadRecord, TTripRecord } from '../../imports';
import type { TWeek } from './invoices';

/**
 * Load Import's mapping (pure): the board's trips, or a loads sheet's rows, as the loads they
 * would be on the board. No database here; load-import.ts gathers the context and saves.
 */

type TPlace = { city: string; stateId: number | null; stateName: string; note: string | null };

/** A place written as a city and a state (code or name); a state that is none: blank with a note. */
function cityPlace(city: string, stateText: string, what: string): TPlace {
  const code = stateCodeOf(stateText);
  const state = code ? findUsState(code) : undefined;
  if (city && state) return { city, stateId: state.id, stateName: state.name, note: null };
  const note = state ? `The ${what} has no city: fill it in` : stateText ? `The ${what} state "${stateText}" is not a US state: choose it` : `The ${what} has no state: choose it`;
  return { city, stateId: state?.id ?? null, stateName: state?.name ?? '', note };
}

/** A stop's place: a known facility code, or 'City, ST' text; otherwise blank with a note. */
function placeOf(stop: string): TPlace {
  const facility = findFacility(stop);
  const text = facility ? null : /^(.+?),\s*([A-Za-z .]+)$/.exec(stop.trim());
  const city = facility?.city ?? text?.[1].trim() ?? '';
  const code = facility?.stateCode ?? stateCodeOf(text?.[2]);
  const state = code ? findUsState(code) : undefined;
  if (city && state) return { city, stateId: state.id, stateName: state.name, note: null };
  return { city, stateId: null, stateName: '', note: stop ? `Stop ${stop} is not a known facility: fill in the city and state` : 'A stop has no facility' };
}

/** '2025-07-13T08:45' at '-07:00' → ISO UTC. Without an offset the time is read as UTC. */
function momentOf(local: string | null, offset: string): string | null {
  if (!local) return null;
  const withTime = local.length > 10 ? local : `${local}T00:00`;
  const zone = /^[+-]\d{2}:?\d{2}$/.test(offset.trim()) ? offset.trim().replace(/^([+-]\d{2})(\d{2})$/, '$1:$2') : 'Z';
  const ms = Date.parse(`${withTime.slice(0, 16)}:00${zone}`);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/**
 * Completed or booked work. A blank execution status reads as 'Rejected' (domain notes §4.6), but a
 * trip whose stage is still upcoming has simply not started: it is booked.
 */
const isBooked = (r: TTripRecord) =>
  r.status === 'Completed' || r.status === 'Scheduled' || (r.status === 'Rejected' && /^(scheduled|upcoming|in progress|in transit)$/i.test(r.tripStage));

export type TLoadImportContext = {
  weeks: readonly TWeek[];
  drivers: readonly { value: number; label: string; unitNumber: string | null }[];
  broker: { id: number; name: string };
  statuses: { completed: { id: number; name: string }; scheduled: { id: number; name: string } };
  /** The company's brokers, for a loads sheet that names them. */
  brokers?: readonly { id: number; name: string; mcNumber?: string | null }[];
  /** Loads of a sheet that end before this moment are delivered, the others booked. */
  now?: string;
};

const driverName = (label: string) => label.replace(/^.+? - /, '');
const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/** Drivers by name (one or two, 'A, B' or 'A & B'), else by unit number; with how they were found. */
function findDrivers(ctx: TLoadImportContext, names: string, unit: string): { drivers: TLoadImportContext['drivers'][number][]; match: TDriverMatch } {
  const raw = names
    .split(/[,;&/]| and /)
    .map((n) => n.trim())
    .filter(Boolean);
  const nameList = raw.map(norm);
  let drivers = ctx.drivers.filter((d) => nameList.includes(norm(driverName(d.label))));
  if (drivers.length) {
    const exact = drivers.every((d) => raw.includes(driverName(d.label)));
    return { drivers: drivers.slice(0, 2), match: exact ? 'exact' : 'name' };
  }
  if (unit) drivers = ctx.drivers.filter((d) => d.unitNumber && norm(d.unitNumber) === norm(unit));
  if (drivers.length) return { drivers: drivers.slice(0, 2), match: 'unit' };
  return { drivers: [], match: names.trim() || unit.trim() ? 'none' : 'absent' };
}

/** A company name compared loosely: case, punctuation, spacing and a trailing LLC, Inc, Co, Corp or Ltd do not count. */
export const brokerKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/(\s+(llc|l l c|inc|incorporated|co|corp|corporation|ltd|company))+$/, '')
    .trim();

/** The MC number a broker cell may carry ('MC 123456', 'MC#123456', 'MC-123456'), digits only. */
const mcOf = (text: string) => /\bmc\s*[#:-]?\s*(\d{4,8})\b/i.exec(text)?.[1] ?? null;
const digits = (text: string | null | undefined) => (text ?? '').replace(/\D/g, '').replace(/^0+/, '');

/** A sheet's broker among the company's: by exact name, by the name normalised, or by MC number; never another one. */
export function findBroker(ctx: TLoadImportContext, read: string): { broker: { id: number; name: string } | null; match: TBrokerMatch } {
  const text = read.trim();
  const list = ctx.brokers ?? [];
  if (!text) return { broker: null, match: 'none' };
  const exact = list.find((b) => b.name.trim() === text);
  if (exact) return { broker: exact, match: 'exact' };
  const key = brokerKey(text);
  const byName = key ? list.find((b) => brokerKey(b.name) === key) : undefined;
  if (byName) return { broker: byName, match: 'name' };
  const mc = mcOf(text) ?? (/^\d{4,8}$/.test(text) ? text : null);
  const byMc = mc ? list.find((b) => b.mcNumber && digits(b.mcNumber) === digits(mc)) : undefined;
  if (byMc) return { broker: byMc, match: 'mc' };
  return { broker: null, match: 'none' };
}

/** One imported load from what a trip or a sheet row gave: the figures every source derives alike. */
function importedLoad(
  ctx: TLoadImportContext,
  p: {
    loadNumber: string;
    tripId: string;
    boardLoadIds: string[];
    broker: { id: number; name: string } | null;
    brokerRead: string;
    brokerMatch: TBrokerMatch;
    startDay: string;
    start: string;
    end: string;
    weekId: number;
    origin: TPlace;
    destination: TPlace;
    tripLength: number;
    numberOfStops: number;
    payoutCents: number;
    drivers: readonly { value: number; label: string }[];
    driverRead: string;
    driverMatch: TDriverMatch;
    completed: boolean;
    notes: (string | null | undefined)[];
  },
): TImportedLoad {
  const status = p.completed ? ctx.statuses.completed : ctx.statuses.scheduled;
  const needs: TImportNeed[] = [];
  if (!p.broker) needs.push('broker');
  if (p.driverMatch === 'none') needs.push('driver');
  return {
    loadId: 0,
    loadNumber: p.loadNumber,
    tripId: p.tripId,
    boardLoadIds: p.boardLoadIds,
    brokerId: p.broker?.id ?? 0,
    brokerName: p.broker?.name ?? '',
    loadStartDate: p.start,
    // biome-ignore lint/complexity/useMathMinMax: ISO date text, compared as text
    loadEndDate: p.end < p.start ? p.start : p.end,
    weekId: p.weekId,
    originStateId: p.origin.stateId,
    originCity: p.origin.city,
    originStateName: p.origin.stateName,
    destinationStateId: p.destination.stateId,
    destinationCity: p.destination.city,
    destinationStateName: p.destination.stateName,
    tripLength: p.tripLength,
    numberOfStops: p.numberOfStops,
    pricePerMile: p.tripLength > 0 ? Math.round(p.payoutCents / p.tripLength) / 100 : 0,
    payout: Number(centsToText(p.payoutCents)),
    loadStatusId: status.id,
    loadStatusName: status.name,
    loadDrivers: p.drivers.map((d) => d.value),
    loadDriverNames: p.drivers.map((d) => driverName(d.label)).join(', '),
    isDispute: false,
    comments: null,
    boardStatus: p.completed ? 'Completed' : 'Scheduled',
    note: p.notes.filter(Boolean).join('. ') || null,
    startDay: p.startDay,
    brokerRead: p.brokerRead,
    brokerMatch: p.brokerMatch,
    driverRead: p.driverRead,
    driverMatch: p.driverMatch,
    needs,
  };
}

/**
 * The board's trips as loads (pure): rows grouped by Trip ID (a tour's loads are one trip), origin
 * from the first pickup and destination from the last drop, miles and payout summed (payout exact to
 * the cent), rate per mile, start at the first stop's arrival and end at the last stop's departure
 * (actual when known), the driver by name or tractor unit, the work week from the first stop's date.
 * Cancelled and rejected trips are left out.
 */
export function tripsToLoads(records: readonly TTripRecord[], ctx: TLoadImportContext): TImportedLoad[] {
  const trips = new Map<string, TTripRecord[]>();
  for (const r of records) {
    if (!isBooked(r)) continue;
    const key = r.tripId || r.blockId || r.loadId;
    trips.set(key, [...(trips.get(key) ?? []), r]);
  }
  const out: TImportedLoad[] = [];
  for (const [key, rows] of trips) {
    const stops = rows.flatMap((r) => r.stops);
    if (!stops.length) continue;
    const first = stops[0];
    const last = stops[stops.length - 1];
    const start = momentOf(first.actualArrival ?? first.plannedArrival ?? first.plannedDeparture, first.utcOffset);
    const end = momentOf(last.actualDeparture ?? last.actualArrival ?? last.plannedDeparture ?? last.plannedArrival, last.utcOffset) ?? start;
    if (!start || !end) continue;
    const startDay = (first.actualArrival ?? first.plannedArrival ?? first.plannedDeparture ?? '').slice(0, 10);
    // A trip in no known work week keeps week 0: the import lists it as skipped.
    const week = ctx.weeks.find((w) => w.startDate <= startDay && startDay <= w.endDate);
    const miles = rows.reduce((sum, r) => {
      const d = Number(r.estimateDistance ?? 0);
      return sum + (/^k/i.test(r.distanceUnit) ? d / 1.609344 : d);
    }, 0);
    const tripLength = Math.round(miles * 10) / 10;
    const payoutCents = rows.reduce((sum, r) => sum + (toCents(r.estimatedCost) ?? 0), 0);
    const origin = placeOf(first.facility);
    const destination = placeOf(last.facility);
    const names = rows.map((r) => r.driverName).find(Boolean) ?? '';
    const unit = rows.map((r) => r.tractorVehicleId).find(Boolean) ?? '';
    const { drivers, match: driverMatch } = findDrivers(ctx, names, unit);
    const completed = rows.every((r) => r.status === 'Completed');
    const notes = [origin.note, destination.note !== origin.note ? destination.note : null];
    if (driverMatch === 'none') notes.push(`No driver named ${names || `with unit ${unit}`}: choose one`);
    if (!payoutCents) notes.push('No payout in the file: enter it');
    out.push(
      importedLoad(ctx, {
        loadNumber: key,
        tripId: rows[0].tripId,
        boardLoadIds: rows.map((r) => r.loadId).filter(Boolean),
        broker: ctx.broker,
        brokerRead: ctx.broker.name,
        brokerMatch: 'board',
        startDay,
        start,
        end,
        weekId: week?.id ?? 0,
        origin,
        destination,
        tripLength,
        numberOfStops: stops.length,
        payoutCents,
        drivers,
        driverRead: names || unit,
        driverMatch,
        completed,
        notes,
      }),
    );
  }
  return out.sort((a, b) => a.loadStartDate.localeCompare(b.loadStartDate) || a.loadNumber.localeCompare(b.loadNumber));
}

/**
 * A loads spreadsheet's rows as loads (pure): one row is one load, numbered as the sheet numbers it;
 * places from the city and state columns (states by code or name), miles, stops (2 when the sheet
 * has none: a pickup and a drop), payout to the cent, rate per mile, start and end (the start when
 * there is no end), the driver by name or unit, the broker by name, normalised name or MC number among
 * the company's (none when none matches: the row needs one chosen, never another broker), the work week
 * from the start date (0 when no work week holds it). What cannot be read is a note.
 */
export function sheetToLoads(records: readonly TLoadRecord[], ctx: TLoadImportContext): TImportedLoad[] {
  const out: TImportedLoad[] = [];
  for (const r of records) {
    const start = momentOf(r.start, r.startOffset ?? '');
    if (!start) continue;
    const endMoment = momentOf(r.end, r.endOffset ?? '') ?? start;
    // biome-ignore lint/complexity/useMathMinMax: ISO date text, compared as text
    const end = endMoment < start ? start : endMoment;
    const startDay = r.start.slice(0, 10);
    const week = ctx.weeks.find((w) => w.startDate <= startDay && startDay <= w.endDate);
    const tripLength = r.miles ? Math.round(Number(r.miles) * 10) / 10 : 0;
    const payoutCents = toCents(r.payout) ?? 0;
    const origin = cityPlace(r.originCity, r.originState, 'origin');
    const destination = cityPlace(r.destinationCity, r.destinationState, 'destination');
    const { drivers, match: driverMatch } = findDrivers(ctx, r.driver, r.driver);
    const { broker, match: brokerMatch } = findBroker(ctx, r.broker);
    const completed = end <= (ctx.now ?? new Date().toISOString());
    const notes = [origin.note, destination.note];
    if (driverMatch === 'none') notes.push(`No driver named ${r.driver} and no unit ${r.driver}: choose one`);
    notes.push(broker ? null : r.broker.trim() ? `No broker named ${r.broker.trim()}: choose one or create it` : 'The file names no broker: choose one');
    if (!payoutCents) notes.push('No payout in the file: enter it');
    if (!tripLength) notes.push('No miles in the file: enter them');
    out.push(
      importedLoad(ctx, {
        loadNumber: r.loadNumber,
        tripId: '',
        boardLoadIds: [],
        broker,
        brokerRead: r.broker.trim(),
        brokerMatch,
        startDay,
        start,
        end,
        weekId: week?.id ?? 0,
        origin,
        destination,
        tripLength,
        numberOfStops: r.stops ?? 2,
        payoutCents,
        drivers,
        driverRead: r.driver.trim(),
        driverMatch,
        completed,
        notes,
      }),
    );
  }
  return out.sort((a, b) => a.loadStartDate.localeCompare(b.loadStartDate) || a.loadNumber.localeCompare(b.loadNumber));
}
