import { AsyncResource } from 'node:async_hooks';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { TDbLike } from '../db/client';
import { rowsOf } from '../db/rows';
import type { TContentAdapter, TFileRef, TStoredFile } from './store';

/** The size of one `file_chunks` row: a 20 MB file is 80 short statements, never one huge value. */
export const CHUNK_BYTES = 256 * 1024;

/**
 * Content in `file_chunks`, one statement per chunk outside any transaction, so an upload never
 * holds the embedded database's one connection for longer than a chunk. Bytes cross as base64
 * text: PGlite spends seconds per MB on a bytea parameter or result (decision 016).
 */
export function dbContent(db: TDbLike): TContentAdapter {
  const insertChunk = (ref: TFileRef, seq: number, data: Buffer) =>
    db.execute(sql`insert into file_chunks (file_id, company_id, seq, data)
      values (${ref.id}, ${ref.companyId}, ${seq}, decode(${data.toString('base64')}, 'base64'))`);

  return {
    storage: 'db',
    async write(ref, source) {
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      let seq = 0;
      for await (const piece of source) {
        pending.push(piece);
        pendingBytes += piece.length;
        while (pendingBytes >= CHUNK_BYTES) {
          const all = Buffer.concat(pending);
          await insertChunk(ref, seq++, all.subarray(0, CHUNK_BYTES));
          const rest = all.subarray(CHUNK_BYTES);
          pending = rest.length ? [rest] : [];
          pendingBytes = rest.length;
        }
      }
      if (pendingBytes) await insertChunk(ref, seq, Buffer.concat(pending));
    },
    async read(file: TStoredFile) {
      const count = Math.ceil(file.size / CHUNK_BYTES);
      // Bound to the caller's async context: the stream is pulled later by whoever reads it, and
      // each chunk is still read in the caller's database scope (decision 018).
      const readChunk = AsyncResource.bind(async (seq: number) => {
        const [row] = rowsOf<{ data: string }>(
          await db.execute(sql`select encode(data, 'base64') as data from file_chunks
            where company_id = ${file.companyId} and file_id = ${file.id} and seq = ${seq}`),
        );
        return row ? Buffer.from(row.data, 'base64') : null;
      });
      async function* chunks() {
        for (let seq = 0; seq < count; seq++) {
          const data = await readChunk(seq);
          if (!data) throw new Error(`File ${file.id} lost its content while it was read (chunk ${seq} of ${count})`);
          yield data;
        }
      }
      return Readable.from(chunks(), { objectMode: false });
    },
    async remove(ref) {
      await db.execute(sql`delete from file_chunks where company_id = ${ref.companyId} and file_id = ${ref.id}`);
    },
  };
}
