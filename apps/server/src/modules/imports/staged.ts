import { IMPORT_TEXT } from '@haulboard/contract';
import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { TActor } from '../../access/actor';
import type { TDb, TDbLike } from '../../db/client';
import { importFiles, imports } from '../../db/schema';
import { refuse } from '../../lib/errors';
import { openWriter, poolOf, type TLineWriter } from './line-writer';
import { pipelineOf, runPreview } from './pipeline';
import { findImportTarget, importTarget, type TImportRequest } from './target';

/** Lets other requests use the database (PGlite has one connection) between two batches of a long file. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

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
 *    included) go straight into their target's table under the pending import, which every reader of
 *    lines ignores (lib/import-lines.ts): on PostgreSQL through one `COPY … FROM STDIN` for the whole
 *    file, on PGlite 500 lines per statement, yielding between statements.
 * 3. Done: one short transaction deletes the preview, runs the target's final step (late fuel's
 *    closed weeks, a corrected file's replacements), writes the counts and flips the import to
 *    'done': every line shows at once.
 *
 * A refused row, a file still to be mapped, a closed week or any failure removes the import and its
 * lines (a few thousand per statement) before answering; a crash leaves a pending import that
 * nothing reads, removed by the next import of its kind or the hourly purge.
 * It runs its own transactions, so it takes the database, not a transaction.
 */
export async function importStaged(db: TDb, actor: TActor, req: TImportRequest, previewId: string | null): Promise<string> {
  const { companyId } = actor;
  const { table } = importTarget(req.kind);
  const target = pipelineOf(req.kind);
  if (!table) throw new Error(`The import kind '${req.kind}' has no table for its lines`);
  const importId = await claimImport(db, actor, req.kind, req.fileName, previewId);
  const ofImport = and(eq(imports.companyId, companyId), eq(imports.id, importId));
  let writer: TLineWriter | null = null;
  let written = 0;
  let touched = Date.now();
  const run = target.run?.(req);
  try {
    const preview = await runPreview(db, companyId, req, {
      keep: 5,
      onRecords: async (batch, progress) => {
        // Once a row is refused the file will be refused whole: read on (to count the refusals), write no more.
        if (progress.counts.refused > 0) return;
        run?.seen(batch.map((r) => r.record));
        const rows = batch.map(({ record, replaces }) => target.row(companyId, importId, record, replaces === true));
        writer ??= await openWriter(db, table, Object.keys(rows[0]));
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
        await holdPreview(tx, companyId, previewId);
        await tx.delete(importFiles).where(and(eq(importFiles.companyId, companyId), eq(importFiles.id, previewId)));
      }
      if (written === 0) {
        await tx.delete(imports).where(ofImport);
        return IMPORT_TEXT.nothingNew;
      }
      const final = run ? await run.finish(tx, companyId, importId) : {};
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
      if (final.replaced) return IMPORT_TEXT.importedReplacing(added, final.replaced, req.kind);
      return `${IMPORT_TEXT.imported(added, req.kind)}${final.note ?? ''}`;
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
/** Locks the preview row until the transaction ends; refuses when it is gone (confirmed or expired meanwhile). */
async function holdPreview(tx: TDbLike, companyId: number, previewId: string) {
  const [held] = await tx
    .select({ id: importFiles.id })
    .from(importFiles)
    .where(and(eq(importFiles.companyId, companyId), eq(importFiles.id, previewId)))
    .for('update');
  if (!held) throw refuse(IMPORT_TEXT.previewGone.replace(/^ERROR /, ''));
}

/**
 * Writes the pending import's row (see importStaged): after the other open import of the company and
 * kind, if any, is done or removed. Answers the import's id.
 */
async function claimImport(db: TDb, actor: TActor, kind: string, fileName: string, previewId: string | null): Promise<number> {
  const { companyId } = actor;
  for (;;) {
    const outcome = await db.transaction(async (tx) => {
      if (previewId) {
        // A second confirm of one preview waits for the first (below), then finds the preview gone.
        await holdPreview(tx, companyId, previewId);
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
  // Its target's lines, a batch per statement (where no module registered the kind, they go with the import below).
  const table = findImportTarget(row.kind)?.table;
  if (table) {
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
