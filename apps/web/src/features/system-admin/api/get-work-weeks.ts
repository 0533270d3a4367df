import { workWeekRoutes } from '@haulboard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';

/** GET /api/General/GetWorkWeeks?year=: one year's work weeks of the active company. */
export const workWeeksQuery = (year: number) =>
  queryOptions({
    queryKey: ['work-weeks', year],
    queryFn: ({ signal }) => callRoute(workWeekRoutes.getWorkWeeks, { query: { year }, signal }),
  });

export const useWorkWeeks = (year: number) => useQuery(workWeeksQuery(year));
