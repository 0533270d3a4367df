import type { TColumnMapping, TImportHistoryKind, TImportPreview, TImportPreviewRow, TImportRowStatus } from '@haulboard/contract';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Alert, Box, Button, Chip, Paper, Stack, Typography, useMediaQuery } from '@mui/material';
import { type ReactNode, useMemo } from 'react';
import { CellLine, DataTable, MOBILE_QUERY, type TColumn } from '../data-table';
import { ColumnMapping } from './column-mapping';
import { downloadImportReport } from './import-api';
import { UnitMapping } from './unit-mapping';

const STATUS: Record<TImportRowStatus, { label: string; color: 'success' | 'default' | 'warning' | 'error' }> = {
  new: { label: 'New', color: 'success' },
  duplicate: { label: 'Duplicate', color: 'default' },
  flagged: { label: 'Flagged', color: 'warning' },
  refused: { label: 'Refused', color: 'error' },
  skipped: { label: 'Skipped', color: 'default' },
};

/** The reason without its 'Row 6: ' lead (the row number has its own column), first letter raised. */
const problemText = (r: TImportPreviewRow) => {
  const text = (r.reason ?? '').replace(/^Rows? [\d, –-]+:\s*/, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

export const statusLabel = (status: TImportRowStatus) => STATUS[status].label;

/**
 * A duplicate says which kind it is: a repeat of an earlier row of this file, or a line imported
 * before; a new line dated in a closed week is late fuel (imported, deducted in a later week).
 */
const rowLabel = (r: TImportPreviewRow) =>
  r.status === 'new' && r.late
    ? 'Late fuel'
    : r.status === 'duplicate' && r.duplicateOf === 'file' ? 'Repeat in file' : r.status === 'duplicate' && r.duplicateOf === 'stored' ? 'Already imported' : STATUS[r.status].label;

const count = (n: number) => n.toLocaleString('en-US');

/** The summary's colour: its own ERROR / INFO word first, then what Confirm would meet. */
function summarySeverity(preview: TAnyPreview): 'error' | 'warning' | 'info' | 'success' {
  if (preview.summary.startsWith('ERROR ')) return 'error';
  if (preview.layout === null || preview.refused > 0) return 'warning';
  if (preview.summary.startsWith('INFO ') || preview.newRows === 0) return 'info';
  return 'success';
}

/** A pipeline preview, or the Invoice Import page's (kind 'invoice', no mapping step). */
export type TAnyPreview = Omit<TImportPreview, 'kind'> & { kind: TImportHistoryKind };

type TImportPreviewProps = {
  kind: TImportHistoryKind;
  preview: TAnyPreview;
  busy: boolean;
  confirming: boolean;
  onRemap: (mapping: TColumnMapping) => void;
  /** Miles: preview again with a file's units mapped to the fleet's. */
  onMapUnits: (unitMap: Record<string, string>) => void;
  onConfirm: () => void;
  /** Confirm, replacing the stored figures the file changes. */
  onReplace: () => void;
  onCancel: () => void;
  /** Something Confirm needs first (the invoice's dates question): Confirm stays disabled while true. */
  confirmBlocked?: boolean;
  /** Shown under the summary (the invoice's dates question). */
  children?: ReactNode;
};

/**
 * What importing the file would do, before anything is saved: the layout recognised (or the mapping
 * step), the counts, the rows with their problems and the report as CSV; Confirm saves it whole.
 */
export function ImportPreview({ kind, preview, busy, confirming, onRemap, onMapUnits, onConfirm, onReplace, onCancel, confirmBlocked = false, children }: TImportPreviewProps) {
  const needsMapping = preview.layout === null;
  const problems = preview.refused + preview.flagged + preview.duplicates + (preview.skipped ?? 0);
  const isPhone = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const columns = useMemo<TColumn<TImportPreviewRow>[]>(
    () => [
      { id: 'rowNumber', header: 'Row', width: 60, align: 'right', cell: (r) => r.rowNumber },
      {
        id: 'status',
        header: 'Status',
        width: 136,
        cell: (r) => (
          <Chip size="small" label={rowLabel(r)} color={r.status === 'new' && r.late ? 'info' : STATUS[r.status].color} variant={r.status === 'new' ? 'outlined' : 'filled'} />
        ),
      },
      // The whole reason, wrapped: it is what the person must act on; late fuel says where it is deducted.
      {
        id: 'reason',
        header: 'Problem',
        width: isPhone ? 190 : 300,
        cell: (r) => (
          <Box sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
            {problemText(r)}
            {r.late && (
              <Box component="span" sx={{ display: 'block' }} data-testid="late-fuel-notice">
                {r.late}
              </Box>
            )}
          </Box>
        ),
        sortValue: (r) => `${problemText(r)} ${r.late ?? ''}`,
      },
      ...preview.columns.map<TColumn<TImportPreviewRow>>((c) => ({
        id: `v:${c.key}`,
        header: c.label,
        // A date with its time needs the room.
        width: c.key === 'date' ? 150 : 130,
        hideOnMobile: true,
        cell: (r) => <CellLine>{r.values[c.key] ?? ''}</CellLine>,
        sortValue: (r) => r.values[c.key] ?? '',
      })),
    ],
    [preview.columns, isPhone],
  );

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} aria-label={`Preview of ${preview.fileName}`} role="region">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1.5 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {preview.fileName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {needsMapping ? 'Layout not recognised: map the columns below' : `Layout: ${preview.layout}`}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          <Button onClick={onCancel} color="inherit" disabled={confirming}>
            Cancel
          </Button>
          <Button variant="contained" onClick={onConfirm} disabled={needsMapping || preview.refused > 0 || busy || confirmBlocked} loading={confirming}>
            Confirm import
          </Button>
        </Stack>
      </Stack>

      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 1.5 }} role="list" aria-label="Counts">
        {[
          ['Rows read', preview.rowsRead, 'default'],
          ['New', preview.newRows, 'success'],
          ['Duplicates', preview.duplicates, 'default'],
          ['Flagged', preview.flagged, 'warning'],
          ['Refused', preview.refused, 'error'],
          ...(preview.skipped ? [['Skipped', preview.skipped, 'default']] : []),
          // Fuel dated in closed weeks: imported all the same, deducted as late fuel in a later week.
          ...(preview.late ? [['Late fuel', preview.late, 'info']] : []),
        ].map(([label, n, color]) => (
          <Chip
            key={label as string}
            role="listitem"
            label={`${label}: ${count(n as number)}`}
            color={(n as number) > 0 ? (color as 'default') : 'default'}
            variant={(n as number) > 0 && color !== 'default' ? 'filled' : 'outlined'}
          />
        ))}
      </Stack>

      <Alert severity={summarySeverity(preview)} sx={{ mb: 1.5 }}>
        {preview.summary.replace(/^(ERROR|INFO) /, '')}
        {preview.refused > 0 && !needsMapping && (
          <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
            A file is imported whole or not at all: correct the refused {preview.refused === 1 ? 'row' : 'rows'} in the file and upload it again.
          </Box>
        )}
      </Alert>

      {children}

      {preview.changed > 0 && !needsMapping && (
        <Alert
          severity="warning"
          sx={{ mb: 1.5 }}
          action={
            <Button color="inherit" size="small" onClick={onReplace} disabled={preview.refused > 0 || busy} loading={confirming}>
              Replace and import
            </Button>
          }
        >
          {count(preview.changed)} {preview.changed === 1 ? 'row is' : 'rows are'} already imported with different figures: the stored and this file's figures are side by
          side below. Confirm import keeps the stored ones; Replace and import puts this file's in their place (Undo in the history puts them back).
        </Alert>
      )}

      {(preview.unknownUnits.length > 0 || Object.keys(preview.unitMap ?? {}).length > 0) && (
        <UnitMapping key={`units-${preview.previewId}`} unknownUnits={preview.unknownUnits} fleetUnits={preview.fleetUnits} unitMap={preview.unitMap} busy={busy} onApply={onMapUnits} />
      )}

      {kind !== 'invoice' && preview.headers.length > 0 && (
        <Accordion key={`mapping-${preview.previewId}`} defaultExpanded={needsMapping} disableGutters variant="outlined" sx={{ mb: 1.5 }}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Typography>Column mapping</Typography>
          </AccordionSummary>
          <AccordionDetails>
            <ColumnMapping key={preview.previewId} kind={kind} preview={preview} busy={busy} onApply={onRemap} />
          </AccordionDetails>
        </Accordion>
      )}

      {preview.rows.length > 0 && (
        <>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1, flexWrap: 'wrap', gap: 1 }}>
            <Typography variant="subtitle2" component="h3">
              {problems ? `Rows with problems first (${count(problems)})` : 'Rows'}
            </Typography>
            {/* The pipeline's report reads pipeline previews only; an invoice preview lists its rows here. */}
            {kind !== 'invoice' && (
              <Button size="small" startIcon={<DownloadOutlinedIcon />} onClick={() => downloadImportReport(preview)}>
                Download problems (CSV)
              </Button>
            )}
          </Stack>
          <DataTable
            aria-label="Preview rows"
            columns={columns}
            rows={preview.rows}
            rowKey={(r) => `${r.rowNumber}-${r.status}-${r.reason ?? ''}`}
            defaultPageSize={100}
            maxHeight={360}
            estimateRowHeight={41}
          />
        </>
      )}
    </Paper>
  );
}
