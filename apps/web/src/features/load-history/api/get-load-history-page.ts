import { loadRoutes, type TLoadSortColumn } from '@haulboard/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';

export type THistoryFilter = {
  loadNumber: string;
  year: number | null;
  weekId: number | null;
  stateId: number | null;
  startDate: string;
  endDate: string;
};

export type THistoryPageArgs = {
  filter: THistoryFilter;
  page: number;
  pageSize: number;
  sortBy: TLoadSortColumn | null;
  sortDir: 'asc' | 'desc';
};

/** POST /api/Load/GetLoadHistoryPage: one sorted page of the history search, with its count. */
export const loadHistoryPageQuery = ({ filter, page, pageSize, sortBy, sortDir }: THistoryPageArgs) => {
  const body = {
    loadNumber: filter.loadNumber.trim() || null,
    year: filter.year ?? 0,
    weekId: filter.weekId ?? 0,
    stateId: filter.stateId ?? 0,
    startDate: filter.startDate || null,
    endDate: filter.endDate || null,
    page,
    pageSize,
    ...(sortBy ? { sortBy, sortDir } : {}),
  };
  return queryOptions({
    queryKey: ['loads', 'history', body],
    queryFn: ({ signal }) => callRoute(loadRoutes.getLoadHistoryPage, { body, signal }),
  });
};

export const useLoadHistoryPage = (args: THistoryPageArgs) => useQuery({ ...loadHistoryPageQuery(args), placeholderData: keepPreviousData });
