import type { TImportHistoryKind, TImportRecord } from '@haulboard/contract';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import UndoIcon from '@mui/icons-material/Undo';
import { Alert, Box, Button, Collapse, Typography, useMediaQuery } from '@mui/material';
import { useState } from 'react';
import { formatDateTime } from '../../lib/format';
import { useIdempotencyKey } from '../../lib/idempotency';
import { failureMessage } from '../../lib/mutation';
import { ConfirmDialog } from '../confirm-dialog';
import { CellLine, DataTable, MOBILE_QUERY, type TColumn } from '../data-table';
import { useImportHistory, useUndoImport } from './import-api';

const count = (n: number) => n.toLocaleString('en-US');

export const undoQuestion = (r: TImportRecord) =>
  `Are you sure you want to undo the import of ${r.fileName}? The ${count(r.rowsAdded)} rows it added are removed.`;

type TImportHistoryProps = {
  kind: TImportHistoryKind;
  /** Undo needs Write on the import's page. */
  canUndo: boolean;
  /** Refreshes what shows the imported rows. */
  onUndone: () => unknown;
};

/** The company's imports of a kind, newest first: file, who, when, counts; Undo removes exactly that import's rows. */
export function ImportHistory({ kind, canUndo, onUndone }: TImportHistoryProps) {
  const history = useImportHistory(kind);
  const [undoing, setUndoing] = useState<TImportRecord | null>(null);
  const [open, setOpen] = useState(false);
  const undo = useUndoImport(kind, onUndone, { idempotency: useIdempotencyKey(!!undoing) });

  const isPhone = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const columns: TColumn<TImportRecord>[] = [
    {
      id: 'fileName',
      header: 'File',
      width: isPhone ? 170 : 240,
      cell: (r) => (
        <>
          <CellLine>{r.fileName}</CellLine>
          <CellLine secondary>{r.layout}</CellLine>
          {isPhone && (
            <CellLine secondary>
              {formatDateTime(r.createdOn)} {r.createdBy ?? ''}
            </CellLine>
          )}
        </>
      ),
    },
    {
      id: 'createdOn',
      hideOnMobile: true,
      header: 'Imported',
      width: 170,
      cell: (r) => (
        <>
          <CellLine>{formatDateTime(r.createdOn)}</CellLine>
          <CellLine secondary>{r.createdBy ?? ''}</CellLine>
        </>
      ),
    },
    { id: 'rowsAdded', header: 'Added', width: 70, align: 'right', cell: (r) => count(r.rowsAdded) },
    { id: 'rowsDuplicate', header: 'Duplicates', width: 100, align: 'right', cell: (r) => count(r.rowsDuplicate), hideOnMobile: true },
    { id: 'rowsFlagged', header: 'Flagged', width: 85, align: 'right', cell: (r) => count(r.rowsFlagged), hideOnMobile: true },
    { id: 'rowsRefused', header: 'Refused', width: 85, align: 'right', cell: (r) => count(r.rowsRefused), hideOnMobile: true },
    {
      id: 'undo',
      header: '',
      width: isPhone ? 96 : 120,
      sortable: false,
      cell: (r) =>
        r.undoneOn ? (
          <CellLine secondary title={`Undone ${formatDateTime(r.undoneOn)}${r.undoneBy ? ` by ${r.undoneBy}` : ''}`}>
            Undone
          </CellLine>
        ) : canUndo ? (
          <Button size="small" startIcon={<UndoIcon />} onClick={() => setUndoing(r)} aria-label={`Undo import of ${r.fileName}`}>
            Undo
          </Button>
        ) : null,
    },
  ];

  return (
    <Box component="section" aria-labelledby={`${kind}-import-history`} sx={{ mt: 2 }}>
      {/* Folded until asked for: the page's own table takes the window's height (one scroll per page). */}
      <Typography id={`${kind}-import-history`} variant="h6" component="h2">
        <Button
          color="inherit"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={`${kind}-import-history-list`}
          endIcon={<ExpandMoreIcon sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />}
          sx={{ typography: 'h6', textTransform: 'none', px: 1, ml: -1 }}
        >
          Import history{history.data ? ` (${count(history.data.length)})` : ''}
        </Button>
      </Typography>
      {history.isError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {failureMessage(history.error)}
        </Alert>
      )}
      <Collapse in={open} id={`${kind}-import-history-list`} unmountOnExit>
        <Box sx={{ mt: 1 }}>
          <DataTable
            aria-label="Import history"
            columns={columns}
            rows={history.data ?? []}
            rowKey={(r) => r.importId}
            loading={history.isFetching}
            defaultPageSize={10}
            maxHeight={420}
            estimateRowHeight={53}
            emptyText="No imports yet"
          />
        </Box>
      </Collapse>
      <ConfirmDialog
        open={!!undoing}
        title="Undo import"
        text={undoing ? undoQuestion(undoing) : ''}
        busy={undo.isPending}
        onCancel={() => setUndoing(null)}
        onConfirm={() => undoing && undo.mutateAsync(undoing.importId, { onSettled: () => setUndoing(null) })}
      />
    </Box>
  );
}
