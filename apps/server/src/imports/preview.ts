import { createHash } from 'node:crypto';
import { formatMoney, usDate } from '@haulboard/contract';
import { csvText } from '../files/csv-writer';
import { refuse } from '../lib/errors';
import {
  isMappableKind,
  LAYOUTS,
  layoutFromMapping,
  MAPPABLE_FIELDS,
  naturalKey,
  rowReader,
  type TColumnMapping,
  type TFieldInfo,
  type TImportKind,
  type TImportRecord,
  type TLayout,
  type TMilesRecord,
  type TPeriod,
} from './layouts';
import { normaliseHeader, openTable, type TFileInput, type TReadOptions } from './read';

/**
 * The preview of an import: every row of the file read through its layout and sorted into new
 * records (flagged ones included: they are saved, with their reason), duplicates (repeated in the file
 * or already stored, by natural key), refusals (row number and reason; a refused row never stops the
 * rest) and skipped rows (a summary line). Nothing is saved here: the caller saves `records` in one
 * transaction when the person confirms. Mileage is kept at the file's grain: a quarter's miles per
 * unit and jurisdiction, or each trip with its date (docs/decisions/016).
 */

export type TSavedPreset = { name: string; kind: TImportKind; mapping: TColumnMapping };

/** The import that stored a record: the day it was imported ('YYYY-MM-DD') and its file's name. */
/** What is known of a stored key: the import that stored it (its day and file), and its figures' fingerprint. */
export type TStoredImport = { importedOn?: string; fileName?: string; fingerprint?: string };

export type TPreviewInput = {
  file: TFileInput;
  kind: TImportKind;
  /** Our field ← their column, chosen in the mapping step for a file in an unknown layout. */
  mapping?: TColumnMapping;
  /** The company's saved mappings, recognised by their headers like the vendor layouts. */
  presets?: readonly TSavedPreset[];
  /** Natural keys already stored for the company; a map also gives each stored record's fingerprint, to tell a changed re-import. */
  existingKeys?: ReadonlySet<string> | ReadonlyMap<string, string>;
  /**
   * Which of these keys are already stored: asked once per batch of new records, so a company's
   * stored keys need not all be held in memory (instead of `existingKeys`). A map also says which
   * import stored each (its day and file), for the notice "already imported on <date> in <file>".
   */
  storedKeys?: (keys: string[]) => Promise<ReadonlySet<string> | ReadonlyMap<string, TStoredImport | null>>;
  /** A stored record with other figures is new again (it replaces the stored one) instead of a duplicate. */
  replaceChanged?: boolean;
  /** Miles: the units the company knows (upper case); a record of another unit is flagged. */
  knownUnits?: ReadonlySet<string>;
  /** Miles: a file's unit (as written, or upper case) → the fleet's unit it is. */
  unitMap?: Readonly<Record<string, string>>;
  /** The year and quarter chosen for a miles import (rows of another quarter are refused). */
  period?: TPeriod;
  /**
   * Streams the new records (flagged ones included), in batches of `STREAM_BATCH`, to whoever saves
   * them, instead of keeping them: with `keep`, memory stays flat however long the file is.
   */
  onRecords?: (records: TPreviewRecord[], progress: TPreview & { layout: TPreviewLayout }) => Promise<void>;
  /**
   * Keeps at most this many of each list (new records, flagged new records, duplicates, refused,
   * skipped): enough to show or name them. `counts` is always whole. Default: keep everything.
   */
  keep?: number;
} & Pick<TReadOptions, 'sheet' | 'maxRows' | 'maxBytes'>;

/** How many new records `onRecords` gets at a time. */
export const STREAM_BATCH = 1000;

/** `replaces`: the record takes the place of a stored one with other figures (`replaceChanged`). */
export type TPreviewRecord<R extends TImportRecord = TImportRecord> = { rows: number[]; key: string; record: R; flag?: string; replaces?: boolean };
/** `stored`: the stored record's fingerprint (for miles, its total and taxable miles) when it differs. */
export type TPreviewDuplicate = { rows: number[]; key: string; where: 'file' | 'stored'; changed: boolean; reason: string; record: TImportRecord; stored?: string };
export type TPreviewProblem = { rows: number[]; reason: string };

export type TPreviewLayout = {
  id: string;
  vendor: string;
  kind: TImportKind;
  format: 'csv' | 'xlsx';
  headerRow: number;
  sheet?: string;
  encoding?: string;
  delimiter?: string;
};

