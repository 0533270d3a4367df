import { randomUUID } from 'node:crypto';
import { IMPORT_TEXT, type TColumnMapping, type TImportKind, type TImportPreview, type TImportPreviewRow } from '@haulboard/contract';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { TActor } from '../../access/actor';
import type { TDbLike, TTx } from '../../db/client';
import { fuelTransactions, iftaMiles, importFiles, imports } from '../../db/schema';
import {
  MAPPABLE_FIELDS,
  naturalKey,
  previewImport,
  previewSummary,
  reportCsv,
  type TFuelRecord,
  type TMilesRecord,
  type TPreview,
  type TPreviewRecord,
} from '../../imports';
import { refuseIfClosed } from '../../lib/closed-weeks';
import { refuse } from '../../lib/errors';
import { findPresets, requireImportAccess } from './history';

/** What a preview is run on: the file, and the person's choices for it. */
export type TImportRequest = {
  kind: TImportKind;
  fileName: string;
  content: Buffer;
  year: number | null;
  quarter: number | null;
  presetId: number | null;
  mapping: TColumnMapping | null;
};

/** Natural keys already stored for the company, so a file imported twice adds nothing. */
async function existingKeys(db: TDbLike, companyId: number, kind: TImportKind): Promise<Set<string>> {
  if (kind === 'fuel') {
    const rows = await db.select({ key: fuelTransactions.naturalKey }).from(fuelTransactions).where(eq(fuelTransactions.companyId, companyId));
    return new Set(rows.map((r) => r.key));
  }
  const m = iftaMiles;
  const rows = await db
    .select({ unit: m.unitNumber, state: m.stateCode, year: m.year, quarter: m.quarter, source: m.source })
    .from(m)
    .where(eq(m.companyId, companyId));
  return new Set(rows.map((r) => ['miles', r.unit.toUpperCase(), r.state, `${r.year}Q${r.quarter}`, r.source].join('|')));
}

/** Runs the pipeline over a file for a company: its presets and stored keys are part of the answer. */
export async function runPreview(db: TDbLike, companyId: number, req: TImportRequest): Promise<TPreview> {
  const presets = await findPresets(db, companyId, req.kind);
  const chosen = req.presetId ? presets.find((p) => p.presetId === req.presetId) : undefined;
  return previewImport({
    file: { fileName: req.fileName, data: req.content },
    kind: req.kind,
    mapping: req.mapping ?? chosen?.mapping,
    presets: presets.map((p) => ({ name: p.name, kind: p.kind, mapping: p.mapping })),
    existingKeys: await existingKeys(db, companyId, req.kind),
    period: req.kind === 'miles' && req.year && req.quarter ? { year: req.year, quarter: req.quarter } : undefined,
  });
}

const COLUMNS: Record<TImportKind, { key: string; label: string }[]> = {
  fuel: [
    { key: 'date', label: 'Date' },
    { key: 'unit', label: 'Unit' },
    { key: 'product', label: 'Product' },
    { key: 'quantity', label: 'Gallons' },
    { key: 'amount', label: 'Amount' },
    { key: 'state', label: 'State' },
    { key: 'location', label: 'Location' },
    { key: 'vendor', label: 'Vendor' },
  ],
  miles: [
    { key: 'unit', label: 'Unit' },
    { key: 'jurisdiction', label: 'State' },
    { key: 'period', label: 'Quarter' },
    { key: 'totalMiles', label: 'Miles' },
    { key: 'taxableMiles', label: 'Taxable miles' },
    { key: 'source', label: 'Source' },
  ],
};

function valuesOf(record: TFuelRecord | TMilesRecord): Record<string, string | null> {
  if (record.kind === 'fuel') {
    return {
      date: `${record.date}${record.time ? ` ${record.time.slice(0, 5)}` : ''}`,
      unit: record.unit,
      product: record.productCode || record.product,
      quantity: record.quantity,
      amount: record.amount,
      state: record.state,
      location: [record.location, record.city].filter(Boolean).join(', ') || null,
      vendor: record.vendor,
    };
  }
  return {
    unit: record.unit,
    jurisdiction: record.jurisdiction,
    period: `${record.year} Q${record.quarter}`,
    totalMiles: record.totalMiles,
    taxableMiles: record.taxableMiles,
    source: record.source,
  };
}

