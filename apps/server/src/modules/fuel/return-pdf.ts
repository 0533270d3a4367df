import { GALLONS_ROUNDINGS, IFTA_RETURN_TEXT, MPG_ROUNDINGS, type TIftaReturn, usDate } from '@haulboard/contract';
import { numberCell, openPdf, type TCell } from '../../files/pdf';
import { moneyOrDash } from './return';

/**
 * The return worksheet as a printable PDF (Letter, landscape so the twelve columns fit): header
 * (licensee, account, quarter, fuel type, due date), fleet totals, one row per jurisdiction, the
 * totals and grand total, then the checks. Built from the shared PDF primitives (files/pdf.ts).
 */

const COLS: [string, number][] = [
  ['Jurisdiction', 0.14],
  ['Rate', 0.06],
  ['Total miles', 0.08],
  ['Taxable miles', 0.08],
  ['Taxable gal', 0.08],
  ['Tax-paid gal', 0.08],
  ['Net taxable gal', 0.08],
  ['Tax due (credit)', 0.1],
  ['Surch. rate', 0.06],
  ['Surcharge', 0.1],
  ['Line total', 0.14],
];
const HEADER: TCell[] = COLS.map(([text, width], i) => ({ text, width, align: i ? 'right' : 'left' }));

const num = (n: number) => n.toLocaleString('en-US');
const gal = (v: string | null) => (v === null ? '-' : Number(v).toLocaleString('en-US', { maximumFractionDigits: 3 }));
/** An amount or a dash; money stays whole (never cut), like every amount cell. */
const amount = (v: string | null, width: number) => numberCell(moneyOrDash(v), width);

export async function iftaReturnPdf(r: TIftaReturn): Promise<Buffer> {
  const pdf = await openPdf({ title: `IFTA return worksheet ${r.period}`, landscape: true, margin: 36, size: 7.5 });
  pdf.row([{ text: 'IFTA quarterly return worksheet', width: 1 }], { bold: true, size: 15 });
  pdf.text("Prepared from your fuel and mileage records. Copy the figures onto your base jurisdiction's return.", { size: 9 });
  pdf.space(6);
  const header: [string, string][] = [
    ['Licensee', r.licensee],
    ['IFTA account', r.iftaAccountNumber ?? '-'],
    ['Quarter', r.period],
    ['Fuel type', r.fuelType],
    ['Due date', usDate(r.dueDate)],
    ['Tax rates', r.rates ? `${r.rates.fileName}${r.rates.isSample ? '  (SAMPLE - NOT REAL RATES)' : ''}` : 'No matrix uploaded for this quarter'],
    ['Rounding', `MPG: ${MPG_ROUNDINGS[r.settings.mpgRounding]}; gallons: ${GALLONS_ROUNDINGS[r.settings.gallonsRounding]}`],
  ];
  for (const [k, v] of header) pdf.row([{ text: k, width: 0.14 }, { text: v, width: 0.86 }], { size: 9 });
  pdf.space(5);
  pdf.row(
    [
      { text: `Total miles ${num(r.totalMiles)}`, width: 0.25, shrink: true, lines: 1 },
      { text: `Total gallons ${gal(r.totalGallons)}`, width: 0.25, shrink: true, lines: 1 },
      { text: `Fleet MPG ${r.fleetMpg ?? '-'}`, width: 0.25, shrink: true, lines: 1 },
      { text: `Miles outside IFTA ${num(r.nonIftaMiles)}`, width: 0.25, shrink: true, lines: 1 },
    ],
    { bold: true, size: 9.5 },
  );
  // The checks come before the figures: a sample matrix or a missing rate must be seen first.
  if (r.checks.length) {
    pdf.space(4);
    pdf.row([{ text: 'Check before filing', width: 1 }], { bold: true, size: 9.5 });
    for (const c of r.checks) pdf.text(`•  ${c}`, { size: 8.5 });
  }
  pdf.space(5);
  pdf.rule();
  pdf.row(HEADER, { bold: true });
  pdf.rule();
  pdf.setPageHeader(HEADER, { bold: true });
  if (!r.lines.length) pdf.row([{ text: 'No miles or fuel in this quarter.', width: 1 }]);
  for (const l of r.lines) {
    pdf.row([
      { text: `${l.stateName} (${l.stateCode})`, width: 0.14 },
      numberCell(l.rate ?? 'no rate', 0.06),
      numberCell(num(l.totalMiles), 0.08),
      numberCell(num(l.taxableMiles), 0.08),
      numberCell(gal(l.taxableGallons), 0.08),
      numberCell(gal(l.taxPaidGallons), 0.08),
      numberCell(gal(l.netTaxableGallons), 0.08),
      amount(l.tax, 0.1),
      numberCell(l.surchargeRate && Number(l.surchargeRate) > 0 ? l.surchargeRate : '', 0.06),
      amount(l.surcharge, 0.1),
      amount(l.lineTotal, 0.14),
    ]);
    await pdf.breathe();
  }
  pdf.setPageHeader(null);
  pdf.rule();
  pdf.row(
    [
      { text: 'Totals', width: 0.2 },
      numberCell(num(r.lines.reduce((s, l) => s + l.totalMiles, 0)), 0.08),
      numberCell(num(r.lines.reduce((s, l) => s + l.taxableMiles, 0)), 0.08),
      numberCell(gal(r.totalTaxableGallons), 0.08),
      numberCell(gal(r.totalTaxPaidGallons), 0.08),
      { text: '', width: 0.08 },
      amount(r.totalTax, 0.1),
      { text: '', width: 0.06 },
      amount(r.totalSurcharge, 0.1),
      amount(r.grandTotal, 0.14),
    ],
    { bold: true },
  );
  pdf.space(8);
  const total = r.grandTotal === null ? 'cannot be computed yet (see the checks)' : Number(r.grandTotal) < 0 ? `${moneyOrDash(r.grandTotal)} (refund)` : moneyOrDash(r.grandTotal);
  pdf.text(`Grand total, filed on time: ${total}`, { bold: true, size: 11 });
  pdf.text('Late returns add interest per month on tax due and a penalty of the greater of $50 or 10 % of net tax due; subtract any credit from earlier quarters.', { size: 8 });
  pdf.space(8);
  pdf.text(`${IFTA_RETURN_TEXT.outOfScope} Rates: source IFTA, Inc.`, { size: 7.5 });
  return pdf.finish();
}
