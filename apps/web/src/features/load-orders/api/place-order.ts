import { loadOrderRoutes, type TLoadOrderForm } from '@haulboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import type { TKeyedOptions } from '../../../lib/idempotency';
import { useTextMutation } from '../../../lib/mutation';

/**
 * POST /api/LoadOrder/PlaceOrder: loadOrderId 0 places an order, an id edits that active order.
 * The reply ('Order placed successfully', 'Order updated successfully', or an ERROR) is the toast.
 */
export function usePlaceOrder({ onSaved, idempotency }: TKeyedOptions & { onSaved?: () => void }) {
  const queryClient = useQueryClient();
  return useTextMutation({
    mutationFn: (form: TLoadOrderForm, idempotencyKey) => callRoute(loadOrderRoutes.placeOrder, { body: form, idempotencyKey }),
    idempotency,
    onSuccess: async () => {
      onSaved?.();
      await queryClient.invalidateQueries({ queryKey: ['load-orders'] });
    },
  });
}
