import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import bidiFactory from 'bidi-js';

/**
 * Text in any script for the PDFs: every grapheme gets a Noto Sans face that has its glyphs, text
 * no face has (emoji, CJK, …) becomes U+FFFD (the replacement character, drawn by Noto Sans Latin
 * as a diamond with a question mark), and each line is put in visual order with the Unicode bidi
 * algorithm so Hebrew and Arabic read right to left. Arabic letters are shaped by fontkit when a
 * run is drawn in the Arabic face.
 */

const require = createRequire(import.meta.url);
type TFontkitFont = { hasGlyphForCodePoint(codePoint: number): boolean };
// fontkit is pdfkit's own font reader; resolved through pdfkit, so the coverage we check is the font pdfkit draws.
const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as { create(buffer: Buffer): TFontkitFont };
const bidi = bidiFactory();

/** Faces in the order they are tried; the fontsource packages split Noto Sans into subsets. */
const FACE_FILES = {
  latin: '@fontsource/noto-sans/files/noto-sans-latin',
  'latin-ext': '@fontsource/noto-sans/files/noto-sans-latin-ext',
  vietnamese: '@fontsource/noto-sans/files/noto-sans-vietnamese',
  greek: '@fontsource/noto-sans/files/noto-sans-greek',
  'greek-ext': '@fontsource/noto-sans/files/noto-sans-greek-ext',
  cyrillic: '@fontsource/noto-sans/files/noto-sans-cyrillic',
  'cyrillic-ext': '@fontsource/noto-sans/files/noto-sans-cyrillic-ext',
  hebrew: '@fontsource/noto-sans-hebrew/files/noto-sans-hebrew-hebrew',
  arabic: '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic',
} as const;
export type TFace = keyof typeof FACE_FILES;
const FACES = Object.keys(FACE_FILES) as TFace[];

/** What stands for a grapheme no face can draw. */
export const SUBSTITUTE = '\uFFFD';
export const ELLIPSIS = '\u2026';

/**
 * A WOFF file as the plain TrueType font inside it. fontkit reads WOFF but inflates its tables in
 * JavaScript (tiny-inflate) for every document, 0.7 s of a 10,000-line statement; node's zlib
 * does it once per process.
 */
export function sfntOfWoff(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) return woff; // 'wOFF'
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const stored = woff.subarray(offset, offset + compLength);
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data: compLength < origLength ? inflateSync(stored) : stored };
  });
  const pad4 = (n: number) => (n + 3) & ~3;
  const headerSize = 12 + 16 * numTables;
  const out = Buffer.alloc(headerSize + tables.reduce((sum, t) => sum + pad4(t.data.length), 0));
  const log2 = Math.floor(Math.log2(numTables));
  out.writeUInt32BE(woff.readUInt32BE(4), 0); // the flavor: the sfnt version
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(2 ** log2 * 16, 6);
  out.writeUInt16BE(log2, 8);
  out.writeUInt16BE(numTables * 16 - 2 ** log2 * 16, 10);
  let offset = headerSize;
  for (const [i, t] of tables.entries()) {
    const at = 12 + i * 16;
    out.writeUInt32BE(t.tag, at);
    out.writeUInt32BE(t.checksum, at + 4);
    out.writeUInt32BE(offset, at + 8);
    out.writeUInt32BE(t.data.length, at + 12);
    t.data.copy(out, offset);
    offset += pad4(t.data.length);
  }
  return out;
}

let fonts: { buffers: Map<string, Buffer>; coverage: Map<TFace, TFontkitFont> } | null = null;

/**
 * The font files, read and unpacked once per process (about 1.5 MB), one face per turn of the
 * event loop: the first PDF after a start does not hold the server while they load.
 */
export async function loadFonts() {
  if (fonts) return fonts;
  const buffers = new Map<string, Buffer>();
  const coverage = new Map<TFace, TFontkitFont>();
  for (const face of FACES) {
    for (const weight of [400, 700]) {
      const buffer = sfntOfWoff(await readFile(require.resolve(`${FACE_FILES[face]}-${weight}-normal.woff`)));
      buffers.set(fontName(face, weight === 700), buffer);
      if (weight === 400) coverage.set(face, fontkit.create(buffer));
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  fonts ??= { buffers, coverage };
  return fonts;
}

/** The loaded fonts; a PDF is opened after loadFonts(). */
function loaded() {
  if (!fonts) throw new Error('PDF fonts are not loaded: await loadFonts() first');
  return fonts;
}

export const fontName = (face: TFace, bold: boolean) => `${face}-${bold ? 700 : 400}`;

/** Registers every face, regular and bold, on a document. */
export function registerFonts(doc: PDFKit.PDFDocument) {
  for (const [name, buffer] of loaded().buffers) doc.registerFont(name, buffer);
}

const faceOfCodePoint = new Map<number, TFace | null>();
function facesFor(codePoint: number): TFace | null {
  let face = faceOfCodePoint.get(codePoint);
  if (face === undefined) {
    const { coverage } = loaded();
    face = FACES.find((f) => coverage.get(f)?.hasGlyphForCodePoint(codePoint)) ?? null;
    faceOfCodePoint.set(codePoint, face);
  }
  return face;
}
const covers = (face: TFace, codePoint: number) => loaded().coverage.get(face)?.hasGlyphForCodePoint(codePoint) ?? false;

/** One grapheme and the face that draws it. */
export type TPiece = { text: string; face: TFace };

const PLAIN = /^[\x20-\x7e]*$/;
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}]/gu;
const FORMAT_ONLY = /^\p{Cf}+$/u;
const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * The text as graphemes with their faces. Line breaks and tabs become spaces (a cell is one
 * paragraph); invisible format characters alone (bidi marks, zero-width joiners) are dropped.
 */