const PREVIEW_ROWS = 500;

/** The pipeline's preview as the web shows it. */
export function previewReply(previewId: string, req: TImportRequest, p: TPreview): TImportPreview {
  const first = (rows: number[]) => rows[0] ?? 0;
  const rows: TImportPreviewRow[] = [
    ...p.refused.map((r) => ({ rowNumber: first(r.rows), status: 'refused' as const, reason: r.reason, values: {} })),
    ...p.records
      .filter((r) => r.flag)
      .map((r) => ({ rowNumber: first(r.rows), status: 'flagged' as const, reason: r.flag ?? null, values: valuesOf(r.record as TFuelRecord | TMilesRecord) })),
    ...p.duplicates.map((d) => ({ rowNumber: first(d.rows), status: 'duplicate' as const, reason: d.reason, values: valuesOf(d.record as TFuelRecord | TMilesRecord) })),
    ...p.records
      .filter((r) => !r.flag)
      .map((r) => ({ rowNumber: first(r.rows), status: 'new' as const, reason: null, values: valuesOf(r.record as TFuelRecord | TMilesRecord) })),
  ].slice(0, PREVIEW_ROWS);
  const fields = (p.unknown?.fields ?? MAPPABLE_FIELDS[req.kind]).map((f) => ({ key: f.field, label: f.label, required: f.required, hint: null }));
  return {
    previewId,
    kind: req.kind,
    fileName: req.fileName,
    layout: p.layout?.vendor ?? null,
    headers: p.unknown?.headers ?? [],
    sampleRows: p.unknown?.sample ?? [],
    fields,
    mapping: req.mapping,
    rowsRead: p.rowsRead,
    newRows: p.records.length,
    duplicates: p.duplicates.length,
    flagged: p.flagged.length,
    refused: p.refused.length,
    columns: COLUMNS[req.kind],
    rows,
    summary: p.layout ? previewSummary(p) : 'The columns of this file are not recognised: map them to our fields, then preview again.',
  };
}

/** Upload for a preview: the file is kept (for Confirm and the report) and nothing else is saved. */
export async function previewUpload(tx: TTx, actor: TActor, req: TImportRequest): Promise<TImportPreview> {
  requireImportAccess(actor, req.kind, 'DenyDelete');
  const preview = await runPreview(tx, actor.companyId, req);
  const id = randomUUID();
  await tx.insert(importFiles).values({
    id,
    companyId: actor.companyId,
    kind: req.kind,
    fileName: req.fileName,
    content: req.content,
    year: req.year,
    quarter: req.quarter,
    presetId: req.presetId,
    mapping: req.mapping,
    createdBy: actor.userId,
  });
  return previewReply(id, req, preview);
}

export async function storedRequest(db: TDbLike, actor: TActor, previewId: string): Promise<TImportRequest> {
  const [row] = await db
    .select()
    .from(importFiles)
    .where(and(eq(importFiles.companyId, actor.companyId), eq(importFiles.id, previewId)));
  if (!row) throw refuse(IMPORT_TEXT.previewGone.replace(/^ERROR /, ''));
  const kind = row.kind as TImportKind;
  requireImportAccess(actor, kind, 'DenyDelete');
  return { kind, fileName: row.fileName, content: row.content, year: row.year, quarter: row.quarter, presetId: row.presetId, mapping: row.mapping };
}

const CHUNK = 1000;

function fuelRow(companyId: number, importId: number, r: TFuelRecord) {
  return {
    companyId,
    importId,
    vendor: r.vendor,
    cardLast4: r.card || null,
    fuelDate: r.date,
    fuelTime: r.time ? r.time.slice(0, 5) : null,
    unitNumber: r.unit,
    driverName: r.driverName || null,
    location: r.location || null,
    city: r.city || null,
    stateCode: r.state ?? '',
    product: r.product,
    productCode: r.productCode || null,
    isIfta: r.ifta,
    quantity: r.quantity,
    unitPrice: r.retailPrice,
    paidPrice: r.paidPrice,
    amount: r.amount ?? '0.00',
    discount: r.discount,
    currency: r.currency,
    taxPaid: r.taxPaid,
    invoice: r.invoice || r.authorization || null,
    naturalKey: naturalKey(r),
  };
}

