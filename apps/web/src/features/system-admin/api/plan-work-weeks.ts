import { workWeekRoutes } from '@haulboard/contract';
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';

/**
 * GET /api/General/PlanWorkWeeks?date=: what generating from the date would create, the warnings
 * to confirm first (days left in no week, another weekday than the company's weeks start on) and
 * the refusal the server would answer. Asked fresh before each generation.
 */
export const planWorkWeeksQuery = (date: string) =>
  queryOptions({
    queryKey: ['work-weeks', 'plan', date],
    queryFn: ({ signal }) => callRoute(workWeekRoutes.planWorkWeeks, { query: { date }, signal }),
    staleTime: 0,
  });
