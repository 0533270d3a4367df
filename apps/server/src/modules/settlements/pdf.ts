import {
  addedMoney,
  deductedMoney,
  fuelSplit,
  STATEMENT_WORDS,
  statementDays,
  statementGallons,
  statementMiles,
  statementMoney,
  statementPeriod,
  statementRate,
  type TStatement,
  usDate,
} from '@haulboard/contract';
import { moneyCell, numberCell, openPdf, type TCell, type TPdf } from '../../files/pdf';

/**
 * Settlement statements as a PDF (Letter, one statement per page or more), laid out like a carrier's
 * weekly statement: header, loads, additions, deductions itemised, summary and year to date. Every
 * line is printed (the JSON answer is bounded, the PDF is not); rendering yields between rows.
 */

// The words and figures are the web sheet's (contract statement-format.ts): whole miles, rates with
// two decimals, deductions with the one minus sign.
const money = statementMoney;
const LOAD_WIDTHS = [0.13, 0.23, 0.26, 0.08, 0.08, 0.11, 0.11];
const LOAD_COLUMNS: TCell[] = STATEMENT_WORDS.loadColumns.map((text, i) => ({ text, width: LOAD_WIDTHS[i], ...(i >= 3 ? { align: 'right' as const } : {}) }));
const FUEL_WIDTHS = [0.14, 0.45, 0.15, 0.15, 0.11];
const FUEL_COLUMNS: TCell[] = STATEMENT_WORDS.fuelColumns.map((text, i) => ({ text, width: FUEL_WIDTHS[i], ...(i >= 3 ? { align: 'right' as const } : {}) }));
/** A total line; `shown` is the amount as printed (signed), else the plain amount. */
const total = (label: string, amount: string, shown?: string): TCell[] => [{ text: label, width: 0.89 }, shown === undefined ? moneyCell(amount, 0.11) : numberCell(shown, 0.11)];

const FUEL_LABEL = '\u2212 Fuel';

