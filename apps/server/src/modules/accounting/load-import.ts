import { randomUUID } from 'node:crypto';
import {
  BOARD_BROKER_ID,
  findUsState,
  formatMoney,
  LOAD_IMPORT_TEXT,
  type TColumnMapping,
  type TImportedLoad,
  type TLoadFormOutput,
  type TLoadImport,
  type TLoadsMappingStep,
  type TSaveImportedLoadsOutput,
  type TTripsSource,
} from '@haulboard/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { actorCan, type TActor } from '../../access/actor';
import { assertCompanyRefs } from '../../access/tenancy';
import type { TDb, TDbLike, TTx } from '../../db/client';
import { brokers, importFiles, loadStatuses, loads, workWeeks } from '../../db/schema';
import { previewImport, type TLoadRecord, type TPreview, type TTripRecord } from '../../imports';
import { forbidden, notFound, refuse } from '../../lib/errors';
import { isoOf } from '../../lib/rows';
import { BoardError } from '../../loadboard/client';
import { companyBoard, noteBoardFailure } from '../../loadboard/connection';
import type { TVault } from '../../loadboard/vault';
import { upsertBroker } from '../brokers';
import { findPresets } from '../imports';
import { upsertLoad } from '../loads';
import { findDriverOptions } from '../lookups';
import { weekOf } from './invoices';
import { sheetToLoads, type TLoadImportContext, tripsToLoads } from './load-import-mapping';

const noError = (text: string) => text.replace(/^ERROR /, '');

/** The board's company as a broker of the company, when the company has it. */
async function findBoardBroker(db: TDbLike, companyId: number): Promise<{ id: number; name: string } | null> {
  const [found] = await db
    .select({ id: brokers.id, name: brokers.name })
    .from(brokers)
    .where(and(eq(brokers.companyId, companyId), sql`lower(${brokers.name}) = lower(${LOAD_IMPORT_TEXT.boardBroker})`))
    .orderBy(brokers.id)
    .limit(1);
  return found ?? null;
}

/** The board's company as a broker of the company: found by name, created once (only by a write: saving or booking loads). */
export async function boardBroker(tx: TDbLike, companyId: number): Promise<{ id: number; name: string }> {
  const name = LOAD_IMPORT_TEXT.boardBroker;
  const found = await findBoardBroker(tx, companyId);
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

/** A week's new and existing loads from trip records or sheet rows. Writes nothing: a missing board broker is BOARD_BROKER_ID, created on save. */
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
    broker: (await findBoardBroker(tx, companyId)) ?? { id: BOARD_BROKER_ID, name: LOAD_IMPORT_TEXT.boardBroker },
    statuses: await statusesOf(tx),
  };
  if (file.loads?.some((r) => r.broker)) {
    ctx.brokers = await tx
      .select({ id: brokers.id, name: brokers.name, mcNumber: brokers.mcNumber })
      .from(brokers)
      .where(and(eq(brokers.companyId, companyId), eq(brokers.isActive, true)))
      .orderBy(brokers.id);
  }
  const read = file.loads ? sheetToLoads(file.loads, ctx) : tripsToLoads(file.trips, ctx);
  const all = read.filter((l) => l.weekId === week.id);
  const skipped = read.filter((l) => l.weekId !== week.id).map((l) => ({ loadNumber: l.loadNumber, reason: LOAD_IMPORT_TEXT.outsideWeek(l.startDay, week) }));
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
  return { newLoads, existingLoads, source, problems: file.problems, skipped, mappingStep: null };
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
  if ('step' in read) return { newLoads: [], existingLoads: [], source: file.name, problems: [], skipped: [], mappingStep: read.step };
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

const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Saves new loads in the caller's transaction through the load form's own rules; any refusal refuses
 * all. A row without a broker takes the choice made for the broker name the file gave (an existing
 * broker of the company, or one created here once per name); a row whose file driver matched nobody
 * takes the choice for that name (a driver, or none). A row still without either refuses the save,
 * naming it. The reply counts what was imported, created, skipped and refused.
 */
