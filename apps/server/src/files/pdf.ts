import { formatMoney } from '@haulboard/contract';
import PDFDocument from 'pdfkit';
import { fontName, layoutText, loadFonts, registerFonts, type TFace, type TLine } from './pdf-text';

/**
 * The PDFs' shared primitives: a Letter page with margins, Noto Sans in every script
 * (`pdf-text.ts`), table rows with column widths whose text stays inside its cell (wrapped,
 * cut with an ellipsis, or shrunk for amounts), and rendering that gives the event loop back
 * every few milliseconds so a 10,000-line statement does not stall the server.
 */

export type TAlign = 'left' | 'right';
/** One cell: `width` is a share of the page's width; `lines` how many lines it may wrap onto (default 2). */
export type TCell = { text: string; width: number; align?: TAlign; lines?: number; shrink?: boolean };
export type TRowStyle = { bold?: boolean; size?: number; gap?: number };

/** An amount: right-aligned, never cut (a long amount takes a smaller size instead). */
export const moneyCell = (amount: string, width: number): TCell => ({ text: formatMoney(amount), width, align: 'right', lines: 1, shrink: true });
/** A figure that is not money (miles, gallons, rates): right-aligned and never cut either. */
export const numberCell = (text: string, width: number): TCell => ({ text, width, align: 'right', lines: 1, shrink: true });

/** Line height for a size: Noto Sans' ascent plus descent is 1.36 em. */
const lineHeight = (size: number) => size * 1.36;
/** Noto Sans' ascent: every face is drawn on this baseline (the Arabic face's own ascent is taller and would sit lower). */
const ASCENT = 1.069;
/** The longest the renderer keeps the event loop before yielding. */
const SLICE_MS = 25;
/** A cell's text keeps this far from the next column. */
const CELL_PAD = 4;

export type TPdf = {
  doc: PDFKit.PDFDocument;
  /** The printable area's left edge and width, and how far down a row may go. */
  left: number;
  width: number;
  y: number;
  /** One table row; a row that does not fit goes to a new page (after the page header, if one is set). */
  row: (cells: TCell[], style?: TRowStyle) => void;
  /** Text across the page, wrapped onto up to `lines` lines. */
  text: (text: string, style?: TRowStyle & { lines?: number }) => void;
  /** A section title with a rule under it. */
  section: (title: string) => void;
  /** A thin rule across the page. */
  rule: () => void;
  space: (points: number) => void;
  newPage: () => void;
  /** Rows repeated at the top of each new page (a table's header), or null. */
  setPageHeader: (cells: TCell[] | null, style?: TRowStyle) => void;
  /** Yields to the event loop when this slice of rendering has run long enough; call it once per row or so. */
  breathe: () => Promise<void>;
  /** Ends the document: the whole file. */
  finish: () => Promise<Buffer>;
};

export type TPdfOptions = { title: string; landscape?: boolean; margin: number; size?: number };

/** A new document; the fonts load on the first one (a few turns of the event loop). */
export async function openPdf(options: TPdfOptions): Promise<TPdf> {
  await loadFonts();
  const doc = new PDFDocument({ size: 'LETTER', layout: options.landscape ? 'landscape' : 'portrait', margin: options.margin, info: { Title: options.title, Author: 'Haulboard' } });
  registerFonts(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const pageWidth = options.landscape ? 792 : 612;
  const pageHeight = options.landscape ? 612 : 792;
  const left = options.margin;
  const width = pageWidth - 2 * options.margin;
  const bottom = pageHeight - options.margin;
  const baseSize = options.size ?? 8.5;
  let header: { cells: TCell[]; style?: TRowStyle } | null = null;
  let sliceStart = performance.now();

  // pdfkit lays text out word by word unless `features` is given, which reverses the word order of a
  // right-to-left run; Hebrew and Arabic runs are laid out whole (Latin keeps pdfkit's per-word cache).
  const featuresOf = (face: TFace) => (face === 'hebrew' || face === 'arabic' ? { features: [] } : {});
  const measureAt = (bold: boolean) => (size: number) => (text: string, face: TFace) =>
    doc
      .font(fontName(face, bold))
      .fontSize(size)
      .widthOfString(text, featuresOf(face));

  const drawLine = (line: TLine, x: number, y: number, cellWidth: number, align: TAlign, size: number, bold: boolean) => {
    let cx = align === 'right' ? x + cellWidth - line.width : x;
    for (const run of line.runs) {
      doc
        .font(fontName(run.face, bold))
        .fontSize(size)
        .text(run.text, cx, y + ASCENT * size, { lineBreak: false, baseline: 'alphabetic', ...featuresOf(run.face) });
      cx += run.width;
    }
  };

  const pdf: TPdf = {
    doc,
    left,
    width,
    y: options.margin,
    row(cells, style = {}) {
      const size = style.size ?? baseSize;
      const bold = style.bold ?? false;
      const laid = cells.map((c) => {
        const w = c.width * width - CELL_PAD;
        return { cell: c, w, ...layoutText(c.text, { width: w, lines: c.lines ?? 2, shrink: c.shrink ?? false }, size, measureAt(bold)) };
      });
      const height = Math.max(lineHeight(size), ...laid.map((l) => l.lines.length * lineHeight(size)));
      if (pdf.y + height > bottom) pdf.newPage();
      let x = left;
      for (const l of laid) {
        // A shrunk amount sits on the row's baseline, a little lower than the row's top.
        const dy = (lineHeight(size) - lineHeight(l.size)) * 0.8;
        for (const [i, line] of l.lines.entries()) drawLine(line, x, pdf.y + dy + i * lineHeight(l.size), l.w, l.cell.align ?? 'left', l.size, bold);
        x += l.cell.width * width;
      }
      pdf.y += height + (style.gap ?? 1.5);
    },
    text(text, style = {}) {
      pdf.row([{ text, width: 1, lines: style.lines ?? 4 }], style);
    },
    section(title) {
      if (pdf.y + 60 > bottom) pdf.newPage();
      pdf.y += 8;
      pdf.row([{ text: title, width: 1, lines: 2 }], { bold: true, size: 10.5, gap: 0 });
      pdf.rule();
    },
    rule() {
      doc
        .moveTo(left, pdf.y + 1)
        .lineTo(left + width, pdf.y + 1)
        .lineWidth(0.5)
        .stroke('#888888');
      pdf.y += 4;
    },
    space(points) {
      pdf.y += points;
    },
    newPage() {
      doc.addPage();
      pdf.y = options.margin;
      if (header) pdf.row(header.cells, header.style);
    },
    setPageHeader(cells, style) {
      header = cells ? { cells, style } : null;
    },
    async breathe() {
      if (performance.now() - sliceStart < SLICE_MS) return;
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    },
    finish() {
      doc.end();
      return done;
    },
  };
  return pdf;
}
