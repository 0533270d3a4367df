import path from 'node:path';

/** The longest file name kept, in characters (most file systems' limit). */
export const MAX_FILE_NAME = 255;

/**
 * Characters a file name never keeps: C0 and C1 controls and DEL, line and paragraph separators,
 * and the bidirectional marks, embeddings, overrides and isolates (U+200E/F, U+202A–U+202E,
 * U+2066–U+2069, U+061C), which can make 'invoice‮fdp.exe' read as 'invoiceexe.pdf'.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** A name without its unsafe characters, at most `max` characters, its extension kept. */
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
  const base = path.basename((fileName ?? '').replaceAll('\\', '/')).replace(UNSAFE, '').trim();
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
    fileName
      .replace(UNSAFE, '')
      .replace(/[\\/]/g, '_')
      .trim(),
  ) || 'download';
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_');
  return ascii === name ? `attachment; filename="${ascii}"` : `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}
