import type { TRouteDef } from '@haulboard/contract';
import { queryOptions } from '@tanstack/react-query';
import { callRoute, type TRouteCall } from './api-client';

/** Query options for a lookup route (a label/value list). Lookups change rarely: cached 5 minutes. */
export function lookupQuery<R extends TRouteDef>(def: R, query?: TRouteCall<R>['query']) {
  return queryOptions({
    queryKey: ['lookup', def.path, query ?? null],
    queryFn: ({ signal }) => callRoute(def, { query, signal }),
    staleTime: 5 * 60_000,
  });
}