export type TPreview = {
  fileName: string;
  kind: TImportKind;
  /** The layout recognised (or built from the mapping); null when the file needs a mapping. */
  layout: TPreviewLayout | null;
  /** A file in an unknown layout: its headers and first rows, for the mapping step. */
  unknown: { headerRow: number; headers: string[]; sample: string[][]; fields: readonly TFieldInfo[] } | null;
  rowsRead: number;
  records: TPreviewRecord[];
  duplicates: TPreviewDuplicate[];
  /** The new records that carry a flag (also in `records`): kept, but worth a look. */
  flagged: TPreviewProblem[];
  refused: TPreviewProblem[];
  skipped: TPreviewProblem[];
  /** The whole counts (the lists above may be cut short by `keep`); `changed`: stored with other figures (replaced, or among the duplicates). */
  counts: { records: number; duplicates: number; flagged: number; refused: number; skipped: number; changed: number };
  /** Miles: units of the file the company does not know (after `unitMap`), in the file's order. */
  unknownUnits: string[];
  /** Sentences for the person about the file as a whole (a saved mapping that was skipped). */
  notices: string[];
};

export const PREVIEW_TEXT = {
  wrongKind: (vendor: string, kind: TImportKind) => `This looks like an export from ${vendor}, which belongs in the ${KIND_LABEL[kind]}`,
  missingColumns: (columns: string[]) => `The file has no column named ${columns.map((c) => `"${c}"`).join(', ')}`,
  repeats: (first: number) => `repeats row ${first}`,
  conflicts: (first: number) => `has the same key as row ${first} with different figures`,
  stored: 'already imported',
  storedIn: (where: Required<Pick<TStoredImport, 'importedOn' | 'fileName'>>) => `already imported on ${usDate(where.importedOn)} in ${where.fileName}`,
  storedChanged: 'already imported with different figures (importing again would replace it)',
  storedMiles: (stored: string, record: TMilesRecord) =>
    `already imported with different figures: stored ${milesPair(stored)}, this file ${milesPair(`${record.totalMiles}|${record.taxableMiles}`)} (Replace imports this file's figures instead)`,
  unknownUnit: (unit: string) => `unit ${unit} is not in the fleet (no driver, fuel line or miles have it): map it to a unit, or import it as a new one`,
  unreadableRow: 'the row could not be read',
  wideRow: (cells: number, header: number) => `the row has ${cells} cells but the header has ${header} (check the file's quotes and line breaks)`,
  nothingNew: 'Nothing new to import: every row of this file was imported before',
  presetSkipped: (name: string) => `Saved mapping "${name}" no longer fits this kind of file and was skipped`,
} as const;

const KIND_LABEL: Record<TImportKind, string> = {
  fuel: 'fuel import',
  miles: 'IFTA miles import',
  trips: 'trips import',
  payments: 'payments import',
  loads: 'load import',
};

const trimZeros = (v: string) => v.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
/** '4212.400|4000.000' → '4212.4 mi (4000 taxable)'. */
const milesPair = (fingerprint: string) => {
  const [total, taxable] = fingerprint.split('|');
  return `${trimZeros(total)} mi (${trimZeros(taxable ?? total)} taxable)`;
};

const rowsText = (rows: readonly number[]) =>
  rows.length === 1 ? `Row ${rows[0]}` : rows.length <= 6 ? `Rows ${rows.join(', ')}` : `Rows ${rows.slice(0, 5).join(', ')} and ${rows.length - 5} more`;
const withRows = (rows: readonly number[], reason: string) => `${rowsText(rows)}: ${reason}`;

/** How many cells a row has up to its last filled one (empty cells at the end are no data). */
function filledWidth(cells: readonly string[]) {
  let n = cells.length;
  while (n > 0 && cells[n - 1].trim() === '') n--;
  return n;
}

/** What tells a changed re-import from the same one: the figures of a record. */
export function recordFingerprint(record: TImportRecord): string {
  if (record.kind === 'miles') return `${record.totalMiles}|${record.taxableMiles}`;
  return createHash('sha1').update(JSON.stringify(record)).digest('base64');
}

/** Whether a saved mapping still makes a layout (fields may have changed since it was saved). */
export function presetFits(preset: TSavedPreset): boolean {
  try {
    layoutFromMapping(preset.kind, preset.mapping, preset.name);
    return true;
  } catch {
    return false;
  }
}

