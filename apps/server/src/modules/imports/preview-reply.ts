import { LATE_FUEL_TEXT, type TImportKind, type TImportPreview, type TImportPreviewRow } from '@haulboard/contract';
import { MAPPABLE_FIELDS, previewSummary, type TFuelRecord, type TMilesRecord, type TPreview } from '../../imports';
import { lateNotice, type TLateWeek } from './late-fuel';
import type { TImportRequest } from './service';

/** A preview as the web shows it: its columns, its rows (problems first) and its counts. */

const COLUMNS: Record<TImportKind, { key: string; label: string }[]> = {
  fuel: [
    { key: 'date', label: 'Date' },
    { key: 'unit', label: 'Unit' },
    { key: 'product', label: 'Product' },
    { key: 'quantity', label: 'Gallons' },
    { key: 'amount', label: 'Amount' },
    { key: 'state', label: 'State' },
    { key: 'location', label: 'Location' },
    { key: 'vendor', label: 'Vendor' },
  ],
  miles: [
    { key: 'unit', label: 'Unit' },
    { key: 'jurisdiction', label: 'State' },
    { key: 'period', label: 'Quarter' },
    { key: 'date', label: 'Trip date' },
    { key: 'totalMiles', label: 'Miles' },
    { key: 'taxableMiles', label: 'Taxable miles' },
    { key: 'storedMiles', label: 'Stored miles' },
    { key: 'storedTaxableMiles', label: 'Stored taxable' },
    { key: 'source', label: 'Source' },
  ],
  loads: [],
};

/** `stored`: the stored figures of a miles record the file changes ('total|taxable'), shown beside the file's. */
function valuesOf(record: TFuelRecord | TMilesRecord, stored?: string): Record<string, string | null> {
  if (record.kind === 'fuel') {
    return {
      date: `${record.date}${record.time ? ` ${record.time.slice(0, 5)}` : ''}`,
      unit: record.unit,
      product: record.productCode || record.product,
      quantity: record.quantity,
      amount: record.amount,
      state: record.state,
      location: [record.location, record.city].filter(Boolean).join(', ') || null,
      vendor: record.vendor,
    };
  }
  return {
    unit: record.unit,
    jurisdiction: record.jurisdiction,
    period: `${record.year} Q${record.quarter}`,
    date: record.date,
    totalMiles: record.totalMiles,
    taxableMiles: record.taxableMiles,
    storedMiles: stored ? stored.split('|')[0] : null,
    storedTaxableMiles: stored ? (stored.split('|')[1] ?? null) : null,
    source: record.source,
  };
}

/** Rows a preview lists (the report downloads them all). */
export const PREVIEW_ROWS = 500;


/** Fuel dated in closed weeks (late fuel): the weeks, and how many of the file's new lines fall in them. */
export type TLate = { weeks: TLateWeek[]; count: number };

/** The pipeline's preview as the web shows it. */
export function previewReply(previewId: string, req: TImportRequest, p: TPreview, fleet: string[] = [], lateFuel?: TLate): TImportPreview {
  const first = (rows: number[]) => rows[0] ?? 0;
  const late = (r: { record: unknown }) => {
    const record = r.record as TFuelRecord | TMilesRecord;
    return lateFuel?.weeks.length && record.kind === 'fuel' ? lateNotice(lateFuel.weeks, record.date) : null;
  };
  const marked = (r: { record: unknown }) => {
    const notice = late(r);
    return notice ? { late: notice } : {};
  };
  // A late line is imported like any other; it comes first among the new ones, to be seen before Confirm.
  const fresh = p.records.filter((r) => !r.flag);
  const rows: TImportPreviewRow[] = [
    ...p.refused.map((r) => ({ rowNumber: first(r.rows), status: 'refused' as const, reason: r.reason, values: {} })),
    ...p.records.filter((r) => r.flag).map((r) => ({
      rowNumber: first(r.rows),
      status: 'flagged' as const,
      reason: r.flag ?? null,
      ...marked(r),
      values: valuesOf(r.record as TFuelRecord | TMilesRecord),
    })),
    ...p.skipped.map((r) => ({ rowNumber: first(r.rows), status: 'skipped' as const, reason: r.reason, values: {} })),
    // A stored record the file changes comes first among the duplicates: it is the one to decide on.
    ...[...p.duplicates.filter((d) => d.changed), ...p.duplicates.filter((d) => !d.changed)].map((d) => ({
      rowNumber: first(d.rows),
      status: 'duplicate' as const,
      reason: d.reason,
      duplicateOf: d.where,
      values: valuesOf(d.record as TFuelRecord | TMilesRecord, d.changed ? d.stored : undefined),
    })),
    ...[...fresh.filter((r) => late(r)), ...fresh.filter((r) => !late(r))].map((r) => ({
      rowNumber: first(r.rows),
      status: 'new' as const,
      reason: null,
      ...marked(r),
      values: valuesOf(r.record as TFuelRecord | TMilesRecord),
    })),
  ].slice(0, PREVIEW_ROWS);
  const fields = (p.unknown?.fields ?? MAPPABLE_FIELDS[req.kind]).map((f) => ({ key: f.field, label: f.label, required: f.required, hint: null }));
  return {
    previewId,
    kind: req.kind,
    fileName: req.fileName,
    layout: p.layout?.vendor ?? null,
    headers: p.unknown?.headers ?? [],
    sampleRows: p.unknown?.sample ?? [],
    fields,
    mapping: req.mapping,
    rowsRead: p.rowsRead,
    newRows: p.counts.records,
    duplicates: p.counts.duplicates,
    changed: p.counts.changed,
    unknownUnits: p.unknownUnits,
    fleetUnits: req.kind === 'miles' ? fleet : [],
    unitMap: req.unitMap ?? null,
    flagged: p.counts.flagged,
    refused: p.counts.refused,
    ...(lateFuel?.count ? { late: lateFuel.count } : {}),
    skipped: p.counts.skipped,
    columns: COLUMNS[req.kind],
    rows,
    summary: p.layout
      ? `${previewSummary(p)}${lateFuel?.count ? ` ${LATE_FUEL_TEXT.previewSummary(lateFuel.count)}` : ''}`
      : ['The columns of this file are not recognised: map them to our fields, then preview again.', ...p.notices].join(' '),
  };
}
