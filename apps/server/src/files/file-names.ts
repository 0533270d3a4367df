import path from 'node:path';
import { withoutUnsafeCharacters } from '@haulboard/contract';

/** The longest file name kept, in characters (most file systems' limit). */
export const MAX_FILE_NAME = 255;

/** A name (its unsafe characters already gone: contract file-names.ts) at most `max` characters, its extension kept. */
export function shortenKeepingExtension(name: string, max = MAX_FILE_NAME): string {
  const chars = Array.from(name);
  if (chars.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? Array.from(name.slice(dot)) : [];
  // An 'extension' nearly as long as the limit is not one: cut the name as it comes.
  if (ext.length === 0 || ext.length > 32) return chars.slice(0, max).join('');
  const stem = Array.from(name.slice(0, dot));
  return stem.slice(0, max - ext.length).join('').trimEnd() + ext.join('');
}

/** An uploaded file's name as stored: the last path part, without unsafe characters, trimmed, at most 255 characters with its extension. */
export function cleanFileName(fileName: string | undefined): string {
  const base = withoutUnsafeCharacters(path.basename((fileName ?? '').replaceAll('\\', '/'))).trim();
  return shortenKeepingExtension(base);
}

/** RFC 5987 attr-char: anything else is percent-encoded (encodeURIComponent leaves ' ( ) * as they are). */
const encodeRfc5987 = (text: string) => encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The content-disposition of every download: `attachment; filename="ascii"` that any client reads
 * (no quote, backslash, percent or non-ASCII character), and `filename*=UTF-8''…` (RFC 5987/6266)
 * with the full name when it is not plain ASCII. Controls and bidi characters are dropped first.
 */
export function contentDisposition(fileName: string): string {
  const name = shortenKeepingExtension(
    withoutUnsafeCharacters(fileName)
      .replace(/[\\/]/g, '_')
      .trim(),
  ) || 'download';
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_');
  return ascii === name ? `attachment; filename="${ascii}"` : `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}
