import { formatMoney, type TStatement, usDate } from '@haulboard/contract';
import PDFDocument from 'pdfkit';

/**
 * Settlement statements as a PDF (Letter, one statement per page or more), laid out like a carrier's
 * weekly statement: header, loads, additions, deductions itemised, summary and year to date.
 */

type TDoc = PDFKit.PDFDocument;
const MARGIN = 48;
const WIDTH = 612 - 2 * MARGIN;

function row(doc: TDoc, cells: { text: string; width: number; align?: 'left' | 'right' }[], bold = false) {
  if (doc.y > 740) doc.addPage();
  const y = doc.y;
  let x = MARGIN;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
  let height = 0;
  for (const c of cells) {
    const w = c.width * WIDTH;
    doc.text(c.text, x, y, { width: w - 4, align: c.align ?? 'left' });
    height = Math.max(height, doc.y - y);
    x += w;
  }
  doc.x = MARGIN;
  doc.y = y + height + 2;
}

function section(doc: TDoc, title: string) {
  if (doc.y > 700) doc.addPage();
  doc.moveDown(0.6);
  doc.font('Helvetica-Bold').fontSize(10.5).text(title, MARGIN, doc.y);
  doc.moveTo(MARGIN, doc.y + 1).lineTo(MARGIN + WIDTH, doc.y + 1).lineWidth(0.5).stroke('#888888');
  doc.moveDown(0.3);
}

const money = (v: string) => formatMoney(v);

function statementPages(doc: TDoc, s: TStatement) {
  doc.font('Helvetica-Bold').fontSize(16).text(s.carrier.name, MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(11).text('Driver settlement statement');
  doc.moveDown(0.5);
  const status = s.closed
    ? `Statement ${s.statementNumber}${s.revision && s.revision > 1 ? `, revision ${s.revision}` : ''}, closed ${usDate(s.closed.closedOn.slice(0, 10))}${s.closed.closedBy ? ` by ${s.closed.closedBy}` : ''}`
    : 'Draft: the week is not closed, figures may still change';
  const header: [string, string][] = [
    ['Payee', s.payee.name],
    ['Unit', s.unitNumber ?? '-'],
    ['Pay period', `Week ${s.week.number} of ${s.week.year}: ${usDate(s.week.startDate)} - ${usDate(s.week.endDate)}`],
    ['Pay date', usDate(s.payDate)],
    ['Statement', status],
  ];
  for (const [k, v] of header) row(doc, [{ text: k, width: 0.18 }, { text: v, width: 0.82 }], false);

  section(doc, 'Loads');
  row(doc, [
    { text: 'Load', width: 0.14 },
    { text: 'Dates', width: 0.18 },
    { text: 'Route', width: 0.3 },
    { text: 'Miles', width: 0.08, align: 'right' },
    { text: 'Rate', width: 0.08, align: 'right' },
    { text: 'Load pay', width: 0.11, align: 'right' },
    { text: 'Your pay', width: 0.11, align: 'right' },
  ], true);
  if (!s.loads.length) row(doc, [{ text: 'No loads this week.', width: 1 }]);
  for (const l of s.loads) {
    row(doc, [
      { text: l.loadNumber, width: 0.14 },
      { text: `${usDate(l.startDate.slice(0, 10))} - ${usDate(l.endDate.slice(0, 10))}`, width: 0.18 },
      { text: `${l.origin} to ${l.destination}${l.teammate ? ` (team with ${l.teammate})` : ''}`, width: 0.3 },
      { text: l.tripLength, width: 0.08, align: 'right' },
      { text: `$${l.rate}`, width: 0.08, align: 'right' },
      { text: money(l.loadPayout), width: 0.11, align: 'right' },
      { text: money(l.payout), width: 0.11, align: 'right' },
    ]);
  }
  row(doc, [{ text: 'Gross', width: 0.89 }, { text: money(s.gross), width: 0.11, align: 'right' }], true);

  section(doc, 'Additions and reimbursements');
  if (!s.additions.length) row(doc, [{ text: 'None.', width: 1 }]);
  for (const a of s.additions) row(doc, [{ text: usDate(a.expenseDate), width: 0.14 }, { text: `${a.expenseName} (${a.expenseTypeName})`, width: 0.75 }, { text: money(a.amount), width: 0.11, align: 'right' }]);
  row(doc, [{ text: 'Total additions', width: 0.89 }, { text: money(s.totalAdditions), width: 0.11, align: 'right' }], true);

  section(doc, 'Deductions');
  row(doc, [{ text: 'Fuel card', width: 1 }], true);
  if (!s.fuel.length) row(doc, [{ text: 'No fuel-card lines.', width: 1 }]);
  for (const f of s.fuel) {
    row(doc, [
      { text: usDate(f.fuelDate), width: 0.14 },
      { text: [f.location, f.stateCode].filter(Boolean).join(', '), width: 0.45 },
      { text: f.productName, width: 0.15 },
      { text: f.quantity, width: 0.15, align: 'right' },
      { text: money(f.amount), width: 0.11, align: 'right' },
    ]);
  }
  row(doc, [{ text: 'Expenses', width: 1 }], true);
  if (!s.expenses.length) row(doc, [{ text: 'No expenses.', width: 1 }]);
  for (const e of s.expenses) row(doc, [{ text: usDate(e.expenseDate), width: 0.14 }, { text: `${e.expenseName} (${e.expenseTypeName})${e.occurrence ? `, ${e.occurrence}` : ''}`, width: 0.75 }, { text: money(e.amount), width: 0.11, align: 'right' }]);
  row(doc, [{ text: `Administration fee: ${s.feeBasis}`, width: 0.89 }, { text: money(s.administrationFee), width: 0.11, align: 'right' }]);
  row(doc, [{ text: 'Total deductions', width: 0.89 }, { text: money(s.totalDeductions), width: 0.11, align: 'right' }], true);

  section(doc, 'Summary');
  const summary: [string, string][] = [
    ['Gross', s.gross],
    ['+ Additions', s.totalAdditions],
    ['- Fuel', s.totalFuel],
    ['- Expenses', s.totalExpense],
    ['- Administration fee', s.administrationFee],
  ];
  for (const [k, v] of summary) row(doc, [{ text: k, width: 0.89 }, { text: money(v), width: 0.11, align: 'right' }]);
  row(doc, [{ text: 'Net pay', width: 0.89 }, { text: money(s.net), width: 0.11, align: 'right' }], true);

  section(doc, `Year to date (${s.week.year}, through week ${s.week.number})`);
  row(doc, [
    { text: `Gross ${money(s.ytd.gross)}`, width: 0.25 },
    { text: `Additions ${money(s.ytd.additions)}`, width: 0.25 },
    { text: `Deductions ${money(s.ytd.deductions)}`, width: 0.25 },
    { text: `Net ${money(s.ytd.net)}`, width: 0.25 },
  ]);
  row(doc, [{ text: `Escrow paid in this year: ${money(s.ytd.escrow)}`, width: 1 }]);
}

/** Renders the statements into one PDF, each starting on a new page. */
export function statementsPdf(statements: TStatement[], title: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: MARGIN, info: { Title: title, Author: 'Haulboard' } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    if (!statements.length) doc.font('Helvetica').fontSize(12).text(`${title}: no drivers this week.`);
    statements.forEach((s, i) => {
      if (i > 0) doc.addPage();
      statementPages(doc, s);
    });
    doc.end();
  });
}
