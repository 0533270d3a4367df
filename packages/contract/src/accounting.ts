import { z } from 'zod';
import { ZBrokerForm } from './brokers';
import { editId, idInput, MAX_ID, requiredId, requiredNumber } from './fields';
import { IMPORT_FILES, ZImportField, ZImportUploadFields } from './imports';
import { ZAcceptDatesField, ZInvoiceConfirm, ZInvoicePreview } from './invoice-import';
import { LOAD_TEXT, ZLoadForm } from './loads';
import { MSG } from './messages';
import { defineRoute, onObject, ZTextReply } from './route-def';

/**
 * Accounting against the external load board: the board's payment-details file (its invoice) is
 * imported per work week and compared with the loads on our board (spec §3 Invoice comparison,
 * §7 `ImportInvoice`, `CompareInvoice`).
 */

export const INVOICE_TEXT = {
  imported: 'Invoice Imported Successfully',
  nothingNew: 'INFO Nothing new in this invoice: every line is already imported',
  notInvoice: 'ERROR This file is not a payment-details export of the load board',
  boardUnavailable: (why: string) => `ERROR The load board could not be read (${why}): upload its payment details file instead`,
} as const;

/**
 * One row of a comparison (spec §3): amounts are exact decimal strings; null on the side that has
 * no such load. `difference` is invoice minus board. `note` says why a row sits where it does.
 */
export const ZInvoiceComparisonLine = z.object({
  loadNumber: z.string(),
  invoicePayout: z.string().nullable(),
  boardPayout: z.string().nullable(),
  difference: z.string(),
  note: z.string().nullable(),
});
export type TInvoiceComparisonLine = z.infer<typeof ZInvoiceComparisonLine>;

/** The comparison's sections, in the order they are shown. */
export const INVOICE_SECTIONS = ['matched', 'payDifferences', 'loadsMissingInInvoice', 'paidNextWeek', 'loadsMissingInBoard', 'otherWeeks', 'adjustments'] as const;
export type TInvoiceSectionKey = (typeof INVOICE_SECTIONS)[number];

/**
 * One section's totals: what it holds of the invoice total and of the board total, and its part of
 * the difference. Every invoice line and every board load of the week is in exactly one section, so
 * the sections' differences add up to the difference shown (and their invoice and board amounts to
 * the two totals).
 */
export const ZInvoiceSection = z.object({
  key: z.enum(INVOICE_SECTIONS),
  label: z.string(),
  lines: z.number(),
  invoice: z.string(),
  board: z.string(),
  difference: z.string(),
});
export type TInvoiceSection = z.infer<typeof ZInvoiceSection>;

/** A dispute or adjustment line of the invoice: listed apart, never matched to a load. */
export const ZInvoiceAdjustment = z.object({
  itemType: z.string(),
  tripId: z.string(),
  loadId: z.string(),
  amount: z.string(),
  comments: z.string(),
});
export type TInvoiceAdjustment = z.infer<typeof ZInvoiceAdjustment>;

