import { SUCCESS, workWeekRoutes } from '@haulboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import type { TKeyedOptions } from '../../../lib/idempotency';
import { useTextMutation } from '../../../lib/mutation';
import { invalidateWorkWeeks } from './invalidate-work-weeks';

/** POST /api/General/GenerateWorkWeeks?date=YYYY-MM-DD ('Weeks generated successfully'; an overlap is refused). */
export function useGenerateWorkWeeks({ onGenerated, idempotency }: TKeyedOptions & { onGenerated?: (date: string) => void }) {
  const queryClient = useQueryClient();
  return useTextMutation({
    mutationFn: (date: string, idempotencyKey) => callRoute(workWeekRoutes.generateWorkWeeks, { query: { date }, idempotencyKey }),
    idempotency,
    successMessage: SUCCESS.weeksGenerated,
    onSuccess: async (_text, date) => {
      onGenerated?.(date);
      await invalidateWorkWeeks(queryClient);
    },
  });
}
