import { fuelRoutes, type TAccountingFilter } from '@haulboard/contract';
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';

/** POST /api/Accounting/GetIftaMiles: miles per unit and jurisdiction of a year and quarter. */
export const iftaMilesQuery = (filter: TAccountingFilter) =>
  queryOptions({
    queryKey: ['fuel', 'miles', filter],
    queryFn: ({ signal }) => callRoute(fuelRoutes.getIftaMiles, { body: filter, signal }),
    placeholderData: keepPreviousData,
  });

export const useIftaMiles = (filter: TAccountingFilter) => useQuery(iftaMilesQuery(filter));

export const invalidateIftaMiles = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ['fuel'] });
