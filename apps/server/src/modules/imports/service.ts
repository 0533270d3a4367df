import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { IMPORT_TEXT, LATE_FUEL_TEXT, type TColumnMapping, type TImportKind, type TImportPreview } from '@haulboard/contract';
import { and, eq, getTableColumns, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { TActor } from '../../access/actor';
import type { TDb, TDbLike, TTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { fuelTransactions, iftaMiles, importFiles, imports, userCompanies } from '../../db/schema';
import {
  naturalKey,
  presetFits,
  previewImport,
  reportCsv,
  type TFuelRecord,
  type TMilesRecord,
  type TPreview,
  type TPreviewInput,
} from '../../imports';
import { refuse } from '../../lib/errors';
import { lineShown } from '../../lib/import-lines';
import { findPresets, requireImportAccess } from './history';
import { lateWeeks, settleLateFuel } from './late-fuel';
import { openWriter, poolOf, type TLineWriter } from './line-writer';
import { PREVIEW_ROWS, previewReply } from './preview-reply';

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
 * Lines of an import not yet done are not stored: a confirm waits for that import (claimImport), so
 * a line it shares with one that is then removed is still imported.
 */
async function storedLookup(db: TDbLike, companyId: number, kind: TImportKind): Promise<Pick<TPreviewInput, 'existingKeys' | 'storedKeys'>> {
  if (kind === 'fuel') {
    const f = fuelTransactions;
    return {
      storedKeys: async (keys) => {
        // Key by key through the company's unique index (`= any(…)` or a join made PGlite, whose tables
        // are never analysed, read every line of the company instead: slower the more it holds), with
        // the import that stored each line, so the preview can say when and from which file.
        const rows = rowsOf<{ key: string; file_name: string | null; imported_on: string | null }>(
          await db.execute(sql`
            select stored.key, stored.file_name, stored.imported_on from unnest(${sql.param(keys)}::text[]) as asked(key)
            cross join lateral (
              select f.natural_key as key, i.file_name, to_char(i.created_on at time zone 'UTC', 'YYYY-MM-DD') as imported_on
              from ${f} f left join ${imports} i on i.company_id = ${companyId} and i.id = f.import_id
              where f.company_id = ${companyId} and f.natural_key = asked.key and ${lineShown(companyId, sql`f.import_id`)}
              limit 1
            ) stored`),
        );
        // A file of lines all stored before writes nothing: let others in between its batches too.
        await yieldToOthers();
        return new Map(rows.map((r) => [r.key, r.file_name && r.imported_on ? { fileName: r.file_name, importedOn: r.imported_on } : null]));
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
        .where(and(eq(m.companyId, companyId), inArray(m.naturalKey, keys), lineShown(companyId, m.importId)));
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


/**
 * Upload for a preview: the file is kept (for Confirm and the report) and nothing else is saved.
 * The file is read outside a transaction, yielding between batches, so a long one holds no one up.
 */
export async function previewUpload(db: TDbLike, actor: TActor, req: TImportRequest): Promise<TImportPreview> {
  requireImportAccess(actor, req.kind, 'DenyDelete');
  // Only the rows the preview shows are kept: a long file is counted, not held.
  const fleet = req.kind === 'miles' ? await fleetUnits(db, actor.companyId) : [];
  // Each day's count of new fuel lines: those dated in closed weeks are marked as late fuel.
  const perDay = new Map<string, number>();
  const onRecords: TPreviewInput['onRecords'] = async (batch) => {
    for (const { record } of batch) if (record.kind === 'fuel') perDay.set(record.date, (perDay.get(record.date) ?? 0) + 1);
    await yieldToOthers();
  };
  const preview = await runPreview(db, actor.companyId, req, { keep: PREVIEW_ROWS, onRecords }, fleet);
  const weeks = perDay.size ? await lateWeeks(db, actor.companyId, [...perDay.keys()]) : [];
  const lateCount = [...perDay].reduce((n, [day, c]) => n + (weeks.some((l) => day >= l.closed.startDate && day <= l.closed.endDate) ? c : 0), 0);
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
  return previewReply(id, req, preview, fleet, { weeks, count: lateCount });
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

/** The table an import's lines go to. */
const TARGETS = { fuel: fuelTransactions, miles: iftaMiles } as const;

/** What a corrected file's line carries after its key while it waits to replace the stored one (see replaceStored). */
const REPLACING = '#replacing';

/**
 * A corrected file (Confirm with replace): deletes the stored miles whose keys this pending import's
 * waiting lines have, keeps them on the import row (undoing it puts them back), and gives the waiting
 * lines their own keys. Proportional to the lines replaced only. Answers how many were replaced.
 */
async function replaceStored(tx: TTx, companyId: number, importId: number): Promise<number> {
  const waiting = sql`select left(w.natural_key, length(w.natural_key) - ${REPLACING.length}) from ${iftaMiles} w
    where w.company_id = ${companyId} and w.import_id = ${importId} and w.natural_key like ${`%${REPLACING}`}`;
  const [result] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      with gone as (
        delete from ${iftaMiles} m
        where m.company_id = ${companyId} and m.import_id is distinct from ${importId} and m.natural_key in (${waiting})
        returning m.*
      ), kept as (
        update ${imports} set replaced = (select jsonb_agg(to_jsonb(g)) from gone g)
        where company_id = ${companyId} and id = ${importId}
        returning 1
      )
      select count(*)::int as n from gone`),
  );
  await tx.execute(sql`
    update ${iftaMiles} set natural_key = left(natural_key, length(natural_key) - ${REPLACING.length})
    where company_id = ${companyId} and import_id = ${importId} and natural_key like ${`%${REPLACING}`}`);
  return Number(result?.n ?? 0);
}

/** A run that has written nothing for this long has died (a live one writes every second or so): its import is removed. */
const STALE_MS = 5 * 60_000;
/** How often a live run says it is alive (and checks that its import was not removed as dead). */
const TOUCH_MS = 5_000;
/** Lines deleted per statement when a failed or dead import is removed: few on PGlite, whose one connection others wait for. */
const REMOVE_BATCH = { pglite: 2_000, postgres: 50_000 };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));


/**
 * Imports a file whole, or refuses it whole, without holding the database for the whole file.
 *
 * 1. Claim: one short transaction locks the preview (when there is one) and writes the import row as
 *    'pending'. A company has one open import per kind: a second one waits here for the first to be
 *    done or removed (so none of its lines is counted as a duplicate of lines that are then removed),
 *    and removes it first if its run has died.
 * 2. Write: the pipeline reads the file outside any transaction and its new records (flagged ones
 *    included) go straight into their table under the pending import, which every reader of lines
 *    ignores (lib/import-lines.ts): on PostgreSQL through one `COPY … FROM STDIN` for the whole
 *    file, on PGlite 500 lines per statement, yielding between statements.
 * 3. Done: one short transaction deletes the preview, checks closed weeks, writes the counts and
 *    flips the import to 'done': every line shows at once.
 *
 * A refused row, a file still to be mapped, a closed week or any failure removes the import and its
 * lines (a few thousand per statement) before answering; a crash leaves a pending import that
 * nothing reads, removed by the next import of its kind or the hourly purge.
 * It runs its own transactions, so it takes the database, not a transaction.
 */
export async function importStaged(db: TDb, actor: TActor, req: TImportRequest, previewId: string | null): Promise<string> {
  const { companyId } = actor;
  const kind = req.kind === 'fuel' ? 'fuel' : 'miles';
  const importId = await claimImport(db, actor, kind, req.fileName, previewId);
  const ofImport = and(eq(imports.companyId, companyId), eq(imports.id, importId));
  let writer: TLineWriter | null = null;
  let written = 0;
  let touched = Date.now();
  const fuelDates = new Set<string>();
  try {
    const preview = await runPreview(db, companyId, req, {
      keep: 5,
      onRecords: async (batch, progress) => {
        // Once a row is refused the file will be refused whole: read on (to count the refusals), write no more.
        if (progress.counts.refused > 0) return;
        const records = batch.map((r) => r.record) as (TFuelRecord | TMilesRecord)[];
        if (kind === 'fuel') for (const r of records) fuelDates.add((r as TFuelRecord).date);
        const rows = batch.map(({ record, replaces }) => {
          if (kind === 'fuel') return fuelRow(companyId, importId, record as TFuelRecord);
          const row = milesRow(companyId, importId, record as TMilesRecord);
          return replaces ? { ...row, naturalKey: `${row.naturalKey}${REPLACING}` } : row;
        });
        writer ??= await openWriter(db, TARGETS[kind], Object.keys(rows[0]));
        await writer.write(rows);
        written += rows.length;
        if (Date.now() - touched > TOUCH_MS) {
          touched = Date.now();
          await touchImport(db, companyId, importId);
        }
        await yieldToOthers();
      },
    });
    if (!preview.layout) throw refuse(IMPORT_TEXT.needsMapping.replace(/^ERROR /, ''));
    if (preview.counts.refused) throw refuse(IMPORT_TEXT.refusedRows(preview.refused.slice(0, 5).map((r) => r.reason)).replace(/^ERROR /, ''));
    const layout = preview.layout;
    const added = writer ? await (writer as TLineWriter).finish() : 0;
    writer = null;
    return await db.transaction(async (tx) => {
      if (previewId) {
        const [held] = await tx
          .select({ id: importFiles.id })
          .from(importFiles)
          .where(and(eq(importFiles.companyId, companyId), eq(importFiles.id, previewId)))
          .for('update');
        if (!held) throw refuse(IMPORT_TEXT.previewGone.replace(/^ERROR /, ''));
        await tx.delete(importFiles).where(and(eq(importFiles.companyId, companyId), eq(importFiles.id, previewId)));
      }
      if (written === 0) {
        await tx.delete(imports).where(ofImport);
        return IMPORT_TEXT.nothingNew;
      }
      // Fuel is deducted in settlements: a line dated in a closed week is deducted in the first open week
      // after it, as late fuel (the weeks stay locked until this commits).
      const late = fuelDates.size ? await settleLateFuel(tx, companyId, importId, [...fuelDates]) : 0;
      // A corrected file's lines wait under a key of their own until the stored figures they replace are gone.
      const replaced = kind === 'miles' && req.replace ? await replaceStored(tx, companyId, importId) : 0;
      const [done] = await tx
        .update(imports)
        .set({
          status: 'done',
          touchedOn: null,
          layout: layout.vendor,
          rowsRead: preview.rowsRead,
          rowsAdded: added,
          rowsDuplicate: preview.counts.duplicates,
          rowsFlagged: preview.counts.flagged,
          rowsRefused: preview.counts.refused,
        })
        .where(and(ofImport, eq(imports.status, 'pending')))
        .returning({ id: imports.id });
      // Removed meanwhile as a dead run's (it was silent for minutes): nothing of it may show.
      if (!done) throw refuse(IMPORT_TEXT.interrupted.replace(/^ERROR /, ''));
      if (replaced) return IMPORT_TEXT.importedReplacing(added, replaced, req.kind);
      return `${IMPORT_TEXT.imported(added, req.kind)}${late ? LATE_FUEL_TEXT.imported(late) : ''}`;
    });
  } catch (error) {
    await (writer as TLineWriter | null)?.abort();
    // The lines written so far go, a batch at a time; should that fail too, the hourly purge removes them.
    await removeImport(db, companyId, importId).catch(() => undefined);
    // The import was removed meanwhile as a dead run's (a line then points to no import), or a line was
    // stored meanwhile by another way than an import of this kind (COPY cannot skip it): nothing was saved.
    if (['23503', '23505'].includes(dbErrorCode(error) ?? '')) throw refuse(IMPORT_TEXT.interrupted.replace(/^ERROR /, ''));
    throw error;
  }
}

/** The SQLSTATE of a database error, also when the query builder wrapped it. */
function dbErrorCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e?.code === 'string' ? e.code : e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Writes the pending import's row (see importStaged): after the other open import of the company and
 * kind, if any, is done or removed. Answers the import's id.
 */
async function claimImport(db: TDb, actor: TActor, kind: 'fuel' | 'miles', fileName: string, previewId: string | null): Promise<number> {
  const { companyId } = actor;
  for (;;) {
    const outcome = await db.transaction(async (tx) => {
      if (previewId) {
        // A second confirm of one preview waits for the first (below), then finds the preview gone.
        const [held] = await tx
          .select({ id: importFiles.id })
          .from(importFiles)
          .where(and(eq(importFiles.companyId, companyId), eq(importFiles.id, previewId)))
          .for('update');
        if (!held) throw refuse(IMPORT_TEXT.previewGone.replace(/^ERROR /, ''));
      }
      const [open] = await tx
        .select({ id: imports.id, dead: sql<boolean>`coalesce(${imports.touchedOn}, ${imports.createdOn}) < now() - ${`${STALE_MS / 1000} seconds`}::interval` })
        .from(imports)
        .where(and(eq(imports.companyId, companyId), eq(imports.kind, kind), ne(imports.status, 'done')));
      if (open) return { importId: null, open };
      const [row] = await tx
        .insert(imports)
        .values({
          companyId,
          kind,
          fileName,
          layout: '',
          rowsRead: 0,
          rowsAdded: 0,
          rowsDuplicate: 0,
          rowsFlagged: 0,
          rowsRefused: 0,
          createdBy: actor.userId,
          status: 'pending',
          touchedOn: sql`now()`,
        })
        // Another claim committed in between (imports_open_uq): wait for it like for any open import.
        .onConflictDoNothing()
        .returning({ id: imports.id });
      return { importId: row?.id ?? null, open: null };
    });
    if (outcome.importId !== null) return outcome.importId;
    if (outcome.open?.dead) await removeImport(db, companyId, outcome.open.id);
    else await sleep(250);
  }
}

/** A live run says so; it stops when its import was removed as a dead one's meanwhile. */
async function touchImport(db: TDb, companyId: number, importId: number) {
  const [alive] = await db
    .update(imports)
    .set({ touchedOn: sql`now()` })
    .where(and(eq(imports.companyId, companyId), eq(imports.id, importId), eq(imports.status, 'pending')))
    .returning({ id: imports.id });
  if (!alive) throw refuse(IMPORT_TEXT.interrupted.replace(/^ERROR /, ''));
}

/**
 * Removes an import that is not done, and its lines, a batch per statement (none of them ever
 * showed): a refused or failed run's, or a dead one's. Marked 'removing' first, so a run that is
 * still alive stops at its next batch. Nothing happens to an import that is done or gone.
 */
export async function removeImport(db: TDb, companyId: number, importId: number) {
  const ofImport = and(eq(imports.companyId, companyId), eq(imports.id, importId));
  const [row] = await db
    .update(imports)
    .set({ status: 'removing', touchedOn: sql`now()` })
    .where(and(ofImport, ne(imports.status, 'done')))
    .returning({ kind: imports.kind });
  if (!row) return;
  if (row.kind === 'fuel' || row.kind === 'miles') {
    const table = TARGETS[row.kind];
    const batch = poolOf(db) ? REMOVE_BATCH.postgres : REMOVE_BATCH.pglite;
    for (;;) {
      const removed = await db
        .delete(table)
        .where(
          inArray(
            table.id,
            db
              .select({ id: table.id })
              .from(table)
              .where(and(eq(table.companyId, companyId), eq(table.importId, importId)))
              .limit(batch),
          ),
        )
        .returning({ id: table.id });
      if (removed.length < batch) break;
      await db.update(imports).set({ touchedOn: sql`now()` }).where(ofImport);
      await yieldToOthers();
    }
  }
  // Lines written after the last batch (a run that had not stopped yet) go with it (on delete cascade).
  await db.delete(imports).where(and(ofImport, eq(imports.status, 'removing')));
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

/**
 * Kept files older than a day are dropped, and imports a crashed run left pending (hourly job): one
 * over an hour old whose run has written nothing for minutes is removed with its lines, which never
 * showed. A run still going meanwhile finds its import removed and is refused whole.
 */
export async function purgeImportFiles(db: TDb, now: Date) {
  const cutoff = new Date(now.getTime() - 24 * 3600_000).toISOString();
  // Every company's files: the job runs for the whole database.
  await db.delete(importFiles).where(and(sql`${importFiles.companyId} is not null`, lt(importFiles.createdOn, cutoff)));
  const hourAgo = new Date(now.getTime() - 3600_000).toISOString();
  const silentSince = new Date(now.getTime() - STALE_MS).toISOString();
  const dead = await db
    .select({ id: imports.id, companyId: imports.companyId })
    .from(imports)
    .where(and(sql`${imports.companyId} is not null`, ne(imports.status, 'done'), lt(imports.createdOn, hourAgo), lt(sql`coalesce(${imports.touchedOn}, ${imports.createdOn})`, silentSince)));
  for (const d of dead) await removeImport(db, d.companyId, d.id);
}