export async function saveImportedLoads(tx: TTx, actor: TActor, input: TSaveImportedLoadsOutput): Promise<string> {
  const { loads: rows } = input;
  if (!rows.length) throw refuse(noError(LOAD_IMPORT_TEXT.nothingToImport));
  const brokerChoices = new Map(input.brokers.map((c) => [nameKey(c.name), c]));
  const driverChoices = new Map(input.drivers.map((c) => [nameKey(c.name), c.driverId]));
  // Chosen brokers and drivers of another company are the same 404 as missing ones.
  await assertCompanyRefs(tx, actor.companyId, {
    brokerIds: input.brokers.flatMap((c) => (c.brokerId ? [c.brokerId] : [])),
    driverIds: input.drivers.flatMap((c) => (c.driverId ? [c.driverId] : [])),
  });
  // The board's own trips name the board as their broker: it is created once, when first saved
  // (reading a week writes nothing), unless the person chose another broker for that name.
  const isBoard = (row: TSaveImportedLoadsOutput['loads'][number]) =>
    !row.brokerId && nameKey(row.brokerRead) === nameKey(LOAD_IMPORT_TEXT.boardBroker) && !brokerChoices.has(nameKey(row.brokerRead));
  const board = rows.some(isBoard) ? await boardBroker(tx, actor.companyId) : null;
  const unresolved: string[] = [];
  for (const row of rows) {
    if (isBoard(row)) continue;
    const brokerChoice = row.brokerId ? null : brokerChoices.get(nameKey(row.brokerRead));
    if (!row.brokerId && !brokerChoice?.brokerId && !brokerChoice?.create) unresolved.push(LOAD_IMPORT_TEXT.needsBroker(row.loadNumber, row.brokerRead));
    if (!row.loadDrivers.length && row.driverRead && !driverChoices.has(nameKey(row.driverRead))) unresolved.push(LOAD_IMPORT_TEXT.needsDriver(row.loadNumber, row.driverRead));
  }
  if (unresolved.length) throw refuse(noError(LOAD_IMPORT_TEXT.unresolved(unresolved.slice(0, 10), Math.max(unresolved.length - 10, 0))));
  const seen = new Set<string>();
  const created = new Map<string, number>();
  const createdNames: string[] = [];
  for (const row of rows) {
    const key = row.loadNumber.trim().toLowerCase();
    if (seen.has(key)) throw refuse(`Load number ${row.loadNumber} is in the list twice`);
    seen.add(key);
    let brokerId = row.brokerId || (isBoard(row) ? (board?.id ?? null) : null);
    if (!brokerId) {
      const choice = brokerChoices.get(nameKey(row.brokerRead))!;
      brokerId = choice.brokerId ?? created.get(nameKey(row.brokerRead)) ?? null;
      if (!brokerId && choice.create) {
        if (!actorCan(actor, 'BrokerAdmin', 'DenyDelete')) throw forbidden(LOAD_IMPORT_TEXT.createNeedsBrokerAdmin);
        brokerId = await upsertBroker(tx, actor, { ...choice.create, brokerId: null, dotNumber: null, comments: null, isActive: true, updatedOn: null });
        created.set(nameKey(row.brokerRead), brokerId);
        createdNames.push(choice.create.brokerName);
      }
    }
    const driverChoice = !row.loadDrivers.length && row.driverRead ? driverChoices.get(nameKey(row.driverRead)) : null;
    const loadDrivers = driverChoice ? [driverChoice] : row.loadDrivers;
    const { brokerRead: _b, driverRead: _d, ...form } = row;
    await upsertLoad(tx, actor, { ...form, brokerId, loadDrivers, loadId: 0, updatedOn: null } as TLoadFormOutput);
  }
  if (!createdNames.length && !input.skipped.length && !input.refused.length) return LOAD_IMPORT_TEXT.imported(rows.length);
  return LOAD_IMPORT_TEXT.result({ imported: rows.length, created: createdNames, skipped: input.skipped.length, refused: input.refused });
}
