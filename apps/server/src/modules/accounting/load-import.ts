import { randomUUID } from 'node:crypto';
import {
  centsToText,
  findUsState,
  formatMoney,
  LOAD_IMPORT_TEXT,
  type TColumnMapping,
  type TImportedLoad,
  type TLoadFormOutput,
  type TLoadImport,
  type TLoadsMappingStep,
  type TTripsSource,
  toCents,
} from '@haulboard/contract';
import { findFacility, stateCodeOf } from '@haulboard/geo';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TActor } from '../../access/actor';
import type { TDb, TDbLike, TTx } from '../../db/client';
import { brokers, importFiles, loadStatuses, loads, workWeeks } from '../../db/schema';
import { previewImport, type TLoadRecord, type TPreview, type TTripRecord } from '../../imports';
import { notFound, refuse } from '../../lib/errors';
import { isoOf } from '../../lib/rows';
import { BoardError } from '../../loadboard/client';
import { companyBoard, noteBoardFailure } from '../../loadboard/connection';
import type { TVault } from '../../loadboard/vault';
import { findPresets } from '../imports';
import { upsertLoad } from '../loads';
import { findDriverOptions } from '../lookups';
import { type TWeek, weekOf } from './invoices';

const noError = (text: string) => text.replace(/^ERROR /, '');

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
  brokers?: readonly { id: number; name: string }[];
  /** Loads of a sheet that end before this moment are delivered, the others booked. */
  now?: string;
};

const driverName = (label: string) => label.replace(/^.+? - /, '');
const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/** Drivers by name (one or two, 'A, B' or 'A & B'), else by unit number. */
function findDrivers(ctx: TLoadImportContext, names: string, unit: string) {
  const nameList = names
    .split(/[,;&/]| and /)
    .map(norm)
    .filter(Boolean);
  let drivers = ctx.drivers.filter((d) => nameList.includes(norm(driverName(d.label))));
  if (!drivers.length && unit) drivers = ctx.drivers.filter((d) => d.unitNumber && norm(d.unitNumber) === norm(unit));
  return drivers.slice(0, 2);
}

