import { brokerRoutes, SUCCESS } from '@haulboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import type { TKeyedOptions } from '../../../lib/idempotency';
import { useTextMutation } from '../../../lib/mutation';
import { invalidateBrokers } from './invalidate-brokers';

/**
 * DELETE /api/Broker/DeleteBroker?brokerId= ('Broker deleted successfully'). A broker with loads is
 * refused with an 'ERROR …' text that the shared hook shows as an error toast.
 */
export function useDeleteBroker({ idempotency }: TKeyedOptions) {
  const queryClient = useQueryClient();
  return useTextMutation({
    mutationFn: (brokerId: number, idempotencyKey) => callRoute(brokerRoutes.deleteBroker, { query: { brokerId }, idempotencyKey }),
    idempotency,
    successMessage: SUCCESS.brokerDeleted,
    onSuccess: () => invalidateBrokers(queryClient),
  });
}
