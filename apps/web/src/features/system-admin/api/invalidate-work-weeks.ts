import { lookupRoutes, workWeekRoutes } from '@haulboard/contract';
import type { QueryClient } from '@tanstack/react-query';

/** Weeks changed: the weeks table, every week select (the GetWorkWeekList lookup) and the years offered. */
export const invalidateWorkWeeks = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['work-weeks'] }),
    queryClient.invalidateQueries({ queryKey: ['lookup', lookupRoutes.getWorkWeekList.path] }),
    queryClient.invalidateQueries({ queryKey: ['lookup', workWeekRoutes.getWorkYears.path] }),
  ]);
