import { lookupRoutes, type TRouteDef, workWeekRoutes } from '@haulboard/contract';
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

/**
 * The years the work-year selects offer (GET /api/General/GetWorkYears): every year with weeks,
 * this year and next year, the same years the server lets weeks be generated for. Until the answer
 * is there, this year and next; a chosen year stays offered so a select never shows blank.
 */
export function useWorkYears(selected?: number | null): number[] {
  const years = useQuery(lookupQuery(workWeekRoutes.getWorkYears));
  const now = new Date().getFullYear();
  const list = new Set(years.data ?? [now, now + 1]);
  if (selected) list.add(selected);
  return [...list].sort((a, b) => a - b);
}

/** The work weeks of one year ('Week 12 (03/16/2026 - 03/22/2026)', with the week's parts). */
export const useWorkWeekList = (year: number | null | undefined) =>
  useQuery({ ...lookupQuery(lookupRoutes.getWorkWeekList, { year: year ?? undefined }), enabled: !!year });

/** Why a row of a closed settlement week cannot change: shown instead of failing only on Save. */
export const closedWeekReason = (w: { number: number; year: number }) =>
  `Week ${w.number} of ${w.year} is closed for settlements, so this opens read-only. Ask an administrator to reopen the week to change it.`;

/** The closed week (of one year's list) holding a week id or a date, or null. */
export function closedWeekOf<W extends { value: unknown; startDate: string; endDate: string; isClosed?: boolean }>(
  weeks: readonly W[] | undefined,
  at: { weekId?: number | null; date?: string | null },
): W | null {
  const date = at.date?.slice(0, 10);
  return weeks?.find((w) => w.isClosed && ((at.weekId != null && Number(w.value) === at.weekId) || (!!date && date >= w.startDate && date <= w.endDate))) ?? null;
}
