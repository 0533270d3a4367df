import { lookupRoutes, type TRouteDef } from '@haulboard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, type TRouteCall } from './api-client';

/** Query options for a lookup route (a label/value list). Lookups change rarely: cached 5 minutes. */
export function lookupQuery<R extends TRouteDef>(def: R, query?: TRouteCall<R>['query']) {
  return queryOptions({
    queryKey: ['lookup', def.path, query ?? null],
    queryFn: ({ signal }) => callRoute(def, { query, signal }),
    staleTime: 5 * 60_000,
  });
}

/** The active company's drivers ('101 - Sam Carter', value the user id, and the unit). */
export const useCompanyDrivers = () => useQuery(lookupQuery(lookupRoutes.getCompanyDrivers));

/** The work weeks of one year ('Week 12 (03/16/2026 - 03/22/2026)', with the week's parts). */
export const useWorkWeekList = (year: number | null | undefined) =>
  useQuery({ ...lookupQuery(lookupRoutes.getWorkWeekList, { year: year ?? undefined }), enabled: !!year });
