import { fuelRoutes, type TAccountingFilter } from '@haulboard/contract';
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';

/** POST /api/Accounting/GetFuel: the fuel-card lines of a week, or of a year and quarter. */
export const fuelQuery = (filter: TAccountingFilter) =>
  queryOptions({
    queryKey: ['fuel', 'lines', filter],
    queryFn: ({ signal }) => callRoute(fuelRoutes.getFuel, { body: filter, signal }),
    placeholderData: keepPreviousData,
  });

export const useFuel = (filter: TAccountingFilter) => useQuery(fuelQuery(filter));

/** After an import or an undo: the lines, and the report built from them. */
export const invalidateFuel = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ['fuel'] });