/** One imported load from what a trip or a sheet row gave: the figures every source derives alike. */
function importedLoad(
  ctx: TLoadImportContext,
  p: {
    loadNumber: string;
    tripId: string;
    boardLoadIds: string[];
    broker: { id: number; name: string };
    start: string;
    end: string;
    weekId: number;
    origin: TPlace;
    destination: TPlace;
    tripLength: number;
    numberOfStops: number;
    payoutCents: number;
    drivers: readonly { value: number; label: string }[];
    completed: boolean;
    notes: (string | null | undefined)[];
  },
): TImportedLoad {
  const status = p.completed ? ctx.statuses.completed : ctx.statuses.scheduled;
  return {
    loadId: 0,
    loadNumber: p.loadNumber,
    tripId: p.tripId,
    boardLoadIds: p.boardLoadIds,
    brokerId: p.broker.id,
    brokerName: p.broker.name,
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
    const week = ctx.weeks.find((w) => w.startDate <= startDay && startDay <= w.endDate);
    if (!week) continue;
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
    const drivers = findDrivers(ctx, names, unit);
    const completed = rows.every((r) => r.status === 'Completed');
    const notes = [origin.note, destination.note !== origin.note ? destination.note : null];
    if ((names || unit) && !drivers.length) notes.push(`No driver named ${names || `with unit ${unit}`}: choose one`);
    if (!payoutCents) notes.push('No payout in the file: enter it');
    out.push(
      importedLoad(ctx, {
        loadNumber: key,
        tripId: rows[0].tripId,
        boardLoadIds: rows.map((r) => r.loadId).filter(Boolean),
        broker: ctx.broker,
        start,
        end,
        weekId: week.id,
        origin,
        destination,
        tripLength,
        numberOfStops: stops.length,
        payoutCents,
        drivers,
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
 * there is no end), the driver by name or unit, the broker by name among the company's (else the
 * board's company, with a note), the work week from the start date. What cannot be read is a note.
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
    if (!week) continue;
    const tripLength = r.miles ? Math.round(Number(r.miles) * 10) / 10 : 0;
    const payoutCents = toCents(r.payout) ?? 0;
    const origin = cityPlace(r.originCity, r.originState, 'origin');
    const destination = cityPlace(r.destinationCity, r.destinationState, 'destination');
    const drivers = findDrivers(ctx, r.driver, r.driver);
    const named = r.broker ? ctx.brokers?.find((b) => norm(b.name) === norm(r.broker)) : undefined;
    const broker = named ?? ctx.broker;
    const completed = end <= (ctx.now ?? new Date().toISOString());
    const notes = [origin.note, destination.note];
    if (r.driver && !drivers.length) notes.push(`No driver named ${r.driver} and no unit ${r.driver}: choose one`);
    if (r.broker && !named) notes.push(`No broker named ${r.broker}: choose one`);
    if (!payoutCents) notes.push('No payout in the file: enter it');
    if (!tripLength) notes.push('No miles in the file: enter them');
    out.push(
      importedLoad(ctx, {
        loadNumber: r.loadNumber,
        tripId: '',
        boardLoadIds: [],
        broker,
        start,
        end,
        weekId: week.id,
        origin,
        destination,
        tripLength,
        numberOfStops: r.stops ?? 2,
        payoutCents,
        drivers,
        completed,
        notes,
      }),
    );
  }
  return out.sort((a, b) => a.loadStartDate.localeCompare(b.loadStartDate) || a.loadNumber.localeCompare(b.loadNumber));
}

/** The board's company as a broker of the company: found by name, created once. */
export async function boardBroker(tx: TDbLike, companyId: number): Promise<{ id: number; name: string }> {
  const name = LOAD_IMPORT_TEXT.boardBroker;
  const [found] = await tx
    .select({ id: brokers.id, name: brokers.name })
    .from(brokers)
    .where(and(eq(brokers.companyId, companyId), sql`lower(${brokers.name}) = lower(${name})`))
    .orderBy(brokers.id)
    .limit(1);
  if (found) return found;
  const wa = findUsState('WA')!;
  const [created] = await tx
    .insert(brokers)
    .values({ companyId, name, address: '410 Terry Ave N', city: 'Seattle', stateId: wa.id, zipCode: '98109', phoneNumber: '', email: '', comments: 'The load board: created by the load import' })
    .returning({ id: brokers.id, name: brokers.name });
  return created;
}

async function statusesOf(db: TDbLike) {
  const rows = await db.select({ id: loadStatuses.id, name: loadStatuses.name }).from(loadStatuses);
  const by = (name: string) => rows.find((r) => r.name === name) ?? rows[0];
  return { completed: by('Delivered'), scheduled: by('Booked') };
}

/** What a file holds: the board's trips, or a loads sheet's rows read through a mapping; with the rows it could not read. */
export type TFileRows = { trips: TTripRecord[]; loads?: undefined; problems: string[] } | { loads: TLoadRecord[]; trips?: undefined; problems: string[] };

const problemsOf = (preview: TPreview) => preview.refused.map((r) => r.reason);

/** A week's new and existing loads from trip records or sheet rows. Creates the board's broker when missing. */
export async function loadImportOf(tx: TTx, actor: TActor, weekId: number, rows: TTripRecord[] | TFileRows, source: string): Promise<TLoadImport> {
  const file: TFileRows = Array.isArray(rows) ? { trips: rows, problems: [] } : rows;
  const { companyId } = actor;
  const week = await weekOf(tx, companyId, weekId);
  const weeks = await tx
    .select({ id: workWeeks.id, year: workWeeks.year, number: workWeeks.number, startDate: workWeeks.startDate, endDate: workWeeks.endDate })
    .from(workWeeks)
    .where(eq(workWeeks.companyId, companyId));
  const ctx: TLoadImportContext = {
    weeks,
    drivers: await findDriverOptions(tx, companyId),
    broker: await boardBroker(tx, companyId),
    statuses: await statusesOf(tx),
  };
  if (file.loads?.some((r) => r.broker)) {
    ctx.brokers = await tx.select({ id: brokers.id, name: brokers.name }).from(brokers).where(eq(brokers.companyId, companyId)).orderBy(brokers.id);
  }
  const all = (file.loads ? sheetToLoads(file.loads, ctx) : tripsToLoads(file.trips, ctx)).filter((l) => l.weekId === week.id);
  const numbers = [...new Set(all.flatMap((l) => [l.loadNumber, ...l.boardLoadIds]))];
  const onBoard = numbers.length
    ? await tx
        .select({ id: loads.id, loadNumber: loads.loadNumber, payout: loads.payout, weekId: loads.weekId, start: isoOf(loads.loadStartDate), end: isoOf(loads.loadEndDate) })
        .from(loads)
        .where(and(eq(loads.companyId, companyId), inArray(loads.loadNumber, numbers)))
    : [];
  const byNumber = new Map(onBoard.map((l) => [l.loadNumber, l]));
  const newLoads: TImportedLoad[] = [];
  const existingLoads: TImportedLoad[] = [];
  const whose = file.loads ? 'the file' : "the board's trip";
  for (const l of all) {
    const match = [l.loadNumber, ...l.boardLoadIds].map((n) => byNumber.get(n)).find(Boolean);
    if (match) existingLoads.push({ ...l, loadId: match.id, loadNumber: match.loadNumber, note: Number(match.payout) === l.payout ? null : `On the board at ${formatMoney(match.payout)}, ${whose} pays ${formatMoney(l.payout)}` });
    else newLoads.push(l);
  }
  return { newLoads, existingLoads, source, problems: file.problems, mappingStep: null };
}

async function readTrips(fileName: string, content: Buffer): Promise<TTripRecord[]> {
  const preview = await previewImport({ file: { fileName, data: content }, kind: 'trips' });
  if (!preview.layout) throw refuse(noError(LOAD_IMPORT_TEXT.notTrips));
  return preview.records.map((r) => r.record as TTripRecord);
}

/** The column mapping a loads file is read with: the one given, a chosen preset's, or none. */
type TMappingChoice = { mapping: TColumnMapping | null; presetId: number | null };

/**
 * An uploaded file's rows: the board's trips export when it is one (and no mapping was chosen), else
 * a loads sheet through the given mapping, the chosen preset, or a saved preset whose columns the file
 * has. A file in none of these answers the mapping step; `mapping` is the one to keep with the file.
 */
async function readUpload(
  tx: TDbLike,
  companyId: number,
  file: { name: string; buffer: Buffer },
  choice: TMappingChoice,
): Promise<{ rows: TFileRows; mapping: TColumnMapping | null } | { step: TLoadsMappingStep }> {
  const data = { fileName: file.name, data: file.buffer };
  if (!choice.mapping && !choice.presetId) {
    const trips = await previewImport({ file: data, kind: 'trips' });
    if (trips.layout) return { rows: { trips: trips.records.map((r) => r.record as TTripRecord), problems: problemsOf(trips) }, mapping: null };
  }
  const presets = await findPresets(tx, companyId, 'loads');
  const chosen = choice.presetId ? presets.find((p) => p.presetId === choice.presetId) : undefined;
  if (choice.presetId && !chosen) throw notFound('The column mapping');
  const mapping = choice.mapping ?? chosen?.mapping;
  const preview = await previewImport({ file: data, kind: 'loads', mapping, presets: presets.map((p) => ({ name: p.name, kind: 'loads', mapping: p.mapping })) });
  if (!preview.layout) {
    const unknown = preview.unknown;
    return {
      step: {
        headers: unknown?.headers ?? [],
        sampleRows: unknown?.sample ?? [],
        fields: (unknown?.fields ?? []).map((f) => ({ key: f.field, label: f.label, required: f.required, hint: null })),
      },
    };
  }
  const used = mapping ?? presets.find((p) => `mapping:${p.name}` === preview.layout?.id)?.mapping ?? null;
  return { rows: { loads: preview.records.map((r) => r.record as TLoadRecord), problems: problemsOf(preview) }, mapping: used };
}

/**
 * Keeps the uploaded file (the newest answers later searches, read again with the mapping it was read
 * with) and answers the week from it; a file whose columns must be mapped first answers the mapping step.
 */
export async function uploadTrips(tx: TTx, actor: TActor, weekId: number, file: { name: string; buffer: Buffer }, choice: TMappingChoice = { mapping: null, presetId: null }): Promise<TLoadImport> {
  await weekOf(tx, actor.companyId, weekId);
  const read = await readUpload(tx, actor.companyId, file, choice);
  if ('step' in read) return { newLoads: [], existingLoads: [], source: file.name, problems: [], mappingStep: read.step };
  await tx.insert(importFiles).values({ id: randomUUID(), companyId: actor.companyId, kind: 'trips', fileName: file.name, content: file.buffer, mapping: read.mapping, createdBy: actor.userId });
  return loadImportOf(tx, actor, weekId, read.rows, file.name);
}

/** The week from the trips file (or loads sheet) uploaded last. */
export async function loadImportFromFile(tx: TTx, actor: TActor, weekId: number): Promise<TLoadImport> {
  await weekOf(tx, actor.companyId, weekId);
  const [file] = await tx
    .select({ fileName: importFiles.fileName, content: importFiles.content, mapping: importFiles.mapping, createdOn: isoOf(importFiles.createdOn) })
    .from(importFiles)
    .where(and(eq(importFiles.companyId, actor.companyId), eq(importFiles.kind, 'trips')))
    .orderBy(desc(importFiles.createdOn))
    .limit(1);
  if (!file) throw refuse(noError(LOAD_IMPORT_TEXT.noTrips));
  if (!file.mapping) return loadImportOf(tx, actor, weekId, await readTrips(file.fileName, file.content), file.fileName);
  const read = await readUpload(tx, actor.companyId, { name: file.fileName, buffer: file.content }, { mapping: file.mapping, presetId: null });
  if ('step' in read) throw refuse(noError(LOAD_IMPORT_TEXT.noTrips));
  return loadImportOf(tx, actor, weekId, read.rows, file.fileName);
}

/** The Sunday on or before a day: the board's weeks run Sunday to Saturday. */
const sundayOf = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - d.getUTCDay());
  return d.toISOString().slice(0, 10);
};

