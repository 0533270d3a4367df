import { fuelRoutes, type TAccountingFilter } from '@haulboard/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';

/** POST /api/Accounting/GetFuelTotals: every line the filter selects, summed on the server (the list stops at 5,000). */
export const fuelTotalsQuery = (filter: TAccountingFilter) =>
  queryOptions({
    queryKey: ['fuel', 'totals', filter],
    queryFn: ({ signal }) => callRoute(fuelRoutes.getFuelTotals, { body: filter, signal }),
    placeholderData: keepPreviousData,
  });

export const useFuelTotals = (filter: TAccountingFilter) => useQuery(fuelTotalsQuery(filter));
