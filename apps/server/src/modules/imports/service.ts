import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { IMPORT_TEXT, type TColumnMapping, type TImportKind, type TImportPreview, type TImportPreviewRow } from '@haulboard/contract';
import { and, eq, getTableColumns, getTableName, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { TActor } from '../../access/actor';
import type { TDb, TDbLike, TTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { fuelTransactions, iftaMiles, importFiles, importStaging, imports, userCompanies } from '../../db/schema';
import {
  MAPPABLE_FIELDS,
  naturalKey,
  presetFits,
  previewImport,
  previewSummary,
  reportCsv,
  type TFuelRecord,
  type TMilesRecord,
  type TPreview,
  type TPreviewInput,
  type TPreviewLayout,
} from '../../imports';
import { refuseIfClosed } from '../../lib/closed-weeks';
import { refuse } from '../../lib/errors';
import { findPresets, requireImportAccess } from './history';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** Lets other requests use the database (PGlite has one connection) between two batches of a long file. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What a preview is run on: the file, and the person's choices for it. */
export type TImportRequest = {
  kind: TImportKind;
  fileName: string;
  content: Buffer;
  year: number | null;
  quarter: number | null;
  presetId: number | null;
  mapping: TColumnMapping | null;
  /** Miles: a file's unit → the fleet's unit, chosen in the preview. */
  unitMap?: Record<string, string> | null;
  /** Confirm: stored records with other figures are replaced by the file's. */
  replace?: boolean;
};

/**
 * What tells the pipeline which records are stored already. Fuel is asked batch by batch (a company
 * may hold millions of lines); mileage, one row per unit, jurisdiction and quarter, is read whole.
 */
async function storedLookup(db: TDbLike, companyId: number, kind: TImportKind): Promise<Pick<TPreviewInput, 'existingKeys' | 'storedKeys'>> {
  if (kind === 'fuel') {
    const f = fuelTransactions;
    return {
      storedKeys: async (keys) => {
        // Which import stored each line, so the preview can say when and from which file.
        const rows = await db
          .select({
            key: f.naturalKey,
            fileName: imports.fileName,
            importedOn: sql<string | null>`to_char(${imports.createdOn} at time zone 'UTC', 'YYYY-MM-DD')`,
          })
          .from(f)
          .leftJoin(imports, and(eq(imports.companyId, companyId), eq(imports.id, f.importId)))
          .where(and(eq(f.companyId, companyId), inArray(f.naturalKey, keys)));
        // A file of lines all stored before stages nothing: let others in between its batches too.
        await yieldToOthers();
        return new Map(rows.map((r) => [r.key, r.fileName && r.importedOn ? { fileName: r.fileName, importedOn: r.importedOn } : null]));
      },
    };
  }
  // Miles, a row per trip, are asked batch by batch too; each stored key with its figures, to tell a corrected file.
  const m = iftaMiles;
  return {
    storedKeys: async (keys) => {
      const rows = await db
        .select({ key: m.naturalKey, total: m.totalMiles, taxable: m.taxableMiles })
        .from(m)
        .where(and(eq(m.companyId, companyId), inArray(m.naturalKey, keys)));
      await yieldToOthers();
      return new Map(rows.map((r) => [r.key, { fingerprint: `${r.total}|${r.taxable}` }]));
    },
  };
}

/** The units a company knows (upper case): drivers' truck numbers, and units of its fuel lines and miles. */
export async function fleetUnits(db: TDbLike, companyId: number): Promise<string[]> {
  const rows = rowsOf<{ unit: string }>(
    await db.execute(sql`
      select distinct u as unit from (
        select upper(trim(unit_number)) as u from ${userCompanies} where company_id = ${companyId} and coalesce(trim(unit_number), '') <> ''
        union select upper(unit_number) from ${fuelTransactions} where company_id = ${companyId} and unit_number <> ''
        union select upper(unit_number) from ${iftaMiles} where company_id = ${companyId}
      ) units order by 1`),
  );
  return rows.map((r) => r.unit);
}

/**
 * Runs the pipeline over a file for a company: its presets and stored keys are part of the answer.
 * `stream` keeps only the first rows of each kind and hands the new records to `onRecords`.
 */
export async function runPreview(
  db: TDbLike,
  companyId: number,
  req: TImportRequest,
  stream: Pick<TPreviewInput, 'keep' | 'onRecords'> = {},
  fleet?: string[],
): Promise<TPreview> {
  // A loads sheet's rows become loads to check and edit on the Load Import page, not rows saved here.
  if (req.kind === 'loads') throw refuse(IMPORT_TEXT.loadsOnLoadImport.replace(/^ERROR /, ''));
  // A payment file kept by the Invoice Import page is confirmed there, for its week.
  if ((req.kind as string) === 'invoice') throw refuse(IMPORT_TEXT.invoiceOnInvoiceImport.replace(/^ERROR /, ''));
  const presets = await findPresets(db, companyId, req.kind);
  const chosen = req.presetId ? presets.find((p) => p.presetId === req.presetId) : undefined;
  // A chosen preset that no longer fits is not forced on the file: it is skipped (with the notice) like the others.
  const usable = chosen && presetFits(chosen) ? chosen : undefined;
  return previewImport({
    file: { fileName: req.fileName, data: req.content },
    kind: req.kind,
    mapping: req.mapping ?? usable?.mapping,
    presets: presets.map((p) => ({ name: p.name, kind: p.kind, mapping: p.mapping })),
    ...(await storedLookup(db, companyId, req.kind)),
    period: req.kind === 'miles' && req.year && req.quarter ? { year: req.year, quarter: req.quarter } : undefined,
    ...(req.kind === 'miles' ? { knownUnits: new Set(fleet ?? (await fleetUnits(db, companyId))), unitMap: req.unitMap ?? undefined } : {}),
    replaceChanged: req.replace === true,
    ...stream,
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
    { key: 'date', label: 'Trip date' },
    { key: 'totalMiles', label: 'Miles' },
    { key: 'taxableMiles', label: 'Taxable miles' },
    { key: 'storedMiles', label: 'Stored miles' },
    { key: 'storedTaxableMiles', label: 'Stored taxable' },
    { key: 'source', label: 'Source' },
  ],
  loads: [],
};

/** `stored`: the stored figures of a miles record the file changes ('total|taxable'), shown beside the file's. */
function valuesOf(record: TFuelRecord | TMilesRecord, stored?: string): Record<string, string | null> {
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
    date: record.date,
    totalMiles: record.totalMiles,
    taxableMiles: record.taxableMiles,
    storedMiles: stored ? stored.split('|')[0] : null,
    storedTaxableMiles: stored ? (stored.split('|')[1] ?? null) : null,
    source: record.source,
  };
}

const PREVIEW_ROWS = 500;


/** The pipeline's preview as the web shows it. */
export function previewReply(previewId: string, req: TImportRequest, p: TPreview, fleet: string[] = []): TImportPreview {
  const first = (rows: number[]) => rows[0] ?? 0;
  const rows: TImportPreviewRow[] = [
    ...p.refused.map((r) => ({ rowNumber: first(r.rows), status: 'refused' as const, reason: r.reason, values: {} })),
    ...p.records
      .filter((r) => r.flag)
      .map((r) => ({ rowNumber: first(r.rows), status: 'flagged' as const, reason: r.flag ?? null, values: valuesOf(r.record as TFuelRecord | TMilesRecord) })),
    ...p.skipped.map((r) => ({ rowNumber: first(r.rows), status: 'skipped' as const, reason: r.reason, values: {} })),
    // A stored record the file changes comes first among the duplicates: it is the one to decide on.
    ...[...p.duplicates.filter((d) => d.changed), ...p.duplicates.filter((d) => !d.changed)].map((d) => ({
      rowNumber: first(d.rows),
      status: 'duplicate' as const,
      reason: d.reason,
      duplicateOf: d.where,
      values: valuesOf(d.record as TFuelRecord | TMilesRecord, d.changed ? d.stored : undefined),
    })),
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
    newRows: p.counts.records,
    duplicates: p.counts.duplicates,
    changed: p.counts.changed,
    unknownUnits: p.unknownUnits,
    fleetUnits: req.kind === 'miles' ? fleet : [],
    unitMap: req.unitMap ?? null,
    flagged: p.counts.flagged,
    refused: p.counts.refused,
    skipped: p.counts.skipped,
    columns: COLUMNS[req.kind],
    rows,
    summary: p.layout
      ? previewSummary(p)
      : ['The columns of this file are not recognised: map them to our fields, then preview again.', ...p.notices].join(' '),
  };
}

/**
 * Upload for a preview: the file is kept (for Confirm and the report) and nothing else is saved.
 * The file is read outside a transaction, yielding between batches, so a long one holds no one up.
 */
export async function previewUpload(db: TDbLike, actor: TActor, req: TImportRequest): Promise<TImportPreview> {
  requireImportAccess(actor, req.kind, 'DenyDelete');
  // Only the rows the preview shows are kept: a long file is counted, not held.
  const fleet = req.kind === 'miles' ? await fleetUnits(db, actor.companyId) : [];
  const preview = await runPreview(db, actor.companyId, req, { keep: PREVIEW_ROWS, onRecords: yieldToOthers }, fleet);
  const id = randomUUID();
  await db.insert(importFiles).values({
    id,
    companyId: actor.companyId,
    kind: req.kind,
    fileName: req.fileName,
    content: await keptContent(req.content),
    compressed: true,
    year: req.year,
    quarter: req.quarter,
    presetId: req.presetId,
    mapping: req.mapping,
    unitMap: req.unitMap ?? null,
    createdBy: actor.userId,
  });
  return previewReply(id, req, preview, fleet);
}

/**
 * A kept file goes in gzipped and as base64 text: PGlite takes seconds per MB of a bytea parameter or
 * result, all that time on the event loop, so an 18 MB fuel file stalled every request for 20 s or more.
 */
async function keptContent(content: Buffer): Promise<SQL> {
  return sql`decode(${(await gzipAsync(content)).toString('base64')}, 'base64')`;
}

export async function storedRequest(db: TDbLike, actor: TActor, previewId: string): Promise<TImportRequest> {
  const { content: _content, ...columns } = getTableColumns(importFiles);
  const [stored] = await db
    .select({ ...columns, base64: sql<string>`encode(${importFiles.content}, 'base64')` })
    .from(importFiles)
    .where(and(eq(importFiles.companyId, actor.companyId), eq(importFiles.id, previewId)));
  if (!stored) throw refuse(IMPORT_TEXT.previewGone.replace(/^ERROR /, ''));
  const bytes = Buffer.from(stored.base64, 'base64');
  const row = { ...stored, content: stored.compressed ? await gunzipAsync(bytes) : bytes };
  const kind = row.kind as TImportKind;
  requireImportAccess(actor, kind, 'DenyDelete');
  return { kind, fileName: row.fileName, content: row.content, year: row.year, quarter: row.quarter, presetId: row.presetId, mapping: row.mapping, unitMap: row.unitMap };
}

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
    tripDate: r.date,
    tripId: r.tripId || null,
    startOdometer: r.date ? r.startOdometer : null,
    endOdometer: r.date ? r.endOdometer : null,
    naturalKey: naturalKey(r),
  };
}

