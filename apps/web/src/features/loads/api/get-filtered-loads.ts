import { loadRoutes } from '@haulboard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { type TBoardFilter, toServerFilter } from '../lib/board-search';

/** POST /api/Load/GetFilteredLoads: every load the filter selects (the print view and the export). */
export const filteredLoadsQuery = (filter: TBoardFilter) => {
  const body = toServerFilter(filter);
  return queryOptions({
    queryKey: ['loads', 'all', body],
    queryFn: ({ signal }) => callRoute(loadRoutes.getFilteredLoads, { body, signal }),
  });
};

export const useFilteredLoads = (filter: TBoardFilter, enabled = true) => useQuery({ ...filteredLoadsQuery(filter), enabled });
