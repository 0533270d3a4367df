import { z } from 'zod';
import { filterDate, filterId, filterYear, MAX_SMALL_ID, requiredId } from './fields';
import { defineRoute, onObject, ZTextReply } from './route-def';

/** Spec §9: the fuel and IFTA screens offer 2021 to 2026 (and later years as they arrive). */
export const accountingYearOptions = (today = new Date()) => {
  const years: number[] = [];
  for (let y = 2021; y <= Math.max(2026, today.getFullYear()); y++) years.push(y);
  return years;
};
export const QUARTERS = [1, 2, 3, 4] as const;

/** The quarter (1-4) of a 'YYYY-MM-DD' day. */
export const quarterOf = (day: string) => Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1;
/** First and last day of a quarter: [ '2025-07-01', '2025-09-30' ]. */
export function quarterDays(year: number, quarter: number): [string, string] {
  const first = new Date(Date.UTC(year, (quarter - 1) * 3, 1));
  const last = new Date(Date.UTC(year, quarter * 3, 0));
  return [first.toISOString().slice(0, 10), last.toISOString().slice(0, 10)];
}

const quarterField = () =>
  z
    .preprocess(
      (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
      z.number({ error: 'Choose a quarter from 1 to 4' }).int({ error: 'Choose a quarter from 1 to 4' }).min(0).max(4, { error: 'Choose a quarter from 1 to 4' }).optional(),
    )
    .transform((v) => (v ? v : null));

/** Spec §7 GetFuel / GetIftaMiles body: a week, or a year with an optional quarter (0 or blank: none). */
export const ZAccountingFilter = z.object({
  weekId: filterId(),
  quarter: quarterField(),
  year: filterYear(),
});
export type TAccountingFilter = z.input<typeof ZAccountingFilter>;

/** Products a fuel-card line is normalised to. IFTA counts tractor diesel only; the rest is kept for settlements. */
export const FUEL_PRODUCTS = {
  diesel: 'Diesel',
  def: 'DEF',
  reefer: 'Reefer fuel',
  gasoline: 'Gasoline',
  oil: 'Oil',
  cash_advance: 'Cash advance',
  fees: 'Fees',
  other: 'Other',
} as const;
export type TFuelProduct = keyof typeof FUEL_PRODUCTS;
export const FUEL_PRODUCT_KEYS = Object.keys(FUEL_PRODUCTS) as TFuelProduct[];

/** Spec §3 Fuel record (fuelDate, unitNumber, quantity, amount, fuelStateName) and what the card says besides. */
export const ZFuelRecord = z.object({
  fuelTransactionId: z.number(),
  /** 'YYYY-MM-DD' as printed on the receipt (local to the site). */
  fuelDate: z.string(),
  /** 'HH:mm' or null. */
  fuelTime: z.string().nullable(),
  unitNumber: z.string(),
  /** The driver whose unit this is in user admin, when one is. */
  driverId: z.number().nullable(),
  driverName: z.string().nullable(),
  /** US gallons, three decimals: '120.500'. */
  quantity: z.string(),
  /** Amount paid, decimal text: '421.63'. */
  amount: z.string(),
  /** Retail price per gallon, and the price paid per gallon after the discount. */
  unitPrice: z.string().nullable(),
  paidPrice: z.string().nullable(),
  discount: z.string().nullable(),
  currency: z.string(),
  fuelStateCode: z.string(),
  fuelStateName: z.string(),
  city: z.string().nullable(),
  location: z.string().nullable(),
  product: z.enum(FUEL_PRODUCT_KEYS as [TFuelProduct, ...TFuelProduct[]]),
  productName: z.string(),
  /** Tractor diesel: counts in IFTA. Everything else is kept and shown as non-IFTA. */
  isIfta: z.boolean(),
  /** Bought at retail with tax in the pump price: earns a tax-paid credit on the return. */
  taxPaid: z.boolean(),
  vendor: z.string(),
  cardLast4: z.string().nullable(),
  importId: z.number().nullable(),
  /** The closed settlement week the line is dated in ('12 of 2026'); null when its week is open or it has none. */
  closedWeek: z.string().nullable().optional(),
  /** Late fuel: the week it is deducted in instead of its date's ('13', or '1 of 2027' in another year). */
  lateWeek: z.string().nullable().optional(),
});
export type TFuelRecord = z.infer<typeof ZFuelRecord>;

/**
 * Late fuel: a card line dated in a closed week is imported (IFTA counts fuel by its date) and is
 * deducted in the first open week after it. The words the import, the statement and the Fuel page use.
 */
export const LATE_FUEL_TEXT = {
  /** The week a late line is deducted in, named from its closed week: the year only when it differs. */
  weekOf: (settle: { number: number; year: number }, from: { year: number }) => (settle.year === from.year ? `${settle.number}` : `${settle.number} of ${settle.year}`),
  previewNotice: (closedWeek: string, settleWeek: string) => `Dated in closed week ${closedWeek}: deducted as late fuel in week ${settleWeek}`,
  previewNoOpenWeek: (closedWeek: string) => `Dated in closed week ${closedWeek}: there is no open week after it to deduct it in; generate the work weeks first`,
  noOpenWeek: (closedWeek: string) =>
    `ERROR Fuel dated in closed week ${closedWeek} has no open week after it to be deducted in as late fuel. Generate the work weeks that follow it, then import the file again.`,
  previewSummary: (n: number) =>
    `${n.toLocaleString('en-US')} ${n === 1 ? 'line is' : 'lines are'} dated in closed weeks: imported, and deducted as late fuel in the next open week (marked below).`,
  /** The import's answer when some lines are late. */
  imported: (n: number) => `; ${n.toLocaleString('en-US')} dated in closed weeks ${n === 1 ? 'is' : 'are'} deducted as late fuel in the next open week`,
  /** A statement's fuel line that is late: the week it is dated in. */
  lateFrom: (number: number, year: number) => `Late fuel from week ${number} of ${year}`,
  inClosedWeek: (closedWeek: string) => `In closed week ${closedWeek}`,
  chip: (settleWeek: string) => `Late · week ${settleWeek}`,
} as const;

/**
 * What a capped fuel list advises: to choose a quarter only when none is chosen (issue 18); the
 * page's totals count every line whatever the list shows.
 */
export const FUEL_LIST_HINT = {
  noQuarter: 'Choose a quarter or a week to see the rest.',
  quarter: 'Choose a week to see the rest; the totals count every line.',
  week: 'The rest are not listed; the totals count every line.',
} as const;
export const fuelListHint = (filter: { weekId: number | null; quarter: number | null }) =>
  filter.weekId ? FUEL_LIST_HINT.week : filter.quarter ? FUEL_LIST_HINT.quarter : FUEL_LIST_HINT.noQuarter;

/**
 * The Fuel Import page's totals: summed in SQL over every line the filter selects (the list itself
 * stops at 5,000), with each product's share so that diesel, DEF, reefer fuel and cash advances and
 * fees are told apart. Gallons have three decimals, amounts two.
 */
export const ZFuelTotals = z.object({
  lines: z.number(),
  /** Tractor diesel: what IFTA counts. */
  iftaGallons: z.string(),
  amount: z.string(),
  byProduct: z.array(
    z.object({
      product: z.enum(FUEL_PRODUCT_KEYS as [TFuelProduct, ...TFuelProduct[]]),
      productName: z.string(),
      lines: z.number(),
      gallons: z.string(),
      amount: z.string(),
    }),
  ),
});
export type TFuelTotals = z.infer<typeof ZFuelTotals>;

/** Spec §3 IFTA miles (year, quarter, unitNumber, stateName, miles, createdOn) with total and taxable miles kept. */
export const ZIftaMiles = z.object({
  iftaMilesId: z.number(),
  year: z.number(),
  quarter: z.number(),
  unitNumber: z.string(),
  stateCode: z.string(),
  stateName: z.string(),
  /** Total miles, one decimal: '4212.4'. */
  miles: z.string(),
  taxableMiles: z.string(),
  source: z.string(),
  createdOn: z.string(),
  importId: z.number().nullable(),
  /** How many trips the row sums (a trip file keeps each trip with its date); 0 for a quarter's miles. */
  trips: z.number(),
});
export type TIftaMiles = z.infer<typeof ZIftaMiles>;

/** Spec §3 filter shapes: the IFTA report takes a week, a quarter, a state, a year and drivers. */
export const ZIftaReportFilter = ZAccountingFilter.extend({
  stateId: filterId(MAX_SMALL_ID),
  driverIdList: z
    .array(requiredId())
    .max(500)
    .nullish()
    .transform((v) => [...new Set(v ?? [])]),
  /** Any days instead of a week or quarter (both, or neither): miles of trips dated in them. */
  startDate: filterDate(),
  endDate: filterDate(),
}).refine((f) => !f.startDate || !f.endDate || f.startDate <= f.endDate, { error: 'The start date must be on or before the end date', path: ['endDate'] });
export type TIftaReportFilter = z.input<typeof ZIftaReportFilter>;

/** One row of the report: a unit in a state, or (summary) a state over every unit. */
export const ZIftaReportRow = z.object({
  /** Null on summary rows. */
  unitNumber: z.string().nullable(),
  stateCode: z.string(),
  stateName: z.string(),
  /** Whole miles and gallons, each rounded from unrounded sums (spec §9). */
  miles: z.number(),
  gallons: z.number(),
  /** Miles ÷ gallons to 2 decimals; null without fuel. */
  mpg: z.number().nullable(),
  /** Gallons bought tax-paid at retail in the state (whole). */
  taxPaidGallons: z.number(),
  /** Member of IFTA (Alaska, Hawaii and DC are not; their miles still count in MPG). */
  isIfta: z.boolean(),
});
export type TIftaReportRow = z.infer<typeof ZIftaReportRow>;

/** Spec §3 IFTA report: totals and rows; the checks a careful owner looks at beside it. */
export const ZIftaReport = z.object({
  totalGallons: z.number(),
  totalMiles: z.number(),
  averageMPG: z.number().nullable(),
  unitReports: z.array(ZIftaReportRow),
  /** Plain sentences: units with miles but no fuel, fuel in a state with no miles, MPG outside 4 to 10. */
  checks: z.array(z.string()),
  /** The period the figures cover, e.g. 'Q3 2025 (07/01/2025 - 09/30/2025)'. */
  period: z.string(),
});
export type TIftaReport = z.infer<typeof ZIftaReport>;

const fuelPage = (level: 'Read' | 'DenyDelete' | 'Write') => onObject('FuelImportPage', level);
const milesPage = (level: 'Read' | 'DenyDelete' | 'Write') => onObject('IftaMilesImportPage', level);
const reportPage = onObject('IftaReportPage', 'Read');

export const fuelRoutes = {
  getFuel: defineRoute({
    method: 'POST',
    path: '/api/Accounting/GetFuel',
    summary: 'Fuel-card transactions of a week, or a year and quarter (this year when none), newest first; at most 5,000 rows',
    tag: 'Fuel and IFTA',
    access: fuelPage('Read'),
    body: ZAccountingFilter,
    response: z.array(ZFuelRecord),
    list: { cap: 5000, noun: 'fuel lines', newest: true, hint: FUEL_LIST_HINT.noQuarter },
  }),
  getFuelTotals: defineRoute({
    method: 'POST',
    path: '/api/Accounting/GetFuelTotals',
    summary: 'Totals of every fuel-card line of a week, or a year and quarter (this year when none): lines, IFTA gallons, amount, and per product',
    tag: 'Fuel and IFTA',
    access: fuelPage('Read'),
    body: ZAccountingFilter,
    response: ZFuelTotals,
  }),
  getIftaMiles: defineRoute({
    method: 'POST',
    path: '/api/Accounting/GetIftaMiles',
    summary: 'IFTA miles per unit and jurisdiction of a year and quarter (this year when none)',
    tag: 'Fuel and IFTA',
    access: milesPage('Read'),
    body: ZAccountingFilter,
    response: z.array(ZIftaMiles),
    list: { cap: 20000, noun: 'miles rows', newest: true, hint: 'Choose a quarter to see the rest.' },
  }),
  getIftaReport: defineRoute({
    method: 'POST',
    path: '/api/Accounting/GetIftaReport',
    summary: 'Miles, gallons and MPG per unit and state for the period, with totals',
    tag: 'Fuel and IFTA',
    access: reportPage,
    body: ZIftaReportFilter,
    response: ZIftaReport,
  }),
  getIftaReportSummary: defineRoute({
    method: 'POST',
    path: '/api/Accounting/GetIftaReportSummary',
    summary: 'Miles, gallons and MPG per state over every selected unit, with totals',
    tag: 'Fuel and IFTA',
    access: reportPage,
    body: ZIftaReportFilter,
    response: ZIftaReport,
  }),
  getIftaDrivers: defineRoute({
    method: 'GET',
    path: '/api/Lookup/GetIftaDrivers',
    summary: "Drivers with a unit number, label '101 - Sam Carter', value the user id",
    tag: 'Lookups',
    access: reportPage,
    response: z.array(z.object({ label: z.string(), value: z.number(), unitNumber: z.string().nullable() })),
    list: { cap: 5000, noun: 'drivers' },
  }),
} as const;

// ---------------------------------------------------------------------------------------------
// A unit's quarter of miles, edited by hand on the IFTA Miles page

const milesAmount = (label: string) =>
  z
    .string({ error: `Enter the ${label}` })
    .trim()
    .regex(/^\d{1,9}(\.\d{1,3})?$/, { error: `Enter the ${label} as a number with at most 3 decimals` });

/** Which unit's quarter: the unit as stored (case does not matter). */
export const ZIftaMilesQuarterKey = z.object({
  year: z.coerce.number().int().min(2000, { error: 'Choose a year from 2000 to 2100' }).max(2100, { error: 'Choose a year from 2000 to 2100' }),
  quarter: z.coerce.number().int().min(1, { error: 'Choose a quarter from 1 to 4' }).max(4, { error: 'Choose a quarter from 1 to 4' }),
  unitNumber: z.string().trim().min(1, { error: 'Enter the unit' }).max(30, { error: 'At most 30 characters' }),
});

/** A unit's quarter of miles as a person enters it: it replaces every row (trips included) of the unit in the quarter. */
export const ZIftaMilesQuarterForm = ZIftaMilesQuarterKey.extend({
  states: z
    .array(
      z
        .object({
          stateCode: z.string().trim().toUpperCase().min(2, { error: 'Choose a state or province' }).max(3),
          miles: milesAmount('miles'),
          /** Blank: the same as the miles. */
          taxableMiles: milesAmount('taxable miles').or(z.literal('')).nullish(),
        })
        .refine((s) => !s.taxableMiles || Number(s.taxableMiles) <= Number(s.miles), {
          error: 'The taxable miles are more than the miles',
          path: ['taxableMiles'],
        }),
    )
    .min(1, { error: 'Enter the miles of at least one state (Delete removes the quarter)' })
    .max(80),
});
export type TIftaMilesQuarterForm = z.input<typeof ZIftaMilesQuarterForm>;

export const MILES_EDIT_TEXT = {
  saved: (unit: string, quarter: string, states: number, replaced: number) =>
    `Miles of unit ${unit} for ${quarter} saved: ${states} ${states === 1 ? 'state' : 'states'}${replaced ? `, replacing ${replaced} ${replaced === 1 ? 'row' : 'rows'}` : ''}`,
  deleted: (unit: string, quarter: string, rows: number) => `Miles of unit ${unit} for ${quarter} deleted: ${rows} ${rows === 1 ? 'row' : 'rows'}`,
  none: (unit: string, quarter: string) => `ERROR Unit ${unit} has no miles in ${quarter}`,
  unknownState: (code: string) => `ERROR "${code}" is not a US state or Canadian province`,
  twice: (code: string) => `ERROR ${code} is entered twice`,
  /** How the history names a change by hand. */
  historyName: (unit: string, quarter: string) => `Unit ${unit}, ${quarter}`,
  editedLayout: 'Edited by hand',
  enteredLayout: 'Entered by hand',
  deletedLayout: 'Deleted by hand',
  source: 'Entered by hand',
} as const;

export const milesEditRoutes = {
  saveIftaMilesQuarter: defineRoute({
    method: 'POST',
    path: '/api/Accounting/SaveIftaMilesQuarter',
    summary: "Replace a unit's miles of a quarter (every state, trips included) with the figures entered; the change is in the import history and can be undone",
    tag: 'Fuel and IFTA',
    access: milesPage('DenyDelete'),
    body: ZIftaMilesQuarterForm,
    response: ZTextReply,
  }),
  deleteIftaMilesQuarter: defineRoute({
    method: 'DELETE',
    path: '/api/Accounting/DeleteIftaMilesQuarter',
    summary: "Delete a unit's miles of a quarter (every state, trips included); the change is in the import history and can be undone",
    tag: 'Fuel and IFTA',
    access: milesPage('Write'),
    query: ZIftaMilesQuarterKey,
    response: ZTextReply,
  }),
} as const;