/** How the staged rows of a run are moved: their table, and its columns the records fill. */
const TARGETS = { fuel: fuelTransactions, miles: iftaMiles } as const;

/**
 * What a row stored meanwhile is recognised by on the move: a fuel line by its identity (company and
 * natural key, never the layout that read it); mileage by any of its unique keys.
 */
const CONFLICT = { fuel: sql`(company_id, natural_key)`, miles: sql`` } as const;

/**
 * Imports a file whole, or refuses it whole, without holding the database for the whole file.
 * The pipeline reads the file outside any transaction and writes its new records (flagged ones
 * included) to `import_staging` a batch per statement, yielding between batches; then one short
 * transaction locks the preview (when there is one: a second confirm of it finds it gone), checks
 * closed weeks, writes the import row and moves the staged rows into their table set-based, and
 * deletes them. A file with refused rows, or still to be mapped, is refused and its staged rows
 * deleted; a crash leaves only staged rows, which nothing reads and the hourly purge removes.
 * It runs its own transactions, so it takes the database, not a transaction.
 */
export async function importStaged(db: TDb, actor: TActor, req: TImportRequest, previewId: string | null): Promise<string> {
  const { companyId } = actor;
  const kind = req.kind === 'fuel' ? 'fuel' : 'miles';
  const runId = randomUUID();
  const ofRun = and(eq(importStaging.companyId, companyId), eq(importStaging.runId, runId));
  let staged = 0;
  const fuelDates = new Set<string>();
  try {
    const preview = await runPreview(db, companyId, req, {
      keep: 5,
      onRecords: async (batch, progress) => {
        // Once a row is refused the file will be refused whole: read on (to count the refusals), stage no more.
        if (progress.counts.refused > 0) return;
        const records = batch.map((r) => r.record) as (TFuelRecord | TMilesRecord)[];
        if (kind === 'fuel') for (const r of records) fuelDates.add((r as TFuelRecord).date);
        const rows = records.map((r) => columnsOf(TARGETS[kind], kind === 'fuel' ? fuelRow(companyId, 0, r as TFuelRecord) : milesRow(companyId, 0, r as TMilesRecord)));
        await db.insert(importStaging).values({ companyId, runId, kind, rows, rowCount: rows.length });
        staged += rows.length;
        await yieldToOthers();
      },
    });
    if (!preview.layout) throw refuse(IMPORT_TEXT.needsMapping.replace(/^ERROR /, ''));
    if (preview.counts.refused) throw refuse(IMPORT_TEXT.refusedRows(preview.refused.slice(0, 5).map((r) => r.reason)).replace(/^ERROR /, ''));
    const layout = preview.layout;
    return await db.transaction(async (tx) => {
      if (previewId) {
        // Two confirms of one preview: the second waits here for the first, then finds the preview gone.
        const [held] = await tx
          .select({ id: importFiles.id })
          .from(importFiles)
          .where(and(eq(importFiles.companyId, companyId), eq(importFiles.id, previewId)))
          .for('update');
        if (!held) throw refuse(IMPORT_TEXT.previewGone.replace(/^ERROR /, ''));
        await tx.delete(importFiles).where(and(eq(importFiles.companyId, companyId), eq(importFiles.id, previewId)));
      }
      if (staged === 0) return IMPORT_TEXT.nothingNew;
      // A run purged as stale while it was still reading would import part of the file: refuse instead.
      // The batches are locked, so a purge running now waits for this transaction rather than thin the move.
      const batches = await tx.select({ n: importStaging.rowCount }).from(importStaging).where(ofRun).for('update');
      if (batches.reduce((sum, b) => sum + b.n, 0) !== staged) throw refuse(IMPORT_TEXT.interrupted.replace(/^ERROR /, ''));
      // Fuel is deducted in settlements: none may land in a closed week.
      if (fuelDates.size) await refuseIfClosed(tx, companyId, { dates: [...fuelDates] });
      const importId = await startImport(tx, actor, req, layout);
      // A corrected file replaces the stored figures it changes; the import keeps them, so undoing it puts them back.
      const replaced = kind === 'miles' && req.replace ? await replaceStaged(tx, companyId, runId, importId) : 0;
      const added = await moveStaged(tx, companyId, runId, importId, kind);
      await tx.delete(importStaging).where(ofRun);
      await tx
        .update(imports)
        .set({
          rowsRead: preview.rowsRead,
          rowsAdded: added,
          rowsDuplicate: preview.counts.duplicates,
          rowsFlagged: preview.counts.flagged,
          rowsRefused: preview.counts.refused,
        })
        .where(and(eq(imports.companyId, companyId), eq(imports.id, importId)));
      return replaced ? IMPORT_TEXT.importedReplacing(added, replaced, req.kind) : IMPORT_TEXT.imported(added, req.kind);
    });
  } finally {
    // A refused or failed run leaves nothing behind (after a success there is nothing left to delete).
    if (staged > 0) await db.delete(importStaging).where(ofRun).catch(() => undefined);
  }
}

