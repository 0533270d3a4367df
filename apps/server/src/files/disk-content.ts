import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TContentAdapter, TFileRef } from './store';
import { isFileId } from './store';

/**
 * Content as files in one folder (FILES_DIR): `<company id>/<file id>`, written under a temporary
 * name in the same folder and renamed once complete, so a reader never sees half a file. Paths are
 * built from numbers and uuids only, and checked to stay inside the folder.
 */
export function diskContent(filesDir: string): TContentAdapter {
  const root = path.resolve(filesDir);
  const inside = (...parts: string[]) => {
    const full = path.resolve(root, ...parts);
    const rel = path.relative(root, full);
    if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) throw new Error(`A file path outside FILES_DIR: ${full}`);
    return full;
  };
  const folderOf = (ref: TFileRef) => {
    if (!(Number.isSafeInteger(ref.companyId) && ref.companyId > 0) || !isFileId(ref.id)) throw new Error(`Not a file reference: ${ref.companyId}/${ref.id}`);
    return inside(String(ref.companyId));
  };
  const pathOf = (ref: TFileRef) => inside(folderOf(ref), ref.id.toLowerCase());
  const tempOf = (ref: TFileRef) => inside(folderOf(ref), `.${ref.id.toLowerCase()}.${randomBytes(6).toString('hex')}.tmp`);

  return {
    storage: 'disk',
    async write(ref, source) {
      await fs.promises.mkdir(folderOf(ref), { recursive: true, mode: 0o700 });
      const temp = tempOf(ref);
      const handle = await fs.promises.open(temp, 'wx', 0o600);
      try {
        for await (const piece of source) {
          for (let at = 0; at < piece.length; ) at += (await handle.write(piece, at)).bytesWritten;
        }
        // On disk before the name says it is there.
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.promises.rename(temp, pathOf(ref));
    },
    async read(file) {
      // Opened now, so a missing file fails here rather than in the middle of a reply.
      const handle = await fs.promises.open(pathOf(file), 'r');
      const { size } = await handle.stat();
      if (size !== file.size) {
        await handle.close();
        throw new Error(`File ${file.id} on disk has ${size} bytes, ${file.size} expected`);
      }
      return handle.createReadStream();
    },
    async remove(ref) {
      await fs.promises.rm(pathOf(ref), { force: true });
      // Its temporary files too, this process's or a crashed one's.
      const prefix = `.${ref.id.toLowerCase()}.`;
      const names = await fs.promises.readdir(folderOf(ref)).catch(() => [] as string[]);
      for (const name of names) if (name.startsWith(prefix) && name.endsWith('.tmp')) await fs.promises.rm(inside(folderOf(ref), name), { force: true });
    },
  };
}