/**
 * Spec §7 `GET /api/Accounting?id=`: the week's trips from the board itself (its trips export for
 * the board week holding the work week's first day) or from the trips file uploaded last. Without
 * a `source`, the board when the company has a working session and the board has trips in that
 * week, else the file. The board is asked
 * outside any transaction.
 */
export async function loadImportOfWeek(db: TDb, vault: TVault, actor: TActor, weekId: number, source?: TTripsSource): Promise<TLoadImport> {
  const week = await weekOf(db, actor.companyId, weekId);
  let live: Buffer | null = null;
  if (source !== 'file') {
    try {
      const board = await companyBoard(db, vault, actor.companyId);
      try {
        live = await board.client.exportTrips(sundayOf(week.startDate), 'csv');
      } catch (error) {
        if (error instanceof BoardError) await noteBoardFailure(db, actor.companyId, board.cookieId, error);
        else throw error;
      }
    } catch (error) {
      if (!(error instanceof BoardError)) throw error;
    }
  }
  if (live) {
    const records = await readTrips('board-trips.csv', live);
    const fromBoard = await db.transaction((tx) => loadImportOf(tx, actor, weekId, records, 'the board'));
    if (source === 'board' || fromBoard.newLoads.length || fromBoard.existingLoads.length) return fromBoard;
    // The board keeps recent weeks only: a week it has nothing for comes from the trips file uploaded last, if any.
    const [file] = await db
      .select({ id: importFiles.id })
      .from(importFiles)
      .where(and(eq(importFiles.companyId, actor.companyId), eq(importFiles.kind, 'trips')))
      .limit(1);
    if (!file) return fromBoard;
  }
  if (source === 'board') throw refuse(noError(LOAD_IMPORT_TEXT.noBoard));
  return db.transaction((tx) => loadImportFromFile(tx, actor, weekId));
}

/** Saves new loads in the caller's transaction through the load form's own rules; any refusal refuses all. */
export async function saveImportedLoads(tx: TTx, actor: TActor, forms: TLoadFormOutput[]): Promise<string> {
  if (!forms.length) throw refuse(noError(LOAD_IMPORT_TEXT.nothingToImport));
  const seen = new Set<string>();
  for (const form of forms) {
    const key = form.loadNumber.trim().toLowerCase();
    if (seen.has(key)) throw refuse(`Load number ${form.loadNumber} is in the list twice`);
    seen.add(key);
    await upsertLoad(tx, actor, { ...form, loadId: 0, updatedOn: null } as TLoadFormOutput);
  }
  return LOAD_IMPORT_TEXT.imported(forms.length);
}
