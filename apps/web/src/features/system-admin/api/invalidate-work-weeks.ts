import { lookupRoutes } from '@haulboard/contract';
import type { QueryClient } from '@tanstack/react-query';

/** Weeks changed: the weeks table and every week select of the board (the GetWorkWeekList lookup). */
export const invalidateWorkWeeks = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['work-weeks'] }),
    queryClient.invalidateQueries({ queryKey: ['lookup', lookupRoutes.getWorkWeekList.path] }),
  ]);
