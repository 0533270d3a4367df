import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { IMPORT_TEXT, INVOICE_IMPORT_TEXT, INVOICE_TEXT, type TImportPreviewRow, type TInvoicePreview } from '@haulboard/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TActor } from '../../access/actor';
import type { TDb, TDbLike, TTx } from '../../db/client';
import { importFiles, imports, invoiceLines } from '../../db/schema';
import { previewImport, previewSummary, type TPaymentRecord, type TPreview, type TPreviewRecord } from '../../imports';
import { refuse } from '../../lib/errors';
import { BoardError } from '../../loadboard/client';
import { companyBoard, noteBoardFailure } from '../../loadboard/connection';
import type { TVault } from '../../loadboard/vault';
import { payWeekOf, type TWeek, weekOf } from './invoices';

/**
 * Invoice Import with the import pipeline's steps (issue 18, decision 016): the board's payment file
 * is previewed for a work week (new, duplicate, refused lines; its dates against the week's pay
 * period), kept until Confirm, saved whole with an import row (the history, and Undo there removes
 * exactly its lines). The spec's one-step ImportInvoice and the board read go through the same save.
 */

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);
const CHUNK = 1000;
const PREVIEW_ROWS = 500;
const noError = (text: string) => text.replace(/^ERROR /, '');

export type TInvoiceFile = { name: string; buffer: Buffer };

/** The new lines' dates against the pay period: a line is dated by its End Date (the day its trip's pay week is decided), else its Start Date. */
export type TPeriodCheck = {
  payWeekStart: string;
  payWeekEnd: string;
  /** Distinct days outside the pay period, sorted. */
  outsideDates: string[];
  outsideRows: number;
  /** Every dated load or tour line is outside: the file of another week. */
  wrongWeek: boolean;
  fileStart: string | null;
  fileEnd: string | null;
};

const isAdjustment = (r: TPaymentRecord) => r.itemType.startsWith('ADJUSTMENT');

export function checkPeriod(week: Pick<TWeek, 'startDate'>, records: readonly TPaymentRecord[]): TPeriodCheck {
  const pay = payWeekOf(week);
  const outside = new Set<string>();
  let outsideRows = 0;
  let loadLines = 0;
  let loadLinesOutside = 0;
  let fileStart: string | null = null;
  let fileEnd: string | null = null;
  for (const r of records) {
    const day = r.endDate ?? r.startDate;
    if (!day) continue;
    if (!fileStart || day < fileStart) fileStart = day;
    if (!fileEnd || day > fileEnd) fileEnd = day;
    const isOutside = day < pay.start || day > pay.end;
    if (isOutside) {
      outside.add(day);
      outsideRows++;
    }
    // A dispute may be about an older trip: only load and tour lines tell which week a file pays.
    if (!isAdjustment(r)) {
      loadLines++;
      if (isOutside) loadLinesOutside++;
    }
  }
  return {
    payWeekStart: pay.start,
    payWeekEnd: pay.end,
    outsideDates: [...outside].sort(),
    outsideRows,
    wrongWeek: loadLines > 0 && loadLinesOutside === loadLines,
    fileStart,
    fileEnd,
  };
}

/** The pipeline over a payment file, with the company's stored lines asked a batch at a time. */
async function readInvoice(db: TDbLike, companyId: number, week: TWeek, file: TInvoiceFile): Promise<{ preview: TPreview; period: TPeriodCheck }> {
  const preview = await previewImport({
    file: { fileName: file.name, data: file.buffer },
    kind: 'payments',
    storedKeys: async (keys) => {
      const rows = await db
        .select({ key: invoiceLines.naturalKey })
        .from(invoiceLines)
        .where(and(eq(invoiceLines.companyId, companyId), inArray(invoiceLines.naturalKey, keys)));
      return new Set(rows.map((r) => r.key));
    },
  });
  if (!preview.layout) throw refuse(noError(INVOICE_TEXT.notInvoice));
  const period = checkPeriod(
    week,
    preview.records.map((r) => r.record as TPaymentRecord),
  );
  return { preview, period };
}

/** Why the lines outside the pay period stop a save, or null when they do not. */
function periodRefusal(period: TPeriodCheck, accepted: readonly string[] | 'all'): string | null {
  if (period.wrongWeek && period.fileStart && period.fileEnd) {
    return INVOICE_IMPORT_TEXT.wrongWeek(period.fileStart, period.fileEnd, period.payWeekStart, period.payWeekEnd);
  }
  if (accepted === 'all' || !period.outsideRows) return null;
  const ok = new Set(accepted);
  if (period.outsideDates.every((d) => ok.has(d))) return null;
  return INVOICE_IMPORT_TEXT.datesOutside(period.outsideDates, period.outsideRows, period.payWeekStart, period.payWeekEnd);
}

/**
 * Saves a payment file's new lines for a week in the caller's transaction, whole or not at all:
 * a refused line, a file of another week, or lines outside the pay period whose dates were not
 * accepted refuse it. A file with nothing new saves nothing and adds no import to the history.
 */