function candidatesFor(kind: TImportKind, input: TPreviewInput, notices: string[]): TLayout[] {
  if (input.mapping) return [layoutFromMapping(kind, input.mapping)];
  // A stored preset that no longer makes a layout is skipped with a notice: one bad preset must not
  // refuse every file of the kind.
  const presets: TLayout[] = [];
  for (const p of input.presets ?? []) {
    if (presetFits(p)) presets.push(layoutFromMapping(p.kind, p.mapping, p.name));
    else notices.push(PREVIEW_TEXT.presetSkipped(p.name));
  }
  // Every kind's layouts are candidates, so a fuel file dropped on the miles page is named, not misread.
  return [...presets, ...LAYOUTS];
}

/** Reads the whole file and sorts its rows (see the module comment). File-level problems throw `ERROR` refusals. */
export async function previewImport(input: TPreviewInput): Promise<TPreview> {
  const { file, kind } = input;
  const notices: string[] = [];
  const candidates = candidatesFor(kind, input, notices);
  const table = await openTable(file, candidates, { sheet: input.sheet, maxRows: input.maxRows, maxBytes: input.maxBytes });
  const preview: TPreview = {
    fileName: file.fileName,
    kind,
    layout: null,
    unknown: null,
    rowsRead: 0,
    records: [],
    duplicates: [],
    flagged: [],
    refused: [],
    skipped: [],
    counts: { records: 0, duplicates: 0, flagged: 0, refused: 0, skipped: 0, changed: 0 },
    unknownUnits: [],
    notices,
  };
  const layout = table.match;
  if (!layout) {
    await table.rows.return(undefined);
    if (input.mapping) {
      const wanted = Object.values(input.mapping).filter((c) => normaliseHeader(c) && !table.keys.includes(normaliseHeader(c)));
      throw refuse(PREVIEW_TEXT.missingColumns(wanted));
    }
    preview.unknown = {
      headerRow: table.headerRow,
      headers: table.headers,
      sample: table.sample.map((r) => r.cells),
      fields: isMappableKind(kind) ? MAPPABLE_FIELDS[kind] : [],
    };
    return preview;
  }
  if (layout.kind !== kind) {
    await table.rows.return(undefined);
    throw refuse(PREVIEW_TEXT.wrongKind(layout.vendor, layout.kind));
  }
  preview.layout = {
    id: layout.id,
    vendor: layout.vendor,
    kind: layout.kind,
    format: table.format,
    headerRow: table.headerRow,
    sheet: table.sheet,
    encoding: table.encoding,
    delimiter: table.delimiter,
  };

  const existing = input.existingKeys;
  const keep = input.keep ?? Number.POSITIVE_INFINITY;
  // Streaming keeps a fingerprint per key instead of the record, for the rare key collision.
  const lean = input.onRecords !== undefined || Number.isFinite(keep);
  const seen = new Map<string, { row: number; record?: TImportRecord; fingerprint?: string }>();
  const fingerprintOf = (entry: { record?: TImportRecord; fingerprint?: string }) => entry.fingerprint ?? recordFingerprint(entry.record!);
  const counts = preview.counts;
  const kept = { flagged: 0, plain: 0 };
  const add = <T>(list: T[], item: T, count: Exclude<keyof TPreview['counts'], 'changed'>) => {
    counts[count]++;
    if (list.length < keep) list.push(item);
  };
  /** A new record: counted, kept while there is room, and handed to `onRecords` at the next flush. */
  let outgoing: TPreviewRecord[] = [];
  const takeNew = (entry: TPreviewRecord) => {
    counts.records++;
    // Flagged records are kept apart from the others, so the first ones of each can be shown.
    const kind = entry.flag ? 'flagged' : 'plain';
    if (kept[kind] < keep) {
      kept[kind]++;
      preview.records.push(entry);
    }
    if (entry.flag) add(preview.flagged, { rows: entry.rows, reason: withRows(entry.rows, entry.flag) }, 'flagged');
    if (input.onRecords) outgoing.push(entry);
  };
  /**
   * A record whose key is stored: a duplicate, or (other figures) a changed one, which
   * `replaceChanged` takes as new, to replace the stored one.
   */
  const storedAgain = (e: TPreviewRecord, known: string | TStoredImport | null | undefined) => {
    const where = typeof known === 'string' ? undefined : (known ?? undefined);
    const stored = typeof known === 'string' ? known : where?.fingerprint;
    const changed = stored !== undefined && stored !== recordFingerprint(e.record);
    if (changed) counts.changed++;
    if (changed && input.replaceChanged) {
      takeNew({ ...e, replaces: true });
      return;
    }
    const text = !changed ? (where?.importedOn && where.fileName ? PREVIEW_TEXT.storedIn({ importedOn: where.importedOn, fileName: where.fileName }) : PREVIEW_TEXT.stored) : e.record.kind === 'miles' ? PREVIEW_TEXT.storedMiles(stored, e.record) : PREVIEW_TEXT.storedChanged;
    const item: TPreviewDuplicate = { rows: e.rows, key: e.key, where: 'stored', changed, reason: withRows(e.rows, text), record: e.record, ...(changed ? { stored } : {}) };
    add(preview.duplicates, item, 'duplicates');
  };
  /** Records new in the file, waiting for `storedKeys` to say whether they are stored already. */
  let unchecked: TPreviewRecord[] = [];
  const pendingCount = () => unchecked.length + outgoing.length;
  const flush = async () => {
    if (input.storedKeys && unchecked.length) {
      const batch = unchecked;
      unchecked = [];
      const stored = await input.storedKeys(batch.map((e) => e.key));
      for (const e of batch) {
        if (stored.has(e.key)) storedAgain(e, stored instanceof Map ? stored.get(e.key) : undefined);
        else takeNew(e);
      }
    }
    if (input.onRecords && outgoing.length) {
      const batch = outgoing;
      outgoing = [];
      await input.onRecords(batch, preview as TPreview & { layout: TPreviewLayout });
    }
  };
  const ctx = { period: input.period };
  const unknownUnits = new Set<string>();
  const unitMap = new Map(Object.entries(input.unitMap ?? {}).map(([from, to]) => [from.trim().toUpperCase(), to.trim()]));
  /** A mileage record under the fleet's unit it was mapped to, flagged when the company does not know its unit. */
  const fleetUnit = (record: TMilesRecord, flag: string | undefined) => {
    const mapped = unitMap.get(record.unit.toUpperCase());
    const unit = mapped || record.unit;
    const known = !input.knownUnits || input.knownUnits.has(unit.toUpperCase());
    if (!known && unknownUnits.size < 200) unknownUnits.add(unit);
    const flags = [flag, known ? undefined : PREVIEW_TEXT.unknownUnit(unit)].filter(Boolean);
    return { record: mapped ? { ...record, unit } : record, flag: flags.length ? flags.join('; ') : undefined };
  };

  const accept = (rows: number[], record: TImportRecord, flag?: string) => {
    const key = naturalKey(record);
    const earlier = seen.get(key);
    if (earlier) {
      // Fingerprints are computed only when keys collide: most rows never need one.
      if (fingerprintOf(earlier) === recordFingerprint(record)) {
        add(preview.duplicates, { rows, key, where: 'file', changed: false, reason: withRows(rows, PREVIEW_TEXT.repeats(earlier.row)), record }, 'duplicates');
      } else add(preview.refused, { rows, reason: withRows(rows, PREVIEW_TEXT.conflicts(earlier.row)) }, 'refused');
      return;
    }
    seen.set(key, lean ? { row: rows[0], fingerprint: recordFingerprint(record) } : { row: rows[0], record });
    const entry: TPreviewRecord = { rows, key, record, ...(flag ? { flag } : {}) };
    if (existing?.has(key)) {
      storedAgain(entry, existing instanceof Map ? existing.get(key) : undefined);
      return;
    }
    if (input.storedKeys) unchecked.push(entry);
    else takeNew(entry);
  };

  const readRow = rowReader(table.keys, layout);
  const width = table.headers.length;
  for await (const raw of table.rows) {
    preview.rowsRead++;
    // Cells past the header belong to no column: a row that has them was split wrong, never read as if whole.
    const filled = filledWidth(raw.cells);
    if (filled > width) {
      add(preview.refused, { rows: [raw.row], reason: withRows([raw.row], PREVIEW_TEXT.wideRow(filled, width)) }, 'refused');
      continue;
    }
    const access = readRow(raw.row, raw.cells);
    let outcomes: ReturnType<TLayout['toRecords']>;
    try {
      outcomes = layout.toRecords(access, ctx);
    } catch {
      outcomes = [{ refuse: PREVIEW_TEXT.unreadableRow }];
    }
    for (const outcome of outcomes) {
      if ('refuse' in outcome) add(preview.refused, { rows: [raw.row], reason: withRows([raw.row], outcome.refuse) }, 'refused');
      else if ('skip' in outcome) add(preview.skipped, { rows: [raw.row], reason: withRows([raw.row], outcome.skip) }, 'skipped');
      else if (outcome.record.kind === 'miles') {
        const { record, flag } = fleetUnit(outcome.record, outcome.flag);
        accept([raw.row], record, flag);
      } else accept([raw.row], outcome.record, outcome.flag);
    }
    if (pendingCount() >= STREAM_BATCH) await flush();
  }

  await flush();
  preview.unknownUnits = [...unknownUnits];
  return preview;
}