export const ZInvoiceComparison = z.object({
  weekId: z.number(),
  /** Invoice lines (summed per load) with no load on the board. */
  loadsMissingInBoard: z.array(ZInvoiceComparisonLine),
  /** Board loads of the week that the invoice does not pay (and that are not due next week). */
  loadsMissingInInvoice: z.array(ZInvoiceComparisonLine),
  /** Beyond the spec: loads of the week on both sides whose pay differs (or cancelled on the board, but paid). */
  payDifferences: z.array(ZInvoiceComparisonLine),
  /**
   * Paid by this invoice for loads the board holds in other work weeks (a trip is paid in the week
   * its last stop completes). The board total is this week's loads, so each counts in full in the
   * difference: `boardPayout` is null and the note names the load's week and payout there.
   */
  otherWeeks: z.array(ZInvoiceComparisonLine),
  /** Board loads of the week whose last stop completes after the pay week in Pacific time: paid on the next invoice. */
  paidNextWeek: z.array(ZInvoiceComparisonLine),
  /** Disputes and adjustments, apart. */
  adjustments: z.array(ZInvoiceAdjustment),
  /** Loads on both sides with the same pay. */
  matched: z.number(),
  totals: z.object({
    /** Every invoice line of the week (duplicates once, summary row never). */
    invoice: z.string(),
    /** Of which load and tour lines. */
    invoiceLoads: z.string(),
    /** Of which disputes and adjustments. */
    adjustments: z.string(),
    /** The payout of the week's board loads. */
    board: z.string(),
    /** Invoice minus board. */
    difference: z.string(),
  }),
  /** A totals line per section, adding up to `totals`. */
  sections: z.array(ZInvoiceSection),
  /** How many invoice lines are stored for the week; 0 means no invoice was imported yet. */
  invoiceLines: z.number(),
  /** The pay week (Sunday to Saturday) the week's invoice covers. */
  payWeekStart: z.string(),
  payWeekEnd: z.string(),
});
export type TInvoiceComparison = z.infer<typeof ZInvoiceComparison>;

const weekQuery = z.object({ weekId: requiredId() });

export const invoiceRoutes = {
  importInvoice: defineRoute({
    method: 'POST',
    path: '/api/Accounting/ImportInvoice/',
    summary: "Import the board's payment-details file (CSV, or XLSX with its 'Payment Details' sheet) for a work week; lines already imported are skipped",
    tag: 'Accounting',
    access: onObject('InvoiceImportPage', 'DenyDelete'),
    upload: { fields: z.object({ WeekId: requiredId(), AcceptDates: ZAcceptDatesField }), files: { ...IMPORT_FILES, name: 'File' } },
    response: ZTextReply,
  }),
  previewInvoice: defineRoute({
    method: 'POST',
    path: '/api/Accounting/ImportInvoice/Preview',
    summary: "Upload the board's payment file for a work week: its new, duplicate and refused lines, and its dates against the week's pay period. Nothing is saved.",
    tag: 'Accounting',
    access: onObject('InvoiceImportPage', 'DenyDelete'),
    upload: { fields: z.object({ WeekId: requiredId() }), files: { ...IMPORT_FILES, name: 'File' } },
    response: ZInvoicePreview,
  }),
  confirmInvoice: defineRoute({
    method: 'POST',
    path: '/api/Accounting/ImportInvoice/Confirm',
    summary: 'Save a previewed payment file whole, for its week (lines dated outside the pay period only when their dates are accepted)',
    tag: 'Accounting',
    access: onObject('InvoiceImportPage', 'DenyDelete'),
    body: ZInvoiceConfirm,
    response: ZTextReply,
  }),
  importInvoiceFromBoard: defineRoute({
    method: 'POST',
    path: '/api/Accounting/ImportInvoiceFromBoard',
    summary: "Import the week's payment details straight from the load board (its export for the pay week), through the company's stored session",
    tag: 'Accounting',
    access: onObject('InvoiceImportPage', 'DenyDelete'),
    body: z.object({ weekId: requiredId() }),
    response: ZTextReply,
  }),
  compareInvoice: defineRoute({
    method: 'GET',
    path: '/api/Accounting/CompareInvoice',
    summary: "The week's invoice against the board: loads missing on either side, pay differences, next-week payments, adjustments and totals",
    tag: 'Accounting',
    access: onObject('InvoiceImportPage', 'Read'),
    query: weekQuery,
    response: ZInvoiceComparison,
  }),
  compareInvoiceCsv: defineRoute({
    method: 'GET',
    path: '/api/Accounting/CompareInvoice/Export',
    summary: 'The comparison of a week as CSV',
    tag: 'Accounting',
    access: onObject('InvoiceImportPage', 'Read'),
    query: weekQuery,
    response: z.string(),
    file: 'csv',
  }),
} as const;