/** A record's row by the table's column names (what `jsonb_populate_recordset` reads); the company and import are set on the move. */
function columnsOf(table: PgTable, { companyId: _company, importId: _import, ...row }: Record<string, unknown>): Record<string, unknown> {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [columns[key].name, value ?? null]));
}

/**
 * Moves a run's staged rows into their table in one statement, under the import; a row stored
 * meanwhile (same natural key) is skipped. How many were added.
 */
async function moveStaged(tx: TTx, companyId: number, runId: string, importId: number, kind: 'fuel' | 'miles'): Promise<number> {
  const table = TARGETS[kind];
  const names = Object.values(getTableColumns(table) as Record<string, { name: string }>)
    .map((c) => c.name)
    .filter((n) => n !== 'id' && n !== 'created_on' && n !== 'company_id' && n !== 'import_id');
  const list = sql.join(
    names.map((n) => sql.identifier(n)),
    sql`, `,
  );
  const picked = sql.join(
    names.map((n) => sql`r.${sql.identifier(n)}`),
    sql`, `,
  );
  const target = sql.identifier(getTableName(table));
  const [result] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      with added as (
        insert into ${target} (company_id, import_id, ${list})
        select ${companyId}, ${importId}, ${picked}
        from import_staging s cross join lateral jsonb_populate_recordset(null::${target}, s.rows) r
        where s.company_id = ${companyId} and s.run_id = ${runId}
        on conflict ${CONFLICT[kind]} do nothing
        returning 1
      )
      select count(*)::int as n from added`),
  );
  return Number(result?.n ?? 0);
}

/** Deletes the stored miles whose keys the run's staged rows have, kept on the import row. How many. */
async function replaceStaged(tx: TTx, companyId: number, runId: string, importId: number): Promise<number> {
  const [result] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      with gone as (
        delete from ${iftaMiles} m
        where m.company_id = ${companyId} and m.natural_key in (
          select r.natural_key from import_staging s cross join lateral jsonb_to_recordset(s.rows) as r(natural_key text)
          where s.company_id = ${companyId} and s.run_id = ${runId})
        returning m.*
      ), kept as (
        update ${imports} set replaced = (select jsonb_agg(to_jsonb(g)) from gone g)
        where company_id = ${companyId} and id = ${importId}
        returning 1
      )
      select count(*)::int as n from gone`),
  );
  return Number(result?.n ?? 0);
}