export function piecesOf(text: string): TPiece[] {
  if (PLAIN.test(text)) return [...text].map((c) => ({ text: c, face: 'latin' }));
  const clean = text.normalize('NFC').replace(CONTROL, ' ');
  const out: TPiece[] = [];
  let previous: TFace = 'latin';
  for (const { segment } of segmenter.segment(clean)) {
    if (FORMAT_ONLY.test(segment)) continue;
    const codePoints = [...segment].map((c) => c.codePointAt(0) ?? 0);
    // Stay in the face before when it can draw this grapheme too (spaces and punctuation join the run).
    let face: TFace | null = codePoints.every((cp) => covers(previous, cp)) ? previous : null;
    if (!face) {
      const first = facesFor(codePoints[0]);
      face = first && codePoints.every((cp) => covers(first, cp)) ? first : null;
    }
    if (!face) {
      out.push({ text: SUBSTITUTE, face: 'latin' });
      continue;
    }
    out.push({ text: segment, face });
    previous = face;
  }
  return out;
}

/** A run of one face in visual order, ready to draw left to right. */
export type TRun = { text: string; face: TFace; width: number };
export type TLine = { runs: TRun[]; width: number };

type TMeasure = (text: string, face: TFace) => number;

/** Width of pieces in logical order: each run of one face is measured whole (Arabic shaping changes widths). */
export function widthOf(pieces: TPiece[], measure: TMeasure): number {
  let width = 0;
  let start = 0;
  for (let i = 1; i <= pieces.length; i++) {
    if (i === pieces.length || pieces[i].face !== pieces[start].face) {
      width += measure(
        pieces
          .slice(start, i)
          .map((p) => p.text)
          .join(''),
        pieces[start].face,
      );
      start = i;
    }
  }
  return width;
}

/**
 * A cell's direction: right to left only when it has right-to-left letters and no left-to-right
 * ones. The documents are English, so "דוד כהן to Houston" reads as an English line with a Hebrew
 * name in it (UAX #9's first-strong rule would turn the whole cell around); a Hebrew name alone reads
 * right to left.
 */
export function directionOf(pieces: TPiece[]): 'ltr' | 'rtl' {
  let rtl = false;
  for (const p of pieces) {
    const type = bidi.getBidiCharTypeName(p.text);
    if (type === 'L') return 'ltr';
    if (type === 'R' || type === 'AL') rtl = true;
  }
  return rtl ? 'rtl' : 'ltr';
}

const RTL_SCRIPT = /[\p{Script=Hebrew}\p{Script=Arabic}]/u;
const NOT_COMMON = /[^\p{Script=Common}\p{Script=Inherited}\p{Script=Unknown}]/u;
/** fontkit lays a run out right to left (reversing its glyphs) when the run's first script is Hebrew or Arabic. */
const fontkitReverses = (text: string) => RTL_SCRIPT.test(NOT_COMMON.exec(text)?.[0] ?? '');

/**
 * One line in visual order: bidi levels over the line (paragraph direction given), mirrored
 * brackets in right-to-left runs, runs of one face and level reordered (UAX #9 L2). fontkit
 * reverses Hebrew and Arabic runs itself (and shapes Arabic in logical order), so such a run is
 * handed over in logical order; any other run that must read the other way is reversed here.
 */