export async function saveInvoice(tx: TTx, actor: TActor, week: TWeek, file: TInvoiceFile, accepted: readonly string[] | 'all'): Promise<string> {
  const { companyId } = actor;
  const { preview, period } = await readInvoice(tx, companyId, week, file);
  if (preview.counts.refused) throw refuse(noError(IMPORT_TEXT.refusedRows(preview.refused.slice(0, 5).map((r) => r.reason))));
  if (!preview.records.length) return INVOICE_TEXT.nothingNew;
  const why = periodRefusal(period, accepted);
  if (why) throw refuse(noError(why));

  const [row] = await tx
    .insert(imports)
    .values({
      companyId,
      kind: 'invoice',
      fileName: file.name,
      layout: preview.layout!.vendor,
      rowsRead: preview.rowsRead,
      rowsAdded: 0,
      rowsDuplicate: preview.counts.duplicates,
      rowsFlagged: preview.counts.flagged,
      rowsRefused: 0,
      createdBy: actor.userId,
    })
    .returning({ id: imports.id });
  const values = preview.records.map(({ key, record }) => {
    const r = record as TPaymentRecord;
    return {
      companyId,
      weekId: week.id,
      importId: row.id,
      invoiceNumber: r.invoiceNumber,
      blockId: r.blockId,
      tripId: r.tripId,
      loadId: r.loadId,
      itemType: r.itemType,
      startDate: r.startDate,
      endDate: r.endDate,
      distanceMiles: r.distanceMiles,
      grossPay: r.grossPay,
      comments: r.comments,
      naturalKey: key,
    };
  });
  let added = 0;
  for (let i = 0; i < values.length; i += CHUNK) {
    // A line stored meanwhile by another import (same natural key) is skipped, not doubled.
    const inserted = await tx.insert(invoiceLines).values(values.slice(i, i + CHUNK)).onConflictDoNothing().returning({ id: invoiceLines.id });
    added += inserted.length;
  }
  await tx
    .update(imports)
    .set({ rowsAdded: added, rowsDuplicate: preview.counts.duplicates + (values.length - added) })
    .where(and(eq(imports.companyId, companyId), eq(imports.id, row.id)));
  return INVOICE_TEXT.imported;
}

/** Spec §7 `ImportInvoice`: preview and save in one call; lines outside the pay period need their dates in `AcceptDates`. */
export async function importInvoice(tx: TTx, actor: TActor, weekId: number, file: TInvoiceFile, acceptDates: readonly string[] = []): Promise<string> {
  const week = await weekOf(tx, actor.companyId, weekId);
  return saveInvoice(tx, actor, week, file, acceptDates);
}

/**
 * The week's payment details read from the load board itself (its export for the pay week the
 * week's invoice covers), then saved like an uploaded file. The board is asked outside any
 * transaction; a board that cannot be read is a refusal that says to upload the file instead. The
 * board's own export for the pay week is that week's: its dates are not questioned.
 */
export async function importInvoiceFromBoard(db: TDb, vault: TVault, actor: TActor, weekId: number): Promise<string> {
  const week = await weekOf(db, actor.companyId, weekId);
  const payWeek = payWeekOf(week);
  let file: Buffer;
  try {
    const board = await companyBoard(db, vault, actor.companyId);
    try {
      file = await board.client.exportPayments(payWeek.start, 'csv');
    } catch (error) {
      if (error instanceof BoardError) await noteBoardFailure(db, actor.companyId, board.cookieId, error);
      throw error;
    }
  } catch (error) {
    if (error instanceof BoardError) throw refuse(noError(INVOICE_TEXT.boardUnavailable(error.message)));
    throw error;
  }
  return db.transaction((tx) => saveInvoice(tx, actor, week, { name: `relay_payment_details_${payWeek.end}.csv`, buffer: file }, 'all'));
}

// ---------------------------------------------------------------------------------------------
// Preview, then Confirm

const COLUMNS = [
  { key: 'tripId', label: 'Trip ID' },
  { key: 'loadId', label: 'Load ID' },
  { key: 'itemType', label: 'Item type' },
  { key: 'startDate', label: 'Start' },
  { key: 'endDate', label: 'End' },
  { key: 'grossPay', label: 'Gross pay' },
  { key: 'comments', label: 'Comments' },
];

const valuesOf = (r: TPaymentRecord): Record<string, string | null> => ({
  tripId: r.tripId,
  loadId: r.loadId || null,
  itemType: r.itemType,
  startDate: r.startDate,
  endDate: r.endDate,
  grossPay: r.grossPay,
  comments: r.comments || null,
});

