import { formatMoney } from '@haulboard/contract';
import { Alert, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { FileImport, ImportHistory } from '../../components/file-import';
import { PageHeader } from '../../components/page-header';
import { failureMessage } from '../../lib/mutation';
import { useCan } from '../../lib/permissions';
import { invalidateFuel, useFuel } from './api/get-fuel';
import { useFuelTotals } from './api/get-fuel-totals';
import { FuelTable } from './components/fuel-table';
import { PeriodFilters } from './components/period-filters';
import { accountingFilter } from './lib/period-search';
import { formatQuantity } from './lib/quantity';
import { usePeriodSearch } from './use-period-search';

/** Spec §2 accounting/fuel-import: upload a fuel-card file (preview, confirm, undo) and the lines of a year, quarter or week. */
export function FuelImportPage() {
  const { search, update } = usePeriodSearch();
  const fuel = useFuel(accountingFilter(search));
  const queryClient = useQueryClient();
  const canImport = useCan('FuelImportPage', 'DenyDelete');
  const canUndo = useCan('FuelImportPage', 'Write');
  const refresh = () => invalidateFuel(queryClient);
  // The totals count every line the filter selects, not only the ones listed (the list stops at 5,000).
  const totals = useFuelTotals(accountingFilter(search));
  const lines = fuel.data ?? [];
  const sums = totals.data;

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
      {sums && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} role="status">
          {sums.lines.toLocaleString('en-US')} {sums.lines === 1 ? 'line' : 'lines'} · IFTA diesel {formatQuantity(sums.iftaGallons, 3)} gal · paid {formatMoney(sums.amount)}
        </Typography>
      )}
      <FuelTable lines={lines} loading={fuel.isFetching} />
      <ImportHistory kind="fuel" canUndo={canUndo} onUndone={refresh} />
    </>
  );
}
