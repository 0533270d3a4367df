import { loadOrderRoutes, SUCCESS } from '@haulboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import type { TKeyedOptions } from '../../../lib/idempotency';
import { useTextMutation } from '../../../lib/mutation';

/** DELETE /api/LoadOrder?id= ('Order cancelled successfully'): the order moves to history. */
export function useCancelOrder({ idempotency }: TKeyedOptions) {
  const queryClient = useQueryClient();
  return useTextMutation({
    mutationFn: (id: number, idempotencyKey) => callRoute(loadOrderRoutes.cancelOrder, { query: { id }, idempotencyKey }),
    idempotency,
    successMessage: SUCCESS.orderCancelled,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['load-orders'] }),
  });
}