/** The toast text for a preview or an import: counts, or the INFO that nothing is new. */
export function previewSummary(preview: TPreview): string {
  const n = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
  const c = preview.counts;
  const notices = (preview.notices ?? []).map((notice) => `. ${notice}`).join('');
  if (c.records === 0 && c.duplicates > 0) {
    const refused = c.refused ? ` (${n(c.refused, 'row')} refused)` : '';
    return `INFO ${PREVIEW_TEXT.nothingNew}${refused}${notices}`;
  }
  const counts = [
    `${n(preview.rowsRead, 'row')} read`,
    n(c.records, 'new record'),
    `${n(c.duplicates, 'duplicate')} skipped`,
    `${n(c.flagged, 'record')} flagged`,
    `${n(c.refused, 'row')} refused`,
  ].join(', ');
  return `${counts}${notices}`;
}

/** A record in a few words, for the report. */
export function describeRecord(record: TImportRecord): string {
  switch (record.kind) {
    case 'fuel':
      return [
        `${record.date}${record.time ? ` ${record.time.slice(0, 5)}` : ''}`,
        `unit ${record.unit || '-'}`,
        record.productCode || record.product,
        `${record.quantity} gal`,
        record.state ?? '',
        record.amount ? formatMoney(record.amount) : '',
      ]
        .filter(Boolean)
        .join(' · ');
    case 'miles':
      return `unit ${record.unit} · ${record.jurisdiction} · ${record.date ?? `${record.year} Q${record.quarter}`}${record.tripId ? ` · trip ${record.tripId}` : ''} · ${record.totalMiles} mi (${record.taxableMiles} taxable)`;
    case 'payments':
      return [record.invoiceNumber, record.tripId, record.loadId, record.itemType, formatMoney(record.grossPay)].filter(Boolean).join(' · ');
    case 'trips':
      return [record.tripId, record.loadId, record.status].filter(Boolean).join(' · ');
    case 'loads':
      return [record.loadNumber, record.start.replace('T', ' '), `${record.originCity} ${record.originState} → ${record.destinationCity} ${record.destinationState}`, record.payout ? formatMoney(record.payout) : '']
        .filter(Boolean)
        .join(' · ');
  }
}

