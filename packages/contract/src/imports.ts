import { z } from 'zod';
import { optionalId, requiredId } from './fields';
import { QUARTERS } from './fuel';
import type { TAccessType, TPermissibleObject } from './permissions';
import { defineRoute, IMPORT_FILE_TYPES, MB, onKindPage, onObject, type TUploadFiles, ZTextReply } from './route-def';

/**
 * The one import pipeline's contract: every file import (fuel cards, IFTA miles; board trips and
 * invoices next) uploads a file for a preview, may map the columns of an unknown layout (and save the
 * mapping as a preset), confirms to save the whole file in one transaction, and can be undone.
 * `loads` (a carrier's own loads spreadsheet) is mapped and its presets kept here, but the file is
 * read by the Load Import page (`UploadTrips`), whose lists are edited before they are saved.
 */
export const IMPORT_KINDS = ['fuel', 'miles', 'loads'] as const;
export type TImportKind = (typeof IMPORT_KINDS)[number];

/**
 * Every kind an import can be of in the history (and undone): the pipeline's kinds, and the board's
 * payment files (invoices), which are previewed and confirmed on the Invoice Import page for a week.
 */
export const IMPORT_HISTORY_KINDS = [...IMPORT_KINDS, 'invoice'] as const;
export type TImportHistoryKind = (typeof IMPORT_HISTORY_KINDS)[number];

export const IMPORT_KIND_LABEL: Record<TImportHistoryKind, string> = { fuel: 'fuel lines', miles: 'mileage rows', loads: 'loads', invoice: 'invoice lines' };

/** The page whose permissions an import of each kind needs. */
export const IMPORT_PAGE: Record<TImportHistoryKind, TPermissibleObject> = {
  fuel: 'FuelImportPage',
  miles: 'IftaMilesImportPage',
  loads: 'LoadImportPage',
  invoice: 'InvoiceImportPage',
};

export const IMPORT_LIMITS = { maxBytes: 25 * MB, maxRows: 250_000 } as const;

export const IMPORT_FILES: TUploadFiles = { name: 'files', maxBytes: IMPORT_LIMITS.maxBytes, maxFiles: 1, accept: IMPORT_FILE_TYPES };

const optionalQuarter = z.coerce
  .number()
  .int()
  .refine((v) => v === 0 || (QUARTERS as readonly number[]).includes(v), { error: 'Choose a quarter from 1 to 4' })
  .optional()
  .transform((v) => (v ? v : null));
const optionalYear = z.coerce
  .number()
  .int()
  .refine((v) => v === 0 || (v >= 2000 && v <= 2100), { error: 'Choose a year from 2000 to 2100' })
  .optional()
  .transform((v) => (v ? v : null));

/** Our field ← their column header. */
export const ZColumnMapping = z.record(z.string().max(60), z.string().max(200)).refine((m) => Object.keys(m).length <= 60, {
  error: 'Too many columns in the mapping',
});
export type TColumnMapping = z.infer<typeof ZColumnMapping>;

/** A miles file's unit → the fleet's unit it is (chosen in the preview). */
export const ZUnitMap = z.record(z.string().max(60), z.string().trim().max(60)).refine((m) => Object.keys(m).length <= 200, {
  error: 'Too many units in the mapping',
});

/** A JSON form part read with a schema; `message` when it is not JSON of that shape. */
const jsonPart = <T extends z.ZodType>(schema: T, message: string) =>
  z
    .string()
    .max(20_000)
    .optional()
    .transform((v, ctx): z.output<T> | null => {
      if (!v) return null;
      try {
        const parsed = schema.safeParse(JSON.parse(v));
        if (parsed.success) return parsed.data;
      } catch {
        /* refused below */
      }
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    });