function milesRow(companyId: number, importId: number, r: TMilesRecord) {
  return {
    companyId,
    importId,
    year: r.year,
    quarter: r.quarter,
    unitNumber: r.unit,
    stateCode: r.jurisdiction,
    totalMiles: r.totalMiles,
    taxableMiles: r.taxableMiles,
    source: r.source,
  };
}

/**
 * Saves a file's preview whole, in the caller's transaction: the import row, then every new record
 * (flagged ones included) pointing to it. A file with refused rows, or still to be mapped, is refused
 * whole and nothing is saved.
 */
export async function saveImport(tx: TTx, actor: TActor, req: TImportRequest, preview: TPreview): Promise<string> {
  if (!preview.layout) throw refuse(IMPORT_TEXT.needsMapping.replace(/^ERROR /, ''));
  if (preview.refused.length) throw refuse(IMPORT_TEXT.refusedRows(preview.refused.slice(0, 5).map((r) => r.reason)).replace(/^ERROR /, ''));
  if (!preview.records.length) return IMPORT_TEXT.nothingNew;
  if (req.kind === 'fuel') {
    // Fuel is deducted in settlements: none may land in a closed week.
    await refuseIfClosed(tx, actor.companyId, { dates: preview.records.map((r) => (r.record as TFuelRecord).date) });
  }
  const [row] = await tx
    .insert(imports)
    .values({
      companyId: actor.companyId,
      kind: req.kind,
      fileName: req.fileName,
      layout: preview.layout.vendor,
      rowsRead: preview.rowsRead,
      rowsAdded: 0,
      rowsDuplicate: preview.duplicates.length,
      rowsFlagged: preview.flagged.length,
      rowsRefused: preview.refused.length,
      createdBy: actor.userId,
    })
    .returning({ id: imports.id });
  let added = 0;
  const records = preview.records as TPreviewRecord<TFuelRecord | TMilesRecord>[];
  for (let i = 0; i < records.length; i += CHUNK) {
    const chunk = records.slice(i, i + CHUNK).map((r) => r.record);
    const inserted =
      req.kind === 'fuel'
        ? await tx
            .insert(fuelTransactions)
            .values(chunk.map((r) => fuelRow(actor.companyId, row.id, r as TFuelRecord)))
            .onConflictDoNothing()
            .returning({ id: fuelTransactions.id })
        : await tx
            .insert(iftaMiles)
            .values(chunk.map((r) => milesRow(actor.companyId, row.id, r as TMilesRecord)))
            .onConflictDoNothing()
            .returning({ id: iftaMiles.id });
    added += inserted.length;
  }
  await tx.update(imports).set({ rowsAdded: added }).where(and(eq(imports.companyId, actor.companyId), eq(imports.id, row.id)));
  return IMPORT_TEXT.imported(added, req.kind);
}

/** Confirm a preview: re-read the kept file (what is stored may have changed since) and save it. */
export async function confirmImport(tx: TTx, actor: TActor, previewId: string): Promise<string> {
  const req = await storedRequest(tx, actor, previewId);
  const preview = await runPreview(tx, actor.companyId, req);
  const reply = await saveImport(tx, actor, req, preview);
  await tx.delete(importFiles).where(and(eq(importFiles.companyId, actor.companyId), eq(importFiles.id, previewId)));
  return reply;
}

export async function previewReport(db: TDbLike, actor: TActor, previewId: string): Promise<{ fileName: string; csv: string }> {
  const req = await storedRequest(db, actor, previewId);
  const preview = await runPreview(db, actor.companyId, req);
  return { fileName: `${req.fileName.replace(/\.[^.]*$/, '')}-import-report.csv`, csv: reportCsv(preview) };
}

/** Kept files older than a day are dropped (hourly job). */
export async function purgeImportFiles(db: TDbLike, now: Date) {
  const cutoff = new Date(now.getTime() - 24 * 3600_000).toISOString();
  // Every company's files: the job runs for the whole database.
  await db.delete(importFiles).where(and(sql`${importFiles.companyId} is not null`, lt(importFiles.createdOn, cutoff)));
}
