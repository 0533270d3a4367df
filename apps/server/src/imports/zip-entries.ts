import { Inflate } from 'fflate';
import { AppError, refuse } from '../lib/errors';
import { MAX_ENTRY_BYTES, MAX_INFLATED_BYTES, READ_TEXT } from './read-limits';

/**
 * The parts of a zip held in memory (an XLSX upload, already bounded in size), read from its central
 * directory and inflated piece by piece. The sizes a zip declares are not trusted: inflated bytes
 * are counted as they come out, per part and for the whole file, and reading stops past the caps.
 */

export type TZipEntry = { name: string; method: number; compressedSize: number; localOffset: number };

const unreadable = () => refuse(READ_TEXT.unreadable);
const MAX_ENTRIES = 10_000;

/** The entries of the zip's central directory, by lower-cased name (Excel matches part names without case). */
export function zipEntries(zip: Buffer): Map<string, TZipEntry> {
  // The end record is in the last 22 bytes plus a comment of at most 65,535.
  let eocd = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 65_535); at--) {
    if (zip.readUInt32LE(at) === 0x06054b50) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw unreadable();
  const total = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  if (total > MAX_ENTRIES) throw unreadable();
  const entries = new Map<string, TZipEntry>();
  for (let i = 0; i < total; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) throw unreadable();
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localOffset = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength).replace(/^\//, '');
    entries.set(name.toLowerCase(), { name, method, compressedSize, localOffset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The compressed bytes of an entry, found through its local header. */
function entryData(zip: Buffer, entry: TZipEntry): Buffer {
  const at = entry.localOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== 0x04034b50) throw unreadable();
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const end = start + entry.compressedSize;
  // A size past the end of the file (or a zip64 marker) is a damaged or unusual zip.
  if (end > zip.length || entry.compressedSize === 0xffffffff) throw unreadable();
  return zip.subarray(start, end);
}

/** Compressed bytes fed to the inflater at a time: deflate can grow 1 KB to about 1 MB, so a piece stays small. */
const PIECE = 1024;

/** Counts what every entry of one zip inflates to, against the whole file's cap. */
export function inflateBudget(maxTotal = MAX_INFLATED_BYTES) {
  let total = 0;
  return {
    take(bytes: number) {
      total += bytes;
      if (total > maxTotal) throw refuse(READ_TEXT.tooMuchInside(Math.round(maxTotal / 1024 / 1024)));
    },
  };
}

export type TInflateBudget = ReturnType<typeof inflateBudget>;

/**
 * An entry's content, inflated a piece at a time: each step hands back what one piece of compressed
 * bytes inflated to (possibly nothing), so the caller parses as it goes and never holds the whole part.
 */
export function* inflatePieces(zip: Buffer, entry: TZipEntry, budget: TInflateBudget, maxBytes = MAX_ENTRY_BYTES): Generator<Uint8Array[]> {
  const data = entryData(zip, entry);
  let bytes = 0;
  const count = (chunk: Uint8Array) => {
    bytes += chunk.length;
    if (bytes > maxBytes) throw refuse(READ_TEXT.tooMuchInside(Math.round(maxBytes / 1024 / 1024)));
    budget.take(chunk.length);
  };
  if (entry.method === 0) {
    for (let at = 0; at < data.length; at += PIECE) {
      const piece = data.subarray(at, at + PIECE);
      count(piece);
      yield [piece];
    }
    return;
  }
  if (entry.method !== 8) throw unreadable();
  let out: Uint8Array[] = [];
  const inflater = new Inflate((chunk) => {
    count(chunk);
    out.push(chunk);
  });
  for (let at = 0; at < data.length; at += PIECE) {
    try {
      inflater.push(data.subarray(at, at + PIECE), at + PIECE >= data.length);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw unreadable();
    }
    const ready = out;
    out = [];
    yield ready;
  }
}

/** A small part (workbook, relations, styles) as text, bounded by `maxBytes`. */
export function inflateText(zip: Buffer, entry: TZipEntry, budget: TInflateBudget, maxBytes: number): string {
  const decoder = new TextDecoder('utf-8');
  let text = '';
  for (const pieces of inflatePieces(zip, entry, budget, maxBytes)) for (const p of pieces) text += decoder.decode(p, { stream: true });
  return text + decoder.decode();
}