/** The text parts of a preview upload. `mapping` is JSON text (a form part), `presetId` a saved mapping. */
export const ZImportUploadFields = z.object({
  kind: z.enum(IMPORT_KINDS, { error: 'Choose fuel, miles or loads' }),
  /** Miles files per quarter that do not say which one. */
  year: optionalYear,
  quarter: optionalQuarter,
  presetId: optionalId().transform((v) => (v ? v : null)),
  mapping: z
    .string()
    .max(20_000)
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      try {
        const parsed = ZColumnMapping.safeParse(JSON.parse(v));
        if (parsed.success) return parsed.data;
      } catch {
        /* refused below */
      }
      ctx.addIssue({ code: 'custom', message: 'The column mapping is not valid' });
      return z.NEVER;
    }),
  /** Miles: JSON text, a file's unit → a unit of the fleet. */
  unitMap: jsonPart(ZUnitMap, 'The unit mapping is not valid'),
});

/** One of our fields a column can be mapped to. */
export const ZImportField = z.object({ key: z.string(), label: z.string(), required: z.boolean(), hint: z.string().nullable() });

/** 'skipped': a row that is no record and no error (a blank line, a file's summary row), shown with why. */
export const IMPORT_ROW_STATUSES = ['new', 'duplicate', 'flagged', 'refused', 'skipped'] as const;
export type TImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

/** A row of the file as the preview shows it. */
export const ZImportPreviewRow = z.object({
  rowNumber: z.number(),
  status: z.enum(IMPORT_ROW_STATUSES),
  /** Why it is flagged, a duplicate or refused. */
  reason: z.string().nullable(),
  /** A duplicate's kind: a repeat of an earlier row of the same file, or a line imported before. */
  duplicateOf: z.enum(['file', 'stored']).optional(),
  /** Fuel dated in a closed settlement week: imported, and deducted as late fuel in a later open week (LATE_FUEL_TEXT). */
  late: z.string().nullable().optional(),
  /** Our fields as read, as text. */
  values: z.record(z.string(), z.string().nullable()),
});
export type TImportPreviewRow = z.infer<typeof ZImportPreviewRow>;

/** What an upload would do. Nothing is saved until Confirm. */
export const ZImportPreview = z.object({
  previewId: z.string(),
  kind: z.enum(IMPORT_KINDS),
  fileName: z.string(),
  /** The recognised layout or preset; null when the columns must be mapped first. */
  layout: z.string().nullable(),
  /** The file's header row and its first rows, for the mapping step. */
  headers: z.array(z.string()),
  sampleRows: z.array(z.array(z.string())),
  fields: z.array(ZImportField),
  mapping: ZColumnMapping.nullable(),
  rowsRead: z.number(),
  newRows: z.number(),
  duplicates: z.number(),
  /** Of the duplicates: records stored with other figures (Confirm with replace imports the file's instead). */
  changed: z.number(),
  /** Miles: units of the file the company does not know yet (flagged), and the units it knows, to map them to. */
  unknownUnits: z.array(z.string()),
  fleetUnits: z.array(z.string()),
  unitMap: ZUnitMap.nullable(),
  flagged: z.number(),
  refused: z.number(),
  /** Fuel rows dated in closed weeks: imported all the same, and deducted as late fuel (rows marked `late`). */
  late: z.number().optional(),
  /** Rows that are no record and no error, each listed with why. */
  skipped: z.number().optional(),
  /** The columns to show for `values`, in order. */
  columns: z.array(z.object({ key: z.string(), label: z.string() })),
  /** Up to 500 rows: refused first, then flagged, skipped, duplicates and new. The full report downloads as CSV. */
  rows: z.array(ZImportPreviewRow),
  /** A sentence for the person: what Confirm will do, or what must happen first. */
  summary: z.string(),
});
export type TImportPreview = z.infer<typeof ZImportPreview>;

