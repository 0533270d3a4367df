import { loadRoutes, SUCCESS } from '@haulboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { useTextMutation } from '../../../lib/mutation';

/** DELETE /api/Load?id= ('Load deleted successfully'). */
export function useDeleteLoad({ onDeleted }: { onDeleted?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useTextMutation({
    mutationFn: (loadId: number) => callRoute(loadRoutes.deleteLoad, { query: { id: loadId } }),
    successMessage: SUCCESS.loadDeleted,
    onSuccess: async () => {
      onDeleted?.();
      await queryClient.invalidateQueries({ queryKey: ['loads'] });
    },
  });
}