export function visualLine(pieces: TPiece[], direction: 'ltr' | 'rtl', measure: TMeasure): TLine {
  const text = pieces.map((p) => p.text).join('');
  if (PLAIN.test(text) && direction === 'ltr') {
    const width = text ? measure(text, 'latin') : 0;
    return { runs: text ? [{ text, face: 'latin', width }] : [], width };
  }
  const { levels } = bidi.getEmbeddingLevels(text, direction);
  const mirrored = bidi.getMirroredCharactersMap(text, levels);
  type TLogical = { pieces: TPiece[]; level: number };
  const runs: TLogical[] = [];
  let at = 0;
  for (const p of pieces) {
    const level = levels[at];
    const shown = mirrored.has(at) && p.text.length === 1 ? { text: mirrored.get(at) ?? p.text, face: p.face } : p;
    at += p.text.length;
    const last = runs[runs.length - 1];
    if (last && last.level === level && last.pieces[0].face === p.face) last.pieces.push(shown);
    else runs.push({ pieces: [shown], level });
  }
  // L2: from the highest level down to the lowest odd one, reverse every sequence at that level or above.
  const highest = Math.max(0, ...runs.map((r) => r.level));
  const lowestOdd = Math.min(...runs.map((r) => (r.level % 2 ? r.level : r.level + 1)));
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < runs.length; ) {
      if (runs[i].level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < runs.length && runs[j].level >= level) j++;
      const reversed = runs.slice(i, j).reverse();
      runs.splice(i, j - i, ...reversed);
      i = j;
    }
  }
  const out: TRun[] = [];
  let width = 0;
  for (const r of runs) {
    let runText = r.pieces.map((p) => p.text).join('');
    const rtl = r.level % 2 === 1;
    if (rtl !== fontkitReverses(runText))
      runText = r.pieces
        .map((p) => p.text)
        .reverse()
        .join('');
    const w = measure(runText, r.pieces[0].face);
    out.push({ text: runText, face: r.pieces[0].face, width: w });
    width += w;
  }
  return { runs: out, width };
}

/** How a cell fits its text: wrap onto at most `lines` lines and cut the last with an ellipsis, or shrink (numbers, never cut). */
export type TFit = { width: number; lines: number; shrink: boolean };

/**
 * Lays out a cell's text: the lines in visual order and the font size used. Text never passes the
 * cell's width: wrapped at spaces (a word longer than the line is broken), the last line cut with
 * an ellipsis; a shrinking cell (amounts) keeps every character and takes a smaller size instead.
 */
export function layoutText(text: string, fit: TFit, size: number, measureAt: (size: number) => TMeasure): { lines: TLine[]; size: number } {
  const pieces = piecesOf(text);
  const direction = directionOf(pieces);
  let measure = measureAt(size);
  const full = widthOf(pieces, measure);
  if (full <= fit.width) return { lines: [visualLine(pieces, direction, measure)], size };
  if (fit.shrink) {
    const smaller = Math.max(3, Math.floor(((size * fit.width) / full) * 10) / 10);
    measure = measureAt(smaller);
    return { lines: [visualLine(pieces, direction, measure)], size: smaller };
  }
  const lines: TPiece[][] = [];
  let rest = pieces;
  while (rest.length && lines.length < fit.lines) {
    const isLast = lines.length === fit.lines - 1;
    if (widthOf(rest, measure) <= fit.width) {
      lines.push(rest);
      rest = [];
      break;
    }
    if (isLast) {
      lines.push(cutWithEllipsis(rest, fit.width, measure));
      rest = [];
      break;
    }
    const n = lineBreak(rest, fit.width, measure);
    lines.push(trimSpaces(rest.slice(0, n)));
    rest = dropLeadingSpaces(rest.slice(n));
  }
  return { lines: lines.map((l) => visualLine(l, direction, measure)), size };
}

const isSpace = (p: TPiece) => p.text === ' ';
const trimSpaces = (pieces: TPiece[]) => {
  let end = pieces.length;
  while (end > 0 && isSpace(pieces[end - 1])) end--;
  return pieces.slice(0, end);
};
const dropLeadingSpaces = (pieces: TPiece[]) => {
  let start = 0;
  while (start < pieces.length && isSpace(pieces[start])) start++;
  return pieces.slice(start);
};

/** The longest prefix (in pieces) whose width fits: binary search, a prefix only grows. */
function fittingPrefix(pieces: TPiece[], width: number, measure: TMeasure, extra: TPiece[] = []): number {
  let lo = 0;
  let hi = pieces.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (widthOf([...trimSpaces(pieces.slice(0, mid)), ...extra], measure) <= width) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Where the first line ends: after the last space that fits, else mid-word (at least one grapheme). */
function lineBreak(pieces: TPiece[], width: number, measure: TMeasure): number {
  const n = fittingPrefix(pieces, width, measure);
  for (let i = n; i > 0; i--) if (i < pieces.length && isSpace(pieces[i])) return i;
  return Math.max(1, n);
}

function cutWithEllipsis(pieces: TPiece[], width: number, measure: TMeasure): TPiece[] {
  const ellipsis: TPiece = { text: ELLIPSIS, face: 'latin' };
  const n = fittingPrefix(pieces, width, measure, [ellipsis]);
  return [...trimSpaces(pieces.slice(0, n)), ellipsis];
}