export const ZImportRecord = z.object({
  importId: z.number(),
  kind: z.enum(IMPORT_HISTORY_KINDS),
  fileName: z.string(),
  layout: z.string(),
  rowsRead: z.number(),
  rowsAdded: z.number(),
  rowsDuplicate: z.number(),
  rowsFlagged: z.number(),
  rowsRefused: z.number(),
  createdBy: z.string().nullable(),
  createdOn: z.string(),
  undoneOn: z.string().nullable(),
  undoneBy: z.string().nullable(),
});
export type TImportRecord = z.infer<typeof ZImportRecord>;

export const ZImportPreset = z.object({
  presetId: z.number(),
  kind: z.enum(IMPORT_KINDS),
  name: z.string(),
  headers: z.array(z.string()),
  mapping: ZColumnMapping,
  createdOn: z.string(),
});
export type TImportPreset = z.infer<typeof ZImportPreset>;

export const ZImportPresetForm = z.object({
  kind: z.enum(IMPORT_KINDS),
  name: z.string().trim().min(1, { error: 'Name the preset' }).max(100, { error: 'At most 100 characters' }),
  headers: z.array(z.string().max(200)).min(1).max(200),
  mapping: ZColumnMapping,
});

export const IMPORT_TEXT = {
  imported: (n: number, kind: TImportHistoryKind) => `Imported ${n.toLocaleString('en-US')} ${IMPORT_KIND_LABEL[kind]}`,
  importedReplacing: (n: number, replaced: number, kind: TImportKind) =>
    `Imported ${n.toLocaleString('en-US')} ${IMPORT_KIND_LABEL[kind]}, replacing ${replaced.toLocaleString('en-US')} imported before with different figures`,
  nothingNew: 'INFO Nothing new in this file: every row is already imported',
  undone: (n: number) => `Import undone: ${n.toLocaleString('en-US')} rows removed`,
  undoneRestored: (n: number, restored: number) => `Import undone: ${n.toLocaleString('en-US')} rows removed, ${restored.toLocaleString('en-US')} rows it had replaced put back`,
  alreadyUndone: 'ERROR This import was already undone',
  previewGone: 'ERROR This preview has expired. Upload the file again.',
  interrupted: 'ERROR The import was interrupted before it was saved, and nothing was saved. Import the file again.',
  needsMapping: 'ERROR The columns of this file are not recognised. Map them on the import page, or save a preset first.',
  refusedRows: (rows: string[]) => `ERROR The file was not imported: ${rows.join('; ')}`,
  presetSaved: 'Preset saved successfully',
  presetDeleted: 'Preset deleted successfully',
  chooseQuarter: 'ERROR Choose the year and quarter of this mileage file',
  loadsOnLoadImport: 'ERROR A loads spreadsheet is read on the Load Import page, where its loads are checked before they are saved',
  invoiceOnInvoiceImport: 'ERROR A payment file is imported on the Invoice Import page, for its work week',
} as const;

const kindQuery = z.object({ kind: z.enum(IMPORT_KINDS, { error: 'Choose fuel, miles or loads' }) });
const historyKindQuery = z.object({ kind: z.enum(IMPORT_HISTORY_KINDS, { error: 'Choose fuel, miles, loads or invoice' }) });

/**
 * An import route's access: each kind's own page (IMPORT_PAGE) at a level, the kind read `from` the
 * request or the row it names. Read lists a kind's imports and presets, DenyDelete previews, confirms
 * and saves presets, Write undoes an import or deletes a preset. The server checks the kind's page
 * (its import target's) once it knows the kind.
 */
const importAccess = (level: TAccessType, from: string, kinds: readonly TImportHistoryKind[] = IMPORT_HISTORY_KINDS) => onKindPage(IMPORT_PAGE, kinds, from, level);

