import { SUCCESS, workWeekRoutes } from '@haulboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import type { TKeyedOptions } from '../../../lib/idempotency';
import { useTextMutation } from '../../../lib/mutation';
import { invalidateWorkWeeks } from './invalidate-work-weeks';

/** DELETE /api/General/DeleteWorkWeeks?year= ('Weeks deleted successfully'; refused while loads use them). */
export function useDeleteWorkWeeks({ idempotency }: TKeyedOptions) {
  const queryClient = useQueryClient();
  return useTextMutation({
    mutationFn: (year: number, idempotencyKey) => callRoute(workWeekRoutes.deleteWorkWeeks, { query: { year }, idempotencyKey }),
    idempotency,
    successMessage: SUCCESS.weeksDeleted,
    onSuccess: () => invalidateWorkWeeks(queryClient),
  });
}