// ---------------------------------------------------------------------------------------------
// Load import (spec §2 accounting/load-import, §7 `GET /api/Accounting?id=`, `SaveImportedLoads`)

/** Where Load Import reads a week's trips: the board live, or the trips file uploaded last. */
export const TRIPS_SOURCES = ['board', 'file'] as const;
export type TTripsSource = (typeof TRIPS_SOURCES)[number];

export const LOAD_IMPORT_TEXT = {
  imported: (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'load' : 'loads'} imported successfully`,
  nothingToImport: 'ERROR Choose at least one load to import',
  noTrips: "ERROR No trips file for this company yet: upload the board's trips export (TRIPS.csv) for the week",
  notTrips: "ERROR This file is not the board's trips export (TRIPS.csv)",
  boardBroker: 'Amazon Relay',
  noBoard: 'ERROR The board cannot be read now: no working session is stored (Cookie Admin). Upload the trips file instead',
  mapColumns: "The columns of this file are not the board's trips export: map them to our fields, then read the file again.",
  /** Why a row of the file is not in the chosen week's lists. */
  outsideWeek: (day: string, week: { number: number; startDate: string; endDate: string }) =>
    `dated ${day}, outside week ${week.number} (${week.startDate} – ${week.endDate})`,
  /** The refusal of a save whose rows still need a broker or a driver chosen. */
  unresolved: (rows: string[], more: number) =>
    `ERROR Choose a broker or driver first: ${rows.join('; ')}${more ? ` and ${more.toLocaleString('en-US')} more` : ''}`,
  needsBroker: (loadNumber: string, read: string) => `${loadNumber} needs a broker (${read ? `"${read}" is not one of yours` : 'the file names none'})`,
  needsDriver: (loadNumber: string, read: string) => `${loadNumber} needs a driver ("${read}" is not one of yours)`,
  createNeedsBrokerAdmin: 'Creating a broker needs edit access to broker administration: choose an existing broker',
  /** What a save did, when it did more than import every row: skipped and refused rows, brokers created. */
  result: (p: { imported: number; created: string[]; skipped: number; refused: string[] }) => {
    const n = (k: number) => k.toLocaleString('en-US');
    const parts = [`${n(p.imported)} ${p.imported === 1 ? 'load' : 'loads'} imported`];
    if (p.created.length) parts.push(`${p.created.length === 1 ? 'broker' : 'brokers'} ${p.created.join(', ')} created`);
    if (p.skipped) parts.push(`${n(p.skipped)} skipped (outside the week)`);
    if (p.refused.length) {
      const shown = p.refused.slice(0, 3).join('; ');
      parts.push(`${n(p.refused.length)} refused (${shown}${p.refused.length > 3 ? '; …' : ''})`);
    }
    return `INFO ${parts.join(', ')}`;
  },
} as const;

/** How a row's broker was found: by its exact name, by its name normalised (case, spacing, punctuation, LLC/Inc), by MC number, the board itself (its trips), or not at all. */
export const BROKER_MATCHES = ['exact', 'name', 'mc', 'board', 'none'] as const;
export type TBrokerMatch = (typeof BROKER_MATCHES)[number];
/** How a row's drivers were found: by exact name, by name normalised, by unit number, not at all, or the file names none. */
export const DRIVER_MATCHES = ['exact', 'name', 'unit', 'none', 'absent'] as const;
export type TDriverMatch = (typeof DRIVER_MATCHES)[number];
/** What a row needs before it can be saved. */
export const IMPORT_NEEDS = ['broker', 'driver'] as const;
export type TImportNeed = (typeof IMPORT_NEEDS)[number];

/**
 * A board trip as a load of our board: the load form's fields (spec §3 Load) with names for the
 * lists, the board's ids, and what the person should check before importing (`note`).
 */
export const ZImportedLoad = z.object({
  loadId: z.number(),
  loadNumber: z.string(),
  tripId: z.string(),
  boardLoadIds: z.array(z.string()),
  brokerId: z.number(),
  brokerName: z.string(),
  loadStartDate: z.string(),
  loadEndDate: z.string(),
  weekId: z.number(),
  originStateId: z.number().nullable(),
  originCity: z.string(),
  originStateName: z.string(),
  destinationStateId: z.number().nullable(),
  destinationCity: z.string(),
  destinationStateName: z.string(),
  tripLength: z.number(),
  numberOfStops: z.number(),
  pricePerMile: z.number(),
  /** Exact to the cent. */
  payout: z.number(),
  loadStatusId: z.number(),
  loadStatusName: z.string(),
  loadDrivers: z.array(z.number()),
  loadDriverNames: z.string(),
  isDispute: z.boolean(),
  comments: z.string().nullable(),
  /** The board's own status: Completed or Scheduled. */
  boardStatus: z.string(),
  /** What could not be read from the file and must be filled in ('Facility XYZ1 is not known'). */
  note: z.string().nullable(),
  /** The day the file dates the load, as written (it decides the work week). */
  startDay: z.string(),
  /** The broker as the file names it ('' when it names none); brokerId is 0 when it matched none. */
  brokerRead: z.string(),
  brokerMatch: z.enum(BROKER_MATCHES),
  /** The driver (or unit) as the file names it ('' when it names none). */
  driverRead: z.string(),
  driverMatch: z.enum(DRIVER_MATCHES),
  /** 'broker': no broker of the company matched; 'driver': the file names a driver no driver of the company matches. */
  needs: z.array(z.enum(IMPORT_NEEDS)),
});
export type TImportedLoad = z.infer<typeof ZImportedLoad>;

/**
 * A file that is neither the board's trips export nor a loads sheet of a saved preset: its header,
 * first rows and our fields, for the column mapping step (the same one as the fuel and miles imports).
 */
export const ZLoadsMappingStep = z.object({
  headers: z.array(z.string()),
  sampleRows: z.array(z.array(z.string())),
  fields: z.array(ZImportField),
});
export type TLoadsMappingStep = z.infer<typeof ZLoadsMappingStep>;

export const ZLoadImport = z.object({
  newLoads: z.array(ZImportedLoad),
  existingLoads: z.array(ZImportedLoad),
  /** Where the lists come from: the trips file's name and when it was uploaded. */
  source: z.string(),
  /** Rows of the file that could not be read ('Row 4: the date "13/45" is not a date'): refused. */
  problems: z.array(z.string()),
  /** Rows of the file dated outside the chosen week, with the reason. */
  skipped: z.array(z.object({ loadNumber: z.string(), reason: z.string() })),
  /** Set (with empty lists) when the uploaded file's columns must be mapped first. */
  mappingStep: ZLoadsMappingStep.nullable(),
});
export type TLoadImport = z.infer<typeof ZLoadImport>;

/** The broker id of a listed load whose broker is the board itself before the company has that
 * broker: reading a week writes nothing, so it is created when the loads are saved. */
export const BOARD_BROKER_ID = 0;

/** Spec §5: the load form, with payout required on import; broker BOARD_BROKER_ID is the board. */
export const ZImportLoadForm = ZLoadForm.safeExtend({
  brokerId: z.preprocess(idInput, z.number({ error: MSG.required }).int({ error: MSG.required }).min(0, { error: MSG.required }).max(MAX_ID, { error: 'Not a known id' })),
  payout: requiredNumber({ max: 10_000_000 }),
});
export type TImportLoadForm = z.input<typeof ZImportLoadForm>;

/**
 * A row to save: the import form, where the broker may still be 0 (chosen below by the name the file
 * gave, `brokerRead`) and the drivers empty (chosen below by `driverRead`).
 */
export const ZImportLoadRow = z
  .object({
    ...ZImportLoadForm.shape,
    brokerId: editId(),
    brokerRead: z.string().trim().max(200).default(''),
    driverRead: z.string().trim().max(200).default(''),
  })
  .refine((l) => l.loadEndDate >= l.loadStartDate, { error: LOAD_TEXT.endBeforeStart, path: ['loadEndDate'] });
export type TImportLoadRow = z.input<typeof ZImportLoadRow>;

/** The least a broker created from the import needs: the broker form's required fields and the MC number. */
export const ZImportNewBroker = ZBrokerForm.pick({
  brokerName: true,
  brokerAddress: true,
  brokerCity: true,
  brokerStateId: true,
  brokerZipCode: true,
  phoneNumber: true,
  email: true,
  mcNumber: true,
});
export type TImportNewBroker = z.input<typeof ZImportNewBroker>;

/** For one broker name the file gave that matched none: an existing broker (`brokerId`), or a new one (`create`). */
export const ZImportBrokerChoice = z.object({
  name: z.string().trim().max(200),
  brokerId: editId(),
  create: ZImportNewBroker.nullable().default(null),
});
export type TImportBrokerChoice = z.input<typeof ZImportBrokerChoice>;

/** For one driver name the file gave that matched none: an existing driver, or no driver (null). */
export const ZImportDriverChoice = z.object({ name: z.string().trim().max(200), driverId: requiredId().nullable() });
export type TImportDriverChoice = z.input<typeof ZImportDriverChoice>;

export const ZSaveImportedLoads = z.object({
  loads: z.array(ZImportLoadRow).max(1000, { error: 'At most 1,000 loads at once' }),
  brokers: z.array(ZImportBrokerChoice).max(1000).default([]),
  drivers: z.array(ZImportDriverChoice).max(1000).default([]),
  /** The preview's skipped and refused rows, counted in the reply. */
  skipped: z.array(z.string().max(500)).max(100_000).default([]),
  refused: z.array(z.string().max(500)).max(100_000).default([]),
});
export type TSaveImportedLoads = z.input<typeof ZSaveImportedLoads>;
export type TSaveImportedLoadsOutput = z.output<typeof ZSaveImportedLoads>;

export const loadImportRoutes = {
  getLoadImport: defineRoute({
    method: 'GET',
    path: '/api/Accounting',
    summary:
      "The board's trips of a week: new loads and loads already on the board. `source`: `board` reads the board live through the company's session, `file` the trips file uploaded last; without it, the board when a session works, else the file",
    tag: 'Accounting',
    access: onObject('LoadImportPage', 'Read'),
    query: z.object({ id: requiredId(), source: z.enum(TRIPS_SOURCES, { error: 'Choose board or file' }).optional() }),
    response: ZLoadImport,
  }),
  uploadTrips: defineRoute({
    method: 'POST',
    path: '/api/Accounting/UploadTrips',
    summary:
      "Upload the board's trips export (TRIPS.csv or XLSX), or any loads spreadsheet through a column mapping (`mapping`, JSON: our field ← their column, or a saved `presetId` of kind loads), and answer a week's new and existing loads from it. A file in neither layout answers its headers and our fields (`mappingStep`)",
    tag: 'Accounting',
    access: onObject('LoadImportPage', 'DenyDelete'),
    upload: {
      fields: z.object({ WeekId: requiredId(), presetId: ZImportUploadFields.shape.presetId, mapping: ZImportUploadFields.shape.mapping }),
      files: { ...IMPORT_FILES, name: 'File' },
    },
    response: ZLoadImport,
  }),
  saveImportedLoads: defineRoute({
    method: 'POST',
    path: '/api/Accounting/SaveImportedLoads',
    summary:
      'Save the new loads in one transaction, with the choices for the broker and driver names that matched none (an existing broker, a broker to create, a driver or none); a row still without a broker or driver, or a load number already on the board, refuses the whole list',
    tag: 'Accounting',
    access: onObject('LoadImportPage', 'DenyDelete'),
    body: ZSaveImportedLoads,
    response: ZTextReply,
  }),
} as const;
