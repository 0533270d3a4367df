import { Alert, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FileImport, ImportHistory } from '../../components/file-import';
import { PageHeader } from '../../components/page-header';
import { useIdempotencyKey } from '../../lib/idempotency';
import { failureMessage } from '../../lib/mutation';
import { useCan } from '../../lib/permissions';
import { invalidateIftaMiles, useIftaMiles } from './api/get-ifta-miles';
import { type TMilesQuarterKey, useDeleteMilesQuarter } from './api/miles-quarter';
import { MilesQuarterDialog } from './components/miles-quarter-dialog';
import { MilesTable } from './components/miles-table';
import { PeriodFilters } from './components/period-filters';
import { accountingFilter } from './lib/period-search';
import { formatQuantity, sumQuantities } from './lib/quantity';
import { usePeriodSearch } from './use-period-search';

/** Spec §2 accounting/iftamiles-import: pick year and quarter, upload the mileage file, and its rows. */
export function IftaMilesImportPage() {
  const { search, update } = usePeriodSearch();
  const miles = useIftaMiles(accountingFilter({ ...search, weekId: null }));
  const queryClient = useQueryClient();
  const canImport = useCan('IftaMilesImportPage', 'DenyDelete');
  const canUndo = useCan('IftaMilesImportPage', 'Write');
  const refresh = () => invalidateIftaMiles(queryClient);
  const rows = miles.data ?? [];
  const [editing, setEditing] = useState<TMilesQuarterKey | null>(null);
  const [deleting, setDeleting] = useState<TMilesQuarterKey | null>(null);
  const remove = useDeleteMilesQuarter({ idempotency: useIdempotencyKey(deleting !== null) });
  const keyOf = (m: { year: number; quarter: number; unitNumber: string }) => ({ year: m.year, quarter: m.quarter, unitNumber: m.unitNumber });

  return (
    <>
      <PageHeader title="IFTA Miles Import" />
      <PeriodFilters label="IFTA miles filters" value={search} onChange={update} withWeek={false} />
      {canImport && (
        <FileImport
          kind="miles"
          canDeletePresets={canUndo}
          year={search.year}
          quarter={search.quarter}
          hint={
            search.quarter
              ? `A file that does not say its quarter is read as Q${search.quarter} ${search.year}.`
              : 'Choose a quarter above for a file that does not say its quarter.'
          }
          onImported={refresh}
        />
      )}
      {miles.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failureMessage(miles.error)}
        </Alert>
      )}
      {miles.data && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} role="status">
          {rows.length.toLocaleString('en-US')} {rows.length === 1 ? 'row' : 'rows'} · {formatQuantity(sumQuantities(rows.map((r) => r.miles), 1))} miles
        </Typography>
      )}
      <MilesTable
        rows={rows}
        loading={miles.isFetching}
        onEdit={canImport ? (m) => setEditing(keyOf(m)) : undefined}
        onDelete={canUndo ? (m) => setDeleting(keyOf(m)) : undefined}
      />
      <MilesQuarterDialog unit={editing} rows={rows} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete miles"
        text={
          deleting
            ? `Delete every row of unit ${deleting.unitNumber} in Q${deleting.quarter} ${deleting.year}, in every state and from every file? The change is listed in the import history, where Undo puts the rows back.`
            : ''
        }
        confirmText="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting);
          setDeleting(null);
        }}
      />
      <ImportHistory kind="miles" canUndo={canUndo} onUndone={refresh} />
    </>
  );
}