/** The full report as CSV: one line per outcome, by row number (Row, Outcome, Record, Reason). */
export function reportCsv(preview: TPreview): string {
  type TLine = { row: number; cells: (string | number)[] };
  const lines: TLine[] = [];
  const rows = (r: number[]) => (r.length === 1 ? r[0] : r.length <= 10 ? r.join(' ') : `${r.slice(0, 10).join(' ')} and ${r.length - 10} more`);
  const strip = (reason: string) => reason.replace(/^Rows? [^:]+: /, '');
  for (const r of preview.records) lines.push({ row: r.rows[0], cells: [rows(r.rows), r.flag ? 'New, flagged' : 'New', describeRecord(r.record), r.flag ?? ''] });
  for (const d of preview.duplicates) lines.push({ row: d.rows[0], cells: [rows(d.rows), 'Duplicate', describeRecord(d.record), strip(d.reason)] });
  for (const p of preview.refused) lines.push({ row: p.rows[0], cells: [rows(p.rows), 'Refused', '', strip(p.reason)] });
  for (const p of preview.skipped) lines.push({ row: p.rows[0], cells: [rows(p.rows), 'Skipped', '', strip(p.reason)] });
  lines.sort((a, b) => a.row - b.row);
  const out = [['Row', 'Outcome', 'Record', 'Reason'], ...lines.map((l) => l.cells)];
  return csvText(out);
}
