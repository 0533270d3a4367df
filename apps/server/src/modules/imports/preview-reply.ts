import type { TImportPreview, TImportPreviewRow } from '@haulboard/contract';
import { MAPPABLE_FIELDS, previewSummary, type TImportRecord, type TPreview } from '../../imports';
import type { TImportRequest, TPipelineTarget, TPreviewMarks } from './target';

/** A preview as the web shows it: its columns, its rows (problems first) and its counts. */

/** Rows a preview lists (the report downloads them all). */
export const PREVIEW_ROWS = 500;


/** The pipeline's preview as the web shows it. */
export function previewReply(
  previewId: string,
  req: TImportRequest,
  target: Pick<TPipelineTarget, 'columns' | 'values'>,
  p: TPreview,
  fleet: string[] = [],
  marks: TPreviewMarks | null = null,
): TImportPreview {
  const first = (rows: number[]) => rows[0] ?? 0;
  const valuesOf = target.values;
  // The target's marks on its rows (late fuel); such a row is imported like any other.
  const late = (r: { record: TImportRecord }) => (marks ? marks.notice(r.record) : null);
  const marked = (r: { record: TImportRecord }) => {
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
      values: valuesOf(r.record),
    })),
    ...p.skipped.map((r) => ({ rowNumber: first(r.rows), status: 'skipped' as const, reason: r.reason, values: {} })),
    // A stored record the file changes comes first among the duplicates: it is the one to decide on.
    ...[...p.duplicates.filter((d) => d.changed), ...p.duplicates.filter((d) => !d.changed)].map((d) => ({
      rowNumber: first(d.rows),
      status: 'duplicate' as const,
      reason: d.reason,
      duplicateOf: d.where,
      values: valuesOf(d.record, d.changed ? d.stored : undefined),
    })),
    ...[...fresh.filter((r) => late(r)), ...fresh.filter((r) => !late(r))].map((r) => ({
      rowNumber: first(r.rows),
      status: 'new' as const,
      reason: null,
      ...marked(r),
      values: valuesOf(r.record),
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
    fleetUnits: fleet,
    unitMap: req.unitMap ?? null,
    flagged: p.counts.flagged,
    refused: p.counts.refused,
    ...(marks?.count ? { late: marks.count } : {}),
    skipped: p.counts.skipped,
    columns: target.columns,
    rows,
    summary: p.layout
      ? `${previewSummary(p)}${marks?.count ? ` ${marks.summary}` : ''}`
      : ['The columns of this file are not recognised: map them to our fields, then preview again.', ...p.notices].join(' '),
  };
}
