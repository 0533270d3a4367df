import { loadRoutes, type TLoadSortColumn } from '@haulboard/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { type TBoardFilter, toServerFilter } from '../lib/board-search';

export type TLoadsPageArgs = {
  filter: TBoardFilter;
  page: number;
  pageSize: number;
  sortBy: TLoadSortColumn | null;
  sortDir: 'asc' | 'desc';
};

/** POST /api/Load/GetFilteredLoadsPage: one sorted page, the count and the exact payout total. */
export const loadsPageQuery = ({ filter, page, pageSize, sortBy, sortDir }: TLoadsPageArgs) => {
  const body = { ...toServerFilter(filter), page, pageSize, ...(sortBy ? { sortBy, sortDir } : {}) };
  return queryOptions({
    queryKey: ['loads', 'page', body],
    queryFn: ({ signal }) => callRoute(loadRoutes.getFilteredLoadsPage, { body, signal }),
  });
};

/** The board's page; the previous page stays on screen while the next one loads. */
export const useLoadsPage = (args: TLoadsPageArgs, enabled = true) =>
  useQuery({ ...loadsPageQuery(args), placeholderData: keepPreviousData, enabled });