function previewRows(p: TPreview, period: TPeriodCheck): TImportPreviewRow[] {
  const first = (rows: number[]) => rows[0] ?? 0;
  const outside = (r: TPaymentRecord) => {
    const day = r.endDate ?? r.startDate;
    return day && (day < period.payWeekStart || day > period.payWeekEnd) ? `dated ${day}, outside the pay period` : null;
  };
  const fresh = (list: TPreviewRecord[]) =>
    list.map((r) => ({ rowNumber: first(r.rows), status: 'new' as const, reason: outside(r.record as TPaymentRecord), values: valuesOf(r.record as TPaymentRecord) }));
  const newRows = fresh(p.records);
  return [
    ...p.refused.map((r) => ({ rowNumber: first(r.rows), status: 'refused' as const, reason: r.reason, values: {} })),
    // Lines outside the pay period first among the new ones: they are what the question is about.
    ...newRows.filter((r) => r.reason),
    ...p.duplicates.map((d) => ({ rowNumber: first(d.rows), status: 'duplicate' as const, reason: d.reason, values: valuesOf(d.record as TPaymentRecord) })),
    ...newRows.filter((r) => !r.reason),
  ].slice(0, PREVIEW_ROWS);
}

/** What a preview tells the person: the pipeline's counts, then what the pay period asks or refuses. */
function summaryOf(p: TPreview, period: TPeriodCheck): string {
  const counts = previewSummary(p);
  if (p.counts.refused || !p.counts.records) return counts;
  const why = periodRefusal(period, []);
  if (why && period.wrongWeek) return `${why} (${counts.replace(/^INFO /, '')})`;
  if (why) return `${counts}. ${INVOICE_IMPORT_TEXT.datesQuestion(period.outsideDates, period.outsideRows, period.payWeekStart, period.payWeekEnd)}`;
  return counts;
}

/** Upload for a preview: the file is kept (gzipped, for Confirm) and nothing else is saved. */
export async function previewInvoice(db: TDbLike, actor: TActor, weekId: number, file: TInvoiceFile): Promise<TInvoicePreview> {
  const week = await weekOf(db, actor.companyId, weekId);
  const { preview: p, period } = await readInvoice(db, actor.companyId, week, file);
  const id = randomUUID();
  await db.insert(importFiles).values({
    id,
    companyId: actor.companyId,
    kind: 'invoice',
    fileName: file.name,
    // As text: PGlite spends seconds per MB on a bytea parameter (decision 016).
    content: sql`decode(${(await gzipAsync(file.buffer)).toString('base64')}, 'base64')`,
    compressed: true,
    weekId: week.id,
    createdBy: actor.userId,
  });
  const asks = !period.wrongWeek && period.outsideRows > 0 && p.counts.records > 0 && !p.counts.refused;
  return {
    previewId: id,
    kind: 'invoice',
    fileName: file.name,
    layout: p.layout?.vendor ?? null,
    headers: [],
    sampleRows: [],
    fields: [],
    mapping: null,
    rowsRead: p.rowsRead,
    newRows: p.counts.records,
    duplicates: p.counts.duplicates,
    changed: 0,
    unknownUnits: [],
    fleetUnits: [],
    unitMap: null,
    flagged: p.counts.flagged,
    refused: p.counts.refused,
    columns: COLUMNS,
    rows: previewRows(p, period),
    summary: summaryOf(p, period),
    weekId: week.id,
    payWeekStart: period.payWeekStart,
    payWeekEnd: period.payWeekEnd,
    outsideDates: period.outsideDates,
    outsideRows: period.outsideRows,
    wrongWeek: period.wrongWeek && p.counts.records > 0,
    datesQuestion: asks ? INVOICE_IMPORT_TEXT.datesQuestion(period.outsideDates, period.outsideRows, period.payWeekStart, period.payWeekEnd) : null,
  };
}

/**
 * Confirm a preview: the kept file is read again (what is stored may have changed since) and saved
 * in one transaction. The preview row is locked and deleted in it, so a second Confirm of the same
 * preview waits and then finds it gone; a refusal rolls back and keeps the preview for another try.
 */
export async function confirmInvoice(db: TDb, actor: TActor, previewId: string, acceptDates: readonly string[]): Promise<string> {
  const { companyId } = actor;
  return db.transaction(async (tx) => {
    const [kept] = await tx
      .select({ fileName: importFiles.fileName, weekId: importFiles.weekId, compressed: importFiles.compressed, base64: sql<string>`encode(${importFiles.content}, 'base64')` })
      .from(importFiles)
      .where(and(eq(importFiles.companyId, companyId), eq(importFiles.id, previewId), eq(importFiles.kind, 'invoice')))
      .for('update');
    if (!kept || kept.weekId === null) throw refuse(noError(IMPORT_TEXT.previewGone));
    const bytes = Buffer.from(kept.base64, 'base64');
    const buffer = kept.compressed ? await gunzipAsync(bytes) : bytes;
    const week = await weekOf(tx, companyId, kept.weekId);
    const reply = await saveInvoice(tx, actor, week, { name: kept.fileName, buffer }, acceptDates);
    await tx.delete(importFiles).where(and(eq(importFiles.companyId, companyId), eq(importFiles.id, previewId)));
    return reply;
  });
}
