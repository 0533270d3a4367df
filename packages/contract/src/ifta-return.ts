import { z } from 'zod';
import { MSG } from './messages';
import { defineRoute, MB, onObject, ZTextReply } from './route-def';

/**
 * The quarterly IFTA return worksheet (domain-notes §1): the quarter's tax-rate matrix as IFTA, Inc.
 * publishes it (uploaded by an administrator, kept per company and quarter), and per jurisdiction
 * the rate, miles, taxable gallons at fleet MPG, tax-paid and net taxable gallons, tax or credit,
 * surcharge and line total, with the grand total and the due date. Diesel only.
 */

/** §1.2: fleet MPG to 2 decimals, rounded half up or cut. */
export const MPG_ROUNDINGS = { round2: 'Round to 2 decimals (6.255 to 6.26)', trunc2: 'Cut to 2 decimals (6.259 to 6.25)' } as const;
/** §1.2: taxable and tax-paid gallons as whole gallons (half up) or to the thousandth. */
export const GALLONS_ROUNDINGS = { whole: 'Whole gallons, half up', thousandths: 'Three decimals' } as const;
export type TMpgRounding = keyof typeof MPG_ROUNDINGS;
export type TGallonsRounding = keyof typeof GALLONS_ROUNDINGS;

export const ZIftaReturnSettings = z.object({
  mpgRounding: z.enum(['round2', 'trunc2'], { error: 'Choose how fleet MPG is rounded' }),
  gallonsRounding: z.enum(['whole', 'thousandths'], { error: 'Choose how gallons are rounded' }),
  /** Printed on the worksheet's header; optional. */
  iftaAccountNumber: z
    .string({ error: MSG.required })
    .trim()
    .max(30, { error: 'At most 30 characters' })
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type TIftaReturnSettings = z.output<typeof ZIftaReturnSettings>;
export const DEFAULT_IFTA_RETURN_SETTINGS: TIftaReturnSettings = { mpgRounding: 'round2', gallonsRounding: 'whole', iftaAccountNumber: null };

const yearField = z.coerce
  .number({ error: 'Choose a year' })
  .int({ error: 'Choose a year' })
  .min(2000, { error: 'Choose a year from 2000 to 2100' })
  .max(2100, { error: 'Choose a year from 2000 to 2100' });
const quarterField = z.coerce
  .number({ error: 'Choose a quarter from 1 to 4' })
  .int({ error: 'Choose a quarter from 1 to 4' })
  .min(1, { error: 'Choose a quarter from 1 to 4' })
  .max(4, { error: 'Choose a quarter from 1 to 4' });

export const ZIftaQuarter = z.object({ year: yearField, quarter: quarterField });
export type TIftaQuarter = z.input<typeof ZIftaQuarter>;

/** One jurisdiction's line. Gallons and money are decimal text; a null figure cannot be computed yet (no rate or no MPG). */
export const ZIftaReturnLine = z.object({
  stateCode: z.string(),
  stateName: z.string(),
  /** US$ per US gallon, 4 decimals ('0.5240'); null when the matrix has no row for it. */
  rate: z.string().nullable(),
  surchargeRate: z.string().nullable(),
  /** Whole miles. */
  totalMiles: z.number(),
  taxableMiles: z.number(),
  taxableGallons: z.string().nullable(),
  taxPaidGallons: z.string(),
  netTaxableGallons: z.string().nullable(),
  /** Negative: a credit. */
  tax: z.string().nullable(),
  surcharge: z.string().nullable(),
  lineTotal: z.string().nullable(),
});
export type TIftaReturnLine = z.infer<typeof ZIftaReturnLine>;

export const ZIftaRateMatrixInfo = z.object({
  fileName: z.string(),
  jurisdictions: z.number(),
  /** The file says it holds sample rates: the worksheet must not be filed from it. */
  isSample: z.boolean(),
  uploadedOn: z.string(),
  uploadedBy: z.string().nullable(),
});

export const ZIftaReturn = z.object({
  year: z.number(),
  quarter: z.number(),
  /** 'Q3 2025 (07/01/2025 - 09/30/2025)'. */
  period: z.string(),
  /** 'YYYY-MM-DD': the last day of the month after the quarter, moved past a weekend. */
  dueDate: z.string(),
  licensee: z.string(),
  iftaAccountNumber: z.string().nullable(),
  fuelType: z.literal('Diesel'),
  /** Every mile of every unit, IFTA or not (whole). */
  totalMiles: z.number(),
  /** Every IFTA gallon bought (rounded as the settings say). */
  totalGallons: z.string(),
  /** Total miles ÷ total gallons, 2 decimals ('6.52'); null without fuel. */
  fleetMpg: z.string().nullable(),
  /** Miles outside IFTA (Alaska, Hawaii, DC, the territories): in fleet MPG, not on a line. */
  nonIftaMiles: z.number(),
  lines: z.array(ZIftaReturnLine),
  totalTaxableGallons: z.string().nullable(),
  totalTaxPaidGallons: z.string(),
  totalTax: z.string().nullable(),
  totalSurcharge: z.string().nullable(),
  /** Balance due (negative: a refund) when filed on time; null until every line has a rate. */
  grandTotal: z.string().nullable(),
  rates: ZIftaRateMatrixInfo.nullable(),
  /** The settings as saved (a plain shape: a reply schema has no transforms). */
  settings: z.object({ mpgRounding: z.enum(['round2', 'trunc2']), gallonsRounding: z.enum(['whole', 'thousandths']), iftaAccountNumber: z.string().nullable() }),
  /** Plain sentences to check before filing. */
  checks: z.array(z.string()),
});
export type TIftaReturn = z.infer<typeof ZIftaReturn>;

export const IFTA_RATES_FILES = { name: 'file', maxBytes: 2 * MB, maxFiles: 1, accept: ['.csv', '.txt'] } as const;

export const IFTA_RETURN_TEXT = {
  ratesSaved: (n: number, period: string) => `Tax rates for ${period} saved: ${n} jurisdictions`,
  sampleSaved: (n: number, period: string) =>
    `INFO Sample rates for ${period} saved (${n} jurisdictions). They are NOT real rates: upload the IFTA, Inc. matrix before filing.`,
  settingsSaved: 'Return settings saved successfully',
  noRates: (period: string) => `No tax-rate matrix is uploaded for ${period}: upload the quarter's matrix to compute the tax.`,
  sampleRates: 'The rates are the synthetic SAMPLE matrix, not real rates: do not file this return.',
  noRateFor: (names: string[]) => `The matrix has no diesel rate for ${names.join(', ')}: upload a complete matrix.`,
  noFuel: 'No IFTA fuel in the quarter: fleet MPG and taxable gallons cannot be computed.',
  nonIfta: (miles: string) => `${miles} miles in places outside IFTA count in fleet MPG but are not on a line.`,
  outOfScope: "Oregon's weight-mile tax, Kentucky's KYU, New Mexico's WDT and New York's HUT are separate taxes, not part of this return.",
} as const;

/** The due date of a quarter's return: Q1 → Apr 30, Q2 → Jul 31, Q3 → Oct 31, Q4 → Jan 31; a weekend moves to Monday. */
export function iftaDueDate(year: number, quarter: number): string {
  const d = new Date(Date.UTC(year, quarter * 3 + 1, 0));
  const dow = d.getUTCDay();
  if (dow === 6) d.setUTCDate(d.getUTCDate() + 2);
  if (dow === 0) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const reportPage = (level: 'Read' | 'Write') => onObject('IftaReportPage', level);

export const iftaReturnRoutes = {
  getIftaReturn: defineRoute({
    method: 'POST',
    path: '/api/Accounting/GetIftaReturn',
    summary: "The quarter's IFTA return worksheet per jurisdiction (diesel), with the grand total, due date and checks",
    tag: 'Fuel and IFTA',
    access: reportPage('Read'),
    body: ZIftaQuarter,
    response: ZIftaReturn,
  }),
  getIftaReturnCsv: defineRoute({
    method: 'GET',
    path: '/api/Accounting/IftaReturnCsv',
    summary: "The quarter's return worksheet as CSV",
    tag: 'Fuel and IFTA',
    access: reportPage('Read'),
    query: ZIftaQuarter,
    response: z.string(),
    file: 'csv',
  }),
  getIftaReturnPdf: defineRoute({
    method: 'GET',
    path: '/api/Accounting/IftaReturnPdf',
    summary: "The quarter's return worksheet as a printable PDF",
    tag: 'Fuel and IFTA',
    access: reportPage('Read'),
    query: ZIftaQuarter,
    response: z.string(),
    file: 'pdf',
  }),
  uploadIftaRates: defineRoute({
    method: 'POST',
    path: '/api/Accounting/UploadIftaRates',
    summary: "Upload a quarter's tax-rate matrix CSV as IFTA, Inc. publishes it; replaces that quarter's rates",
    tag: 'Fuel and IFTA',
    access: reportPage('Write'),
    upload: { fields: z.object({ Year: yearField, Quarter: quarterField }), files: IFTA_RATES_FILES },
    response: ZTextReply,
  }),
  saveIftaReturnSettings: defineRoute({
    method: 'POST',
    path: '/api/Accounting/IftaReturnSettings',
    summary: 'Save the rounding choices and the IFTA account number the worksheet uses',
    tag: 'Fuel and IFTA',
    access: reportPage('Write'),
    body: ZIftaReturnSettings,
    response: ZTextReply,
  }),
} as const;
