/**
 * The one import pipeline's core: pure reading and checking, no HTTP and no database.
 *
 * - `previewImport({ file, kind, mapping?, presets?, existingKeys?, period?, sheet? })` reads a CSV or
 *   XLSX upload (streaming), recognises the vendor layout from its header (or uses the column mapping
 *   or a saved preset) and answers the preview: `layout`, `rowsRead`, `records` (new, to save on
 *   confirm, flagged ones included), `duplicates` (in the file or already stored, by natural key),
 *   `flagged`, `refused` ('Row 14: the date "13/45/2025" is not a date'), `skipped` (summary rows).
 *   A file in an unknown layout answers `unknown` (headers, first 5 rows, our mappable fields) instead.
 *   File-level problems (empty, not CSV/XLSX, no header, over 25 MB or 250,000 rows, a row over 64 KB
 *   or 1,000 columns, a workbook that inflates past its caps, a file of another kind) throw an
 *   `AppError` whose message starts with 'ERROR'; a row with more cells than the header is refused.
 * - `reportCsv(preview)` is the downloadable report; `previewSummary(preview)` the toast text
 *   ('INFO Nothing new to import…' when the whole file was imported before).
 * - `naturalKey(record)` and `recordFingerprint(record)` are what the integrator stores with each
 *   saved row so a later preview can pass them back as `existingKeys`.
 * - `layoutFromMapping(kind, mapping, name)` checks a mapping before it is saved as a preset;
 *   `MAPPABLE_FIELDS` lists our fields for the mapping step; `LAYOUTS` the recognised vendor layouts.
 * - `openTable`/`readRawRows` and the value readers in `values.ts` are exported for other imports
 *   (loads, the IFTA rate matrix) that need rows or values without a layout.
 */
export {
  fuelKey,
  fuelRecordKey,
  isMappableKind,
  LAYOUTS,
  layoutFromMapping,
  layoutsOf,
  MAPPABLE_FIELDS,
  naturalKey,
  normaliseProduct,
  ROW_TEXT,
  type TColumnMapping,
  type TFieldInfo,
  type TFuelIdentity,
  type TFuelProduct,
  type TFuelRecord,
  type TImportKind,
  type TImportRecord,
  type TLayout,
  type TLoadRecord,
  type TMappableKind,
  type TMilesRecord,
  type TPaymentRecord,
  type TPeriod,
  type TTripRecord,
  type TTripStop,
} from './layouts';
export {
  describeRecord,
  PREVIEW_TEXT,
  presetFits,
  previewImport,
  previewSummary,
  recordFingerprint,
  reportCsv,
  type TPreview,
  type TPreviewDuplicate,
  type TPreviewInput,
  type TPreviewLayout,
  type TPreviewProblem,
  type TPreviewRecord,
  type TSavedPreset,
  type TStoredImport,
} from './preview';
export { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, normaliseHeader, openTable, READ_TEXT, readRawRows, type TFileInput, type TRawRow } from './read';
export {
  CANADIAN_JURISDICTIONS,
  parseDate,
  parseDateTime,
  parseJurisdiction,
  parseMoney,
  parsePrice,
  parseQuantity,
  parseTime,
  quarterOf,
  type TJurisdiction,
} from './values';
