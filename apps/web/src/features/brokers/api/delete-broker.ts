import { brokerRoutes, SUCCESS } from '@haulboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { useTextMutation } from '../../../lib/mutation';
import { invalidateBrokers } from './invalidate-brokers';

/**
 * DELETE /api/Broker/DeleteBroker?brokerId= ('Broker deleted successfully'). A broker with loads is
 * refused with an 'ERROR …' text that the shared hook shows as an error toast.
 */
export function useDeleteBroker() {
  const queryClient = useQueryClient();
  return useTextMutation({
    mutationFn: (brokerId: number) => callRoute(brokerRoutes.deleteBroker, { query: { brokerId } }),
    successMessage: SUCCESS.brokerDeleted,
    onSuccess: () => invalidateBrokers(queryClient),
  });
}
