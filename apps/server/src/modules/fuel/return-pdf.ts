import { GALLONS_ROUNDINGS, IFTA_RETURN_TEXT, MPG_ROUNDINGS, type TIftaReturn, usDate } from '@haulboard/contract';
import PDFDocument from 'pdfkit';
import { moneyOrDash } from './return';

/**
 * The return worksheet as a printable PDF (Letter, landscape so the twelve columns fit): header
 * (licensee, account, quarter, fuel type, due date), fleet totals, one row per jurisdiction, the
 * totals and grand total, then the checks. Laid out like the settlement statements (settlements/pdf.ts).
 */

type TDoc = PDFKit.PDFDocument;
const MARGIN = 36;
const WIDTH = 792 - 2 * MARGIN;
const BOTTOM = 612 - MARGIN - 20;

type TCell = { text: string; width: number; align?: 'left' | 'right' };

function row(doc: TDoc, cells: TCell[], bold = false, size = 7.5) {
  if (doc.y > BOTTOM) doc.addPage();
  const y = doc.y;
  let x = MARGIN;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(size);
  let height = 0;
  for (const c of cells) {
    const w = c.width * WIDTH;
    doc.text(c.text, x, y, { width: w - 4, align: c.align ?? 'left' });
    height = Math.max(height, doc.y - y);
    x += w;
  }
  doc.x = MARGIN;
  doc.y = y + height + 1.5;
}

function rule(doc: TDoc) {
  doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + WIDTH, doc.y).lineWidth(0.5).stroke('#888888');
  doc.y += 3;
}

const COLS: [string, number, 'left' | 'right'][] = [
  ['Jurisdiction', 0.14, 'left'],
  ['Rate', 0.06, 'right'],
  ['Total miles', 0.08, 'right'],
  ['Taxable miles', 0.08, 'right'],
  ['Taxable gal', 0.08, 'right'],
  ['Tax-paid gal', 0.08, 'right'],
  ['Net taxable gal', 0.08, 'right'],
  ['Tax due (credit)', 0.1, 'right'],
  ['Surch. rate', 0.06, 'right'],
  ['Surcharge', 0.1, 'right'],
  ['Line total', 0.14, 'right'],
];

const num = (n: number) => n.toLocaleString('en-US');
const gal = (v: string | null) => (v === null ? '-' : Number(v).toLocaleString('en-US', { maximumFractionDigits: 3 }));

export function iftaReturnPdf(r: TIftaReturn): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', layout: 'landscape', margin: MARGIN, info: { Title: `IFTA return worksheet ${r.period}`, Author: 'Haulboard' } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.font('Helvetica-Bold').fontSize(15).text('IFTA quarterly return worksheet', MARGIN, MARGIN);
    doc.font('Helvetica').fontSize(9).text('Prepared from your fuel and mileage records. Copy the figures onto your base jurisdiction\'s return.');
    doc.moveDown(0.5);
    const header: [string, string][] = [
      ['Licensee', r.licensee],
      ['IFTA account', r.iftaAccountNumber ?? '-'],
      ['Quarter', r.period],
      ['Fuel type', r.fuelType],
      ['Due date', usDate(r.dueDate)],
      ['Tax rates', r.rates ? `${r.rates.fileName}${r.rates.isSample ? '  (SAMPLE - NOT REAL RATES)' : ''}` : 'No matrix uploaded for this quarter'],
      ['Rounding', `MPG: ${MPG_ROUNDINGS[r.settings.mpgRounding]}; gallons: ${GALLONS_ROUNDINGS[r.settings.gallonsRounding]}`],
    ];
    for (const [k, v] of header) row(doc, [{ text: k, width: 0.14 }, { text: v, width: 0.86 }], false, 9);
    doc.moveDown(0.4);
    row(
      doc,
      [
        { text: `Total miles ${num(r.totalMiles)}`, width: 0.25 },
        { text: `Total gallons ${gal(r.totalGallons)}`, width: 0.25 },
        { text: `Fleet MPG ${r.fleetMpg ?? '-'}`, width: 0.25 },
        { text: `Miles outside IFTA ${num(r.nonIftaMiles)}`, width: 0.25 },
      ],
      true,
      9.5,
    );
    // The checks come before the figures: a sample matrix or a missing rate must be seen first.
    if (r.checks.length) {
      doc.moveDown(0.3);
      row(doc, [{ text: 'Check before filing', width: 1 }], true, 9.5);
      for (const c of r.checks) row(doc, [{ text: `•  ${c}`, width: 1 }], false, 8.5);
    }
    doc.moveDown(0.4);
    rule(doc);
    row(doc, COLS.map(([text, width, align]) => ({ text, width, align })), true);
    rule(doc);
    if (!r.lines.length) row(doc, [{ text: 'No miles or fuel in this quarter.', width: 1 }]);
    for (const l of r.lines) {
      row(doc, [
        { text: `${l.stateName} (${l.stateCode})`, width: 0.14 },
        { text: l.rate ?? 'no rate', width: 0.06, align: 'right' },
        { text: num(l.totalMiles), width: 0.08, align: 'right' },
        { text: num(l.taxableMiles), width: 0.08, align: 'right' },
        { text: gal(l.taxableGallons), width: 0.08, align: 'right' },
        { text: gal(l.taxPaidGallons), width: 0.08, align: 'right' },
        { text: gal(l.netTaxableGallons), width: 0.08, align: 'right' },
        { text: moneyOrDash(l.tax), width: 0.1, align: 'right' },
        { text: l.surchargeRate && Number(l.surchargeRate) > 0 ? l.surchargeRate : '', width: 0.06, align: 'right' },
        { text: moneyOrDash(l.surcharge), width: 0.1, align: 'right' },
        { text: moneyOrDash(l.lineTotal), width: 0.14, align: 'right' },
      ]);
    }
    rule(doc);
    row(
      doc,
      [
        { text: 'Totals', width: 0.2 },
        { text: num(r.lines.reduce((s, l) => s + l.totalMiles, 0)), width: 0.08, align: 'right' },
        { text: num(r.lines.reduce((s, l) => s + l.taxableMiles, 0)), width: 0.08, align: 'right' },
        { text: gal(r.totalTaxableGallons), width: 0.08, align: 'right' },
        { text: gal(r.totalTaxPaidGallons), width: 0.08, align: 'right' },
        { text: '', width: 0.08 },
        { text: moneyOrDash(r.totalTax), width: 0.1, align: 'right' },
        { text: '', width: 0.06 },
        { text: moneyOrDash(r.totalSurcharge), width: 0.1, align: 'right' },
        { text: moneyOrDash(r.grandTotal), width: 0.14, align: 'right' },
      ],
      true,
    );
    doc.moveDown(0.6);
    const total = r.grandTotal === null ? 'cannot be computed yet (see the checks)' : Number(r.grandTotal) < 0 ? `${moneyOrDash(r.grandTotal)} (refund)` : moneyOrDash(r.grandTotal);
    row(doc, [{ text: `Grand total, filed on time: ${total}`, width: 1 }], true, 11);
    row(doc, [{ text: 'Late returns add interest per month on tax due and a penalty of the greater of $50 or 10 % of net tax due; subtract any credit from earlier quarters.', width: 1 }], false, 8);
    doc.moveDown(0.6);
    row(doc, [{ text: `${IFTA_RETURN_TEXT.outOfScope} Rates: source IFTA, Inc.`, width: 1 }], false, 7.5);
    doc.end();
  });
}
