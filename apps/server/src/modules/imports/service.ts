import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { IMPORT_TEXT, type TImportKind, type TImportPreview } from '@haulboard/contract';
import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { TActor } from '../../access/actor';
import type { TDb, TDbLike } from '../../db/client';
import { importFiles } from '../../db/schema';
import { reportCsv, type TPreviewInput } from '../../imports';
import { refuse } from '../../lib/errors';
import { pipelineOf, runPreview } from './pipeline';
import { PREVIEW_ROWS, previewReply } from './preview-reply';
import { importStaged } from './staged';
import { requireImportAccess, type TImportRequest, type TPreviewMarks } from './target';

export type { TImportRequest } from './target';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** Lets other requests use the database (PGlite has one connection) between two batches of a long file. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Upload for a preview: the file is kept (for Confirm and the report) and nothing else is saved.
 * The file is read outside a transaction, yielding between batches, so a long one holds no one up.
 */
export async function previewUpload(db: TDbLike, actor: TActor, req: TImportRequest): Promise<TImportPreview> {
  requireImportAccess(actor, req.kind, 'DenyDelete');
  const target = pipelineOf(req.kind);
  // Only the rows the preview shows are kept: a long file is counted, not held.
  const fleet = target.fleet ? await target.fleet(db, actor.companyId) : [];
  // The target watches the new records for marks on the rows (late fuel).
  const watch = target.marks?.();
  const onRecords: TPreviewInput['onRecords'] = async (batch) => {
    watch?.seen(batch.map((r) => r.record));
    await yieldToOthers();
  };
  const preview = await runPreview(db, actor.companyId, req, { keep: PREVIEW_ROWS, onRecords }, fleet);
  const marks: TPreviewMarks | null = watch ? await watch.finish(db, actor.companyId) : null;
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
  return previewReply(id, req, target, preview, fleet, marks);
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
