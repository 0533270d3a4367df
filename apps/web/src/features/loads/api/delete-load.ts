import { loadRoutes, SUCCESS } from '@haulboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import type { TKeyedOptions } from '../../../lib/idempotency';
import { useTextMutation } from '../../../lib/mutation';

/** DELETE /api/Load?id= ('Load deleted successfully'). */
export function useDeleteLoad({ onDeleted, idempotency }: TKeyedOptions & { onDeleted?: () => void }) {
  const queryClient = useQueryClient();
  return useTextMutation({
    mutationFn: (loadId: number, idempotencyKey) => callRoute(loadRoutes.deleteLoad, { query: { id: loadId }, idempotencyKey }),
    idempotency,
    successMessage: SUCCESS.loadDeleted,
    onSuccess: async () => {
      onDeleted?.();
      await queryClient.invalidateQueries({ queryKey: ['loads'] });
    },
  });
}