/** The import row the records point to; its counts are set when the file has been read. */
async function startImport(tx: TTx, actor: TActor, req: TImportRequest, layout: TPreviewLayout): Promise<number> {
  const [row] = await tx
    .insert(imports)
    .values({
      companyId: actor.companyId,
      kind: req.kind,
      fileName: req.fileName,
      layout: layout.vendor,
      rowsRead: 0,
      rowsAdded: 0,
      rowsDuplicate: 0,
      rowsFlagged: 0,
      rowsRefused: 0,
      createdBy: actor.userId,
    })
    .returning({ id: imports.id });
  return row.id;
}

/** Confirm a preview: re-read the kept file (what is stored may have changed since) and save it. */
export async function confirmImport(db: TDb, actor: TActor, previewId: string, replace = false): Promise<string> {
  const req = await storedRequest(db, actor, previewId);
  return importStaged(db, actor, { ...req, replace }, previewId);
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
  // Staged rows of a confirm that crashed or was cut off. A run still going meanwhile finds rows
  // missing at its final step and is refused whole, never imported in part.
  const staleRun = new Date(now.getTime() - 3600_000).toISOString();
  await db.delete(importStaging).where(and(sql`${importStaging.companyId} is not null`, lt(importStaging.createdOn, staleRun)));
}