async function statementPages(pdf: TPdf, s: TStatement) {
  pdf.row([{ text: s.carrier.name, width: 1 }], { bold: true, size: 16 });
  pdf.row([{ text: STATEMENT_WORDS.title, width: 1 }], { size: 11 });
  pdf.space(6);
  const status = s.closed
    ? `Statement ${s.statementNumber}${s.revision && s.revision > 1 ? `, revision ${s.revision}` : ''}, closed ${usDate(s.closed.closedOn.slice(0, 10))}${s.closed.closedBy ? ` by ${s.closed.closedBy}` : ''}`
    : 'Draft: the week is not closed, figures may still change';
  const header: [string, string][] = [
    ['Payee', s.payee.name],
    ['Unit', s.unitNumber ?? STATEMENT_WORDS.noUnit],
    ['Pay period', statementPeriod(s.week)],
    ['Pay date', usDate(s.payDate)],
    ['Statement', status],
  ];
  for (const [k, v] of header) pdf.row([{ text: k, width: 0.18 }, { text: v, width: 0.82 }]);

  pdf.section('Loads');
  pdf.row(LOAD_COLUMNS, { bold: true });
  pdf.setPageHeader(LOAD_COLUMNS, { bold: true });
  if (!s.loads.length) pdf.row([{ text: STATEMENT_WORDS.noLoads, width: 1 }]);
  for (const l of s.loads) {
    pdf.row([
      { text: l.loadNumber, width: 0.13 },
      // Wide enough for both dates on one line: a week of many loads takes half the pages.
      { text: statementDays(l.startDate, l.endDate), width: 0.23 },
      { text: `${l.origin} to ${l.destination}${l.teammate ? `. ${STATEMENT_WORDS.teamLoad(l.teammate)}` : ''}`, width: 0.26 },
      numberCell(statementMiles(l.tripLength), 0.08),
      numberCell(statementRate(l.rate), 0.08),
      moneyCell(l.loadPayout, 0.11),
      moneyCell(l.payout, 0.11),
    ]);
    await pdf.breathe();
  }
  pdf.setPageHeader(null);
  pdf.row(total('Gross', s.gross), { bold: true });

  pdf.section('Additions and reimbursements');
  if (!s.additions.length) pdf.row([{ text: STATEMENT_WORDS.noAdditions, width: 1 }]);
  for (const a of s.additions) {
    pdf.row([{ text: usDate(a.expenseDate), width: 0.14 }, { text: `${a.expenseName} (${a.expenseTypeName})`, width: 0.75 }, numberCell(addedMoney(a.amount), 0.11)]);
    await pdf.breathe();
  }
  pdf.row(total('Total additions', s.totalAdditions, addedMoney(s.totalAdditions)), { bold: true });

  pdf.section('Deductions');
  pdf.row([{ text: 'Fuel card', width: 1 }], { bold: true });
  if (!s.fuel.length) pdf.row([{ text: s.unitNumber ? STATEMENT_WORDS.noFuel : STATEMENT_WORDS.noFuelWithoutUnit, width: 1 }]);
  else pdf.row(FUEL_COLUMNS, { bold: true });
  pdf.setPageHeader(s.fuel.length ? FUEL_COLUMNS : null, { bold: true });
  for (const f of s.fuel) {
    pdf.row([
      { text: usDate(f.fuelDate), width: 0.14 },
      { text: [f.location, f.stateCode].filter(Boolean).join(', '), width: 0.45 },
      { text: f.productName, width: 0.15 },
      numberCell(statementGallons(f.quantity), 0.15),
      numberCell(deductedMoney(f.amount), 0.11),
    ]);
    // Late fuel is dated in an earlier (closed) week: say which, beneath its line.
    if (f.lateFrom) pdf.row([{ text: '', width: 0.14 }, { text: f.lateFrom, width: 0.86 }], { size: 8 });
    await pdf.breathe();
  }
  pdf.setPageHeader(null);
  pdf.row([{ text: 'Expenses', width: 1 }], { bold: true });
  if (!s.expenses.length) pdf.row([{ text: STATEMENT_WORDS.noExpenses, width: 1 }]);
  for (const e of s.expenses) {
    pdf.row([{ text: usDate(e.expenseDate), width: 0.14 }, { text: `${e.expenseName} (${e.expenseTypeName})${e.occurrence ? `, ${e.occurrence}` : ''}`, width: 0.75 }, numberCell(deductedMoney(e.amount), 0.11)]);
    await pdf.breathe();
  }
  pdf.row(total(`Administration fee: ${s.feeBasis}`, s.administrationFee, deductedMoney(s.administrationFee)));
  pdf.row(total('Total deductions', s.totalDeductions, deductedMoney(s.totalDeductions)), { bold: true });

  pdf.section('Summary');
  const summary: [string, string][] = [
    ['Gross', s.gross],
    ['+ Additions', s.totalAdditions],
    [FUEL_LABEL, s.totalFuel],
    ['\u2212 Expenses', s.totalExpense],
    ['\u2212 Administration fee', s.administrationFee],
  ];
  for (const [k, v] of summary) {
    pdf.row(total(k, v, money(v)));
    // Total fuel by what was bought, beneath it (the same words as the web statement).
    if (k === FUEL_LABEL) for (const part of fuelSplit(s.fuel)) pdf.row(total(`    ${part.label}`, part.amount, money(part.amount)), { size: 8 });
  }
  pdf.row(total('Net pay', s.net, money(s.net)), { bold: true });

  pdf.section(`Year to date (${s.week.year}, through week ${s.week.number})`);
  pdf.row([
    { text: `Gross ${money(s.ytd.gross)}`, width: 0.25, shrink: true, lines: 1 },
    { text: `Additions ${money(s.ytd.additions)}`, width: 0.25, shrink: true, lines: 1 },
    { text: `Deductions ${money(s.ytd.deductions)}`, width: 0.25, shrink: true, lines: 1 },
    { text: `Net ${money(s.ytd.net)}`, width: 0.25, shrink: true, lines: 1 },
  ]);
  pdf.row([{ text: `Escrow paid in this year: ${money(s.ytd.escrow)}`, width: 1, shrink: true, lines: 1 }]);
}

/** Renders the statements into one PDF, each starting on a new page. */
export async function statementsPdf(statements: TStatement[], title: string): Promise<Buffer> {
  const pdf = await openPdf({ title, margin: 48 });
  if (!statements.length) pdf.text(`${title}: no drivers this week.`, { size: 12 });
  for (const [i, s] of statements.entries()) {
    if (i > 0) pdf.newPage();
    await statementPages(pdf, s);
    await pdf.breathe();
  }
  return pdf.finish();
}
