import { formatCents, sumCents } from '@haulboard/contract';
import { Alert, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { FileImport, ImportHistory } from '../../components/file-import';
import { PageHeader } from '../../components/page-header';
import { failureMessage } from '../../lib/mutation';
import { useCan } from '../../lib/permissions';
import { invalidateFuel, useFuel } from './api/get-fuel';
import { FuelTable } from './components/fuel-table';
import { PeriodFilters } from './components/period-filters';
import { accountingFilter } from './lib/period-search';
import { formatQuantity, sumQuantities } from './lib/quantity';
import { usePeriodSearch } from './use-period-search';

/** Spec §2 accounting/fuel-import: upload a fuel-card file (preview, confirm, undo) and the lines of a year, quarter or week. */
export function FuelImportPage() {
  const { search, update } = usePeriodSearch();
  const fuel = useFuel(accountingFilter(search));
  const queryClient = useQueryClient();
  const canImport = useCan('FuelImportPage', 'DenyDelete');
  const canUndo = useCan('FuelImportPage', 'Write');
  const refresh = () => invalidateFuel(queryClient);
  const lines = fuel.data ?? [];
  const ifta = lines.filter((l) => l.isIfta);

  return (
    <>
      <PageHeader title="Fuel Import" />
      {canImport && <FileImport kind="fuel" canDeletePresets={canUndo} hint="Fuel-card exports from EFS, Pilot / Flying J or Comdata are recognised; other layouts can be mapped." onImported={refresh} />}
      <PeriodFilters label="Fuel filters" value={search} onChange={update} />
      {fuel.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failureMessage(fuel.error)}
        </Alert>
      )}
      {fuel.data && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} role="status">
          {lines.length.toLocaleString('en-US')} {lines.length === 1 ? 'line' : 'lines'} · IFTA diesel {formatQuantity(sumQuantities(ifta.map((l) => l.quantity), 3))} gal · paid{' '}
          {formatCents(sumCents(lines.map((l) => l.amount)))}
        </Typography>
      )}
      <FuelTable lines={lines} loading={fuel.isFetching} />
      <ImportHistory kind="fuel" canUndo={canUndo} onUndone={refresh} />
    </>
  );
}
