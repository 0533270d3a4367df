import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { TDbLike } from '../db/client';
import { files } from '../db/schema';
import { notFound } from '../lib/errors';
import { dbContent } from './db-content';
import { diskContent } from './disk-content';
import { isFileId, type TContentAdapter, type TFileRef, type TFileStorage, type TFileStore, type TPutFile, type TStoredFile, tooLarge } from './store';

/**
 * The content as Buffers, its size and sha256 counted as it passes; more than `maxBytes` throws
 * before the piece that crosses the limit is handed on (the source is then destroyed by for-await).
 */
async function* metered(content: TPutFile['content'], maxBytes: number, totals: { size: number; hash: ReturnType<typeof createHash> }) {
  for await (const piece of content) {
    const buffer = typeof piece === 'string' ? Buffer.from(piece) : Buffer.isBuffer(piece) ? piece : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    totals.size += buffer.length;
    if (totals.size > maxBytes) throw tooLarge(maxBytes);
    totals.hash.update(buffer);
    yield buffer;
  }
}

/** The store over the app's database: content by FILES_DIR (disk) or in `file_chunks` (db). */
export function createFileStore(options: { db: TDbLike; filesDir?: string | null }): TFileStore {
  const { db } = options;
  const adapters: Record<TFileStorage, TContentAdapter | null> = {
    db: dbContent(db),
    disk: options.filesDir ? diskContent(options.filesDir) : null,
  };
  const writer = adapters.disk ?? adapters.db!;
  const adapterOf = (file: TStoredFile) => {
    const adapter = adapters[file.storage];
    // A file written to disk by a server with FILES_DIR, read by one without: a setup error, not a missing file.
    if (!adapter) throw new Error(`File ${file.id} is stored on disk, and FILES_DIR is not set`);
    return adapter;
  };
  const find = async ({ companyId, id }: TFileRef): Promise<TStoredFile> => {
    if (!isFileId(id)) throw notFound('The file');
    const [row] = await db
      .select()
      .from(files)
      .where(and(eq(files.companyId, companyId), eq(files.id, id), isNotNull(files.sha256)));
    if (!row) throw notFound('The file');
    return row as TStoredFile;
  };
  const removeRow = (ref: TFileRef) => db.delete(files).where(and(eq(files.companyId, ref.companyId), eq(files.id, ref.id)));

  return {
    storage: writer.storage,
    async put(input) {
      const ref = { companyId: input.companyId, id: randomUUID() };
      // The row first (sha256 null: not shown yet), so the chunks have their parent and a crash leaves a trace to purge.
      await db.insert(files).values({
        id: ref.id,
        companyId: ref.companyId,
        name: input.name,
        contentType: input.contentType,
        storage: writer.storage,
        createdBy: input.createdBy ?? null,
      });
      const totals = { size: 0, hash: createHash('sha256') };
      try {
        await writer.write(ref, metered(input.content, input.maxBytes, totals));
        const sha256 = totals.hash.digest('hex');
        await db
          .update(files)
          .set({ size: totals.size, sha256 })
          .where(and(eq(files.companyId, ref.companyId), eq(files.id, ref.id)));
        return { id: ref.id, size: totals.size, sha256 };
      } catch (error) {
        await writer.remove(ref).catch(() => {});
        await removeRow(ref).catch(() => {});
        throw error;
      }
    },
    async get(ref) {
      const file = await find(ref);
      return { file, content: await adapterOf(file).read(file) };
    },
    async delete(ref) {
      const file = await find(ref);
      // The row first: once it is gone the file is gone for every reader, whatever happens to the content.
      await removeRow(ref);
      await adapterOf(file).remove(ref);
    },
    async purgeUnfinished(before) {
      // Every company's: the hourly job runs for the whole database (as the system).
      const dead = await db
        .select({ id: files.id, companyId: files.companyId, storage: files.storage })
        .from(files)
        .where(and(sql`${files.companyId} is not null`, isNull(files.sha256), lt(files.createdOn, before.toISOString())));
      for (const d of dead) {
        await adapters[d.storage as TFileStorage]?.remove(d).catch(() => {});
        await removeRow(d);
      }
      return dead.length;
    },
  };
}
