import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatMoney, type TIftaReturn, type TStatement } from '@haulboard/contract';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { directionOf, loadFonts, piecesOf, SUBSTITUTE, visualLine } from '../src/files/pdf-text';
import { iftaReturnPdf } from '../src/modules/fuel/return-pdf';
import { statementsPdf } from '../src/modules/settlements/pdf';

/**
 * Names in every script in a statement and the IFTA return: the text comes out of the PDF, the
 * amounts are whole and inside their column, and no text runs into the next column. Set
 * PDF_SNAPSHOT_DIR to keep the PDFs (render them with pdftoppm to look at them).
 */

const LONG = `${'Wolfeschlegelsteinhausenbergerdorff '.repeat(8)}Jr.`.slice(0, 300);
const NAMES = {
  hebrew: 'דוד כהן',
  arabic: 'محمد عبد الله',
  cyrillic: 'Фёдор Достоевский',
  greek: 'Αλέξανδρος Παπαδόπουλος',
  vietnamese: 'Trần Hưng Đạo',
  emoji: 'Sam 🚚 Driver',
  long: LONG,
};
const names = Object.values(NAMES);

const statement = (): TStatement => ({
  statementNumber: 'S-000001',
  revision: 1,
  carrier: { companyId: 1, name: `${NAMES.cyrillic} Trucking` },
  payee: { userId: 1, name: LONG },
  unitNumber: '101',
  week: { weekId: 1, year: 2031, number: 1, startDate: '2031-01-06', endDate: '2031-01-12' },
  payDate: '2031-01-17',
  loads: names.map((n, i) => ({
    loadId: i,
    loadNumber: `L-${i}`,
    companyName: 'Demo',
    startDate: '2031-01-07T08:00:00.000Z',
    endDate: '2031-01-08T08:00:00.000Z',
    origin: n,
    destination: 'Houston, TX',
    rate: '2.5000',
    payout: `${1000 + i}.25`,
    loadPayout: `${2000 + i}.50`,
    teammate: n,
    tripLength: '240.0',
    loadStatusName: 'Delivered',
    comments: null,
  })),
  additions: names.map((n, i) => ({ expenseId: i, expenseName: n, expenseTypeName: 'Reimbursement', amount: `${10 + i}.01`, expenseDate: '2031-01-07', isReimbursement: true, occurrence: null })),
  expenses: [],
  fuel: names.map((n, i) => ({ fuelTransactionId: i, fuelDate: '2031-01-07', unitNumber: '101', productName: 'Diesel', location: n, stateCode: 'TX', quantity: '100.000', amount: `${300 + i}.75` })),
  administrationFee: '10.00',
  feeBasis: '10% of gross',
  gross: '7021.75',
  totalAdditions: '91.07',
  totalFuel: '2121.25',
  totalExpense: '0.00',
  totalDeductions: '2131.25',
  net: '4981.57',
  ytd: { gross: '7021.75', deductions: '2131.25', additions: '91.07', net: '4981.57', escrow: '0.00' },
  closed: { closedOn: '2031-01-13T10:00:00.000Z', closedBy: NAMES.hebrew },
});

const iftaReturn = (): TIftaReturn => ({
  year: 2025,
  quarter: 3,
  period: 'Q3 2025 (07/01/2025 - 09/30/2025)',
  dueDate: '2025-10-31',
  licensee: LONG,
  iftaAccountNumber: 'TX-123',
  fuelType: 'Diesel',
  totalMiles: 9104,
  totalGallons: '1318',
  fleetMpg: '6.91',
  nonIftaMiles: 0,
  lines: names.map((n, i) => ({
    stateId: i + 1,
    stateCode: 'TX',
    stateName: n,
    rate: '0.2000',
    surchargeRate: null,
    totalMiles: 1000 + i,
    taxableMiles: 1000 + i,
    taxableGallons: '145',
    taxPaidGallons: '100',
    netTaxableGallons: '45',
    tax: `${11 + i}.07`,
    surcharge: '0.00',
    lineTotal: `${11 + i}.07`,
  })),
  totalTaxableGallons: '1015',
  totalTaxPaidGallons: '700',
  totalTax: '98.49',
  totalSurcharge: '0.00',
  grandTotal: '98.49',
  rates: { fileName: `${NAMES.arabic}.csv`, jurisdictions: 58, isSample: false, uploadedOn: '2025-10-01T00:00:00.000Z', uploadedBy: null },
  settings: { mpgRounding: 'round2', gallonsRounding: 'whole', iftaAccountNumber: 'TX-123' },
  checks: [`Check the miles of ${NAMES.greek}`],
});

type TItem = { str: string; x: number; y: number; width: number; page: number };

/** Every text item with its place, read by pdf.js (pdf-parse's own reader, resolved through it). */
async function itemsOf(pdf: Buffer): Promise<TItem[]> {
  const fromParse = createRequire(createRequire(import.meta.url).resolve('pdf-parse'));
  const pdfjs = await import(pathToFileURL(fromParse.resolve('pdfjs-dist/legacy/build/pdf.mjs')).href);
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf) }).promise;
  const items: TItem[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    for (const it of content.items as { str: string; transform: number[]; width: number }[]) {
      if (it.str.trim()) items.push({ str: it.str, x: it.transform[4], y: it.transform[5], width: it.width, page: p });
    }
  }
  return items;
}

/**
 * No two items on one line overlap, and none leaves the printable width. pdf.js measures an Arabic
 * run with repositioned marks up to ~0.4 pt wider than it is drawn: 1 pt of slack.
 */
