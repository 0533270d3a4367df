import { loadOrderRoutes, SUCCESS } from '@haulboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { useTextMutation } from '../../../lib/mutation';

/** DELETE /api/LoadOrder?id= ('Order cancelled successfully'): the order moves to history. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useTextMutation({
    mutationFn: (id: number) => callRoute(loadOrderRoutes.cancelOrder, { query: { id } }),
    successMessage: SUCCESS.orderCancelled,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['load-orders'] }),
  });
}
