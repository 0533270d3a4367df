import { lookupRoutes } from '@haulboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { download } from '../../../lib/download';
import { lookupQuery } from '../../../lib/lookups';
import { notifyFailure } from '../../../lib/mutation';
import { useSession } from '../../../lib/session';
import type { TBoardFilter } from '../lib/board-search';
import { driverUnit, readWeek } from '../lib/lookup-labels';
import { buildPayoutMatrix, exportFileName, payoutMatrixCsv } from '../lib/payout-csv';
import { reportPeriod } from '../lib/report-period';
import { filteredLoadsQuery } from './get-filtered-loads';

/**
 * Spec §2 Export and §9: every load the filter selects as the payout matrix (load-number rows,
 * one column per driver unit, Other, Totals), downloaded as '{company} - {period}.csv'.
 */
export function useExportLoads() {
  const queryClient = useQueryClient();
  const { data: user } = useSession();
  const [isExporting, setExporting] = useState(false);

  const exportLoads = async (filter: TBoardFilter) => {
    setExporting(true);
    try {
      const [loads, drivers, weeks] = await Promise.all([
        queryClient.fetchQuery(filteredLoadsQuery(filter)),
        queryClient.fetchQuery(lookupQuery(lookupRoutes.getCompanyDrivers)),
        filter.weekId && filter.year ? queryClient.fetchQuery(lookupQuery(lookupRoutes.getWorkWeekList, { year: filter.year })) : [],
      ]);
      const weekItem = weeks.find((w) => w.value === filter.weekId);
      const period = reportPeriod(filter, weekItem ? readWeek(weekItem) : null);
      const matrix = buildPayoutMatrix(
        loads,
        drivers.map((d) => ({ userId: Number(d.value), unitNumber: driverUnit(d) })),
      );
      const fileName = exportFileName(user?.company, period.name);
      download(payoutMatrixCsv(matrix), fileName);
    } catch (error) {
      notifyFailure(error);
    } finally {
      setExporting(false);
    }
  };

  return { exportLoads, isExporting };
}