function expectNoOverlap(items: TItem[], left: number, right: number) {
  const lines = new Map<string, TItem[]>();
  for (const it of items) {
    const key = `${it.page}:${Math.round(it.y)}`;
    lines.set(key, [...(lines.get(key) ?? []), it]);
  }
  for (const line of lines.values()) {
    const sorted = line.sort((a, b) => a.x - b.x);
    for (const [i, it] of sorted.entries()) {
      expect(it.x, it.str).toBeGreaterThanOrEqual(left - 0.5);
      expect(it.x + it.width, it.str).toBeLessThanOrEqual(right + 0.5);
      const next = sorted[i + 1];
      if (next) expect(it.x + it.width, `${it.str} runs into ${next.str}`).toBeLessThanOrEqual(next.x + 1);
    }
  }
}

/** pdf.js gives a control character for a mark glyph (Arabic dots) that maps to no text: dropped. */
const plain = (text: string) => text.replace(/\p{Cc}/gu, '');
const keep = (name: string, pdf: Buffer) => process.env.PDF_SNAPSHOT_DIR && writeFileSync(join(process.env.PDF_SNAPSHOT_DIR, name), pdf);

describe('text in any script', () => {
  beforeAll(() => loadFonts());

  it('picks a face per script and substitutes what no face draws', () => {
    const faces = (t: string) => [...new Set(piecesOf(t).map((p) => p.face))];
    expect(faces(NAMES.hebrew)).toEqual(['hebrew']);
    expect(faces(NAMES.arabic)).toEqual(['arabic']);
    expect(faces(NAMES.cyrillic)).toEqual(['cyrillic']);
    expect(faces(NAMES.greek)).toEqual(['greek']);
    expect(piecesOf('A 👨‍👩‍👧 漢字').map((p) => p.text)).toEqual(['A', ' ', SUBSTITUTE, ' ', SUBSTITUTE, SUBSTITUTE]);
  });

  it('orders a line visually: right-to-left words reversed, brackets mirrored, Latin kept', () => {
    const runs = (t: string) => {
      const p = piecesOf(t);
      return visualLine(p, directionOf(p), (s) => s.length).runs.map((r) => r.text);
    };
    // fontkit reverses the glyphs of a Hebrew or Arabic run itself: runs stay in logical order inside.
    expect(runs('Driver דוד כהן (נהג)')).toEqual(['Driver ', '(', 'נהג', ')', 'דוד כהן ']);
    expect(runs('דוד כהן 101')).toEqual(['101', 'דוד כהן ']);
  });
});

describe('a statement with names in every script', () => {
  it('keeps every amount whole and in its column, and every name readable', async () => {
    const pdf = await statementsPdf([statement()], 'Scripts');
    keep('statement-scripts.pdf', pdf);
    const items = await itemsOf(pdf);
    expectNoOverlap(items, 48, 612 - 48);
    const text = plain((await new PDFParse({ data: new Uint8Array(pdf) }).getText()).text);
    for (const name of [NAMES.hebrew, NAMES.arabic, NAMES.cyrillic, NAMES.greek, NAMES.vietnamese]) {
      for (const word of name.split(' ')) expect(text).toContain(word);
    }
    expect(text).toContain(`Sam ${SUBSTITUTE} Driver`);
    expect(text).toContain('Wolfeschlegelsteinhausenbergerdorff');
    expect(text).toContain('…');
    // Each amount is one item, right-aligned at its column's right edge.
    const right = 612 - 48 - 4;
    for (const [i] of names.entries()) {
      for (const amount of [`${2000 + i}.50`, `${1000 + i}.25`, `${10 + i}.01`, `${300 + i}.75`]) {
        // Additions and deductions print with their sign (packages/contract/src/statement-format.ts).
        const found = items.filter((it) => [formatMoney(amount), `+${formatMoney(amount)}`, `\u2212${formatMoney(amount)}`].includes(it.str));
        expect(found.length, amount).toBeGreaterThan(0);
      }
      const pay = items.find((it) => it.str === formatMoney(`${1000 + i}.25`))!;
      expect(pay.x + pay.width).toBeCloseTo(right, 0);
    }
    expect(items.some((it) => it.str === '$4,981.57')).toBe(true);
  });
});

describe('the IFTA return with names in every script', () => {
  it('keeps every amount whole and in its column, and every name readable', async () => {
    const pdf = await iftaReturnPdf(iftaReturn());
    keep('ifta-scripts.pdf', pdf);
    const items = await itemsOf(pdf);
    expectNoOverlap(items, 36, 792 - 36);
    const text = plain((await new PDFParse({ data: new Uint8Array(pdf) }).getText()).text);
    for (const name of [NAMES.hebrew, NAMES.arabic, NAMES.cyrillic, NAMES.greek, NAMES.vietnamese]) {
      for (const word of name.split(' ')) expect(text).toContain(word);
    }
    expect(text).toContain(`Sam ${SUBSTITUTE}`);
    for (const [i] of names.entries()) expect(items.filter((it) => it.str === `$${11 + i}.07`).length).toBe(2);
    const right = 792 - 36 - 4;
    // Total tax and grand total are both 98.49: the grand total is the rightmost, in the last column.
    const total = items.filter((it) => it.str === '$98.49').sort((a, b) => b.x - a.x);
    expect(total.length).toBe(2);
    expect(total[0].x + total[0].width).toBeCloseTo(right, 0);
    expect(text).toContain('Grand total, filed on time: $98.49');
  });
});
