import { SUCCESS, workWeekRoutes } from '@haulboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { useTextMutation } from '../../../lib/mutation';
import { invalidateWorkWeeks } from './invalidate-work-weeks';

/** DELETE /api/General/DeleteWorkWeeks?year= ('Weeks deleted successfully'; refused while loads use them). */
export function useDeleteWorkWeeks() {
  const queryClient = useQueryClient();
  return useTextMutation({
    mutationFn: (year: number) => callRoute(workWeekRoutes.deleteWorkWeeks, { query: { year } }),
    successMessage: SUCCESS.weeksDeleted,
    onSuccess: () => invalidateWorkWeeks(queryClient),
  });
}