export const importRoutes = {
  preview: defineRoute({
    method: 'POST',
    path: '/api/Imports/Preview',
    summary: 'Upload a file: what importing it would add, skip, flag and refuse, row by row. Nothing is saved.',
    tag: 'Imports',
    access: importAccess('DenyDelete', 'form field kind', IMPORT_KINDS),
    upload: { fields: ZImportUploadFields, files: IMPORT_FILES },
    response: ZImportPreview,
  }),
  confirm: defineRoute({
    method: 'POST',
    path: '/api/Imports/Confirm',
    summary: 'Save a previewed file whole, in one transaction (refused rows are reported, never saved)',
    tag: 'Imports',
    access: importAccess('DenyDelete', 'the kept preview'),
    body: z.object({
      previewId: z.string().trim().min(1).max(64),
      /** Replace the stored figures the file changes ("already imported with different figures"). */
      replace: z.boolean().optional().default(false),
    }),
    response: ZTextReply,
  }),
  report: defineRoute({
    method: 'GET',
    path: '/api/Imports/Report',
    summary: "A preview's full row report as CSV",
    tag: 'Imports',
    access: importAccess('DenyDelete', 'the kept preview'),
    query: z.object({ previewId: z.string().trim().min(1).max(64) }),
    response: z.string(),
    file: 'csv',
  }),
  history: defineRoute({
    method: 'GET',
    path: '/api/Imports',
    summary: 'Imports of a kind, newest first: file, layout, who, when and counts',
    tag: 'Imports',
    access: importAccess('Read', 'query kind'),
    query: historyKindQuery,
    response: z.array(ZImportRecord),
    list: { cap: 200, noun: 'imports', newest: true, hint: 'Older imports are not listed.' },
  }),
  undo: defineRoute({
    method: 'DELETE',
    path: '/api/Imports',
    summary: 'Undo an import: removes exactly the rows it added',
    tag: 'Imports',
    access: importAccess('Write', 'the import'),
    query: z.object({ id: requiredId() }),
    response: ZTextReply,
  }),
  presets: defineRoute({
    method: 'GET',
    path: '/api/Imports/Presets',
    summary: "The company's saved column mappings of a kind",
    tag: 'Imports',
    access: importAccess('Read', 'query kind', IMPORT_KINDS),
    query: kindQuery,
    response: z.array(ZImportPreset),
    list: { cap: 200, noun: 'presets' },
  }),
  savePreset: defineRoute({
    method: 'POST',
    path: '/api/Imports/Presets',
    summary: 'Save a column mapping under a name; files with the same header are recognised next time',
    tag: 'Imports',
    access: importAccess('DenyDelete', 'body kind', IMPORT_KINDS),
    body: ZImportPresetForm,
    response: ZTextReply,
  }),
  deletePreset: defineRoute({
    method: 'DELETE',
    path: '/api/Imports/Presets',
    summary: 'Delete a saved column mapping',
    tag: 'Imports',
    access: importAccess('Write', 'the preset', IMPORT_KINDS),
    query: z.object({ id: requiredId() }),
    response: ZTextReply,
  }),
  /** Spec §7: import in one call, for scripts and other clients. */
  importFuel: defineRoute({
    method: 'POST',
    path: '/api/Accounting/ImportFuel/',
    summary: 'Import a fuel-card file in a recognised layout (or a saved preset) whole, or refuse it whole',
    tag: 'Fuel and IFTA',
    access: onObject(IMPORT_PAGE.fuel, 'DenyDelete'),
    upload: { fields: z.object({ presetId: ZImportUploadFields.shape.presetId }), files: IMPORT_FILES },
    response: ZTextReply,
  }),
  importIftaMiles: defineRoute({
    method: 'POST',
    path: '/api/Accounting/ImportIftaMiles/',
    summary: 'Import an IFTA mileage file for a year and quarter whole, or refuse it whole',
    tag: 'Fuel and IFTA',
    access: onObject(IMPORT_PAGE.miles, 'DenyDelete'),
    upload: {
      fields: z.object({ Year: optionalYear, Quarter: optionalQuarter, presetId: ZImportUploadFields.shape.presetId }),
      files: IMPORT_FILES,
    },
    response: ZTextReply,
  }),
} as const;
