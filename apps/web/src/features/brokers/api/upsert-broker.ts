import { brokerRoutes, SUCCESS, type TBrokerForm } from '@haulboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import type { TKeyedOptions } from '../../../lib/idempotency';
import { useTextMutation } from '../../../lib/mutation';
import { invalidateBrokers } from './invalidate-brokers';

/**
 * POST /api/Broker/AddUpdateBroker ('Broker updated successfully'); brokerId 0 adds one. A refusal
 * (someone else saved the broker first) arrives as a failed request: the shared hook shows it as an
 * error toast and `onSaved` does not run, so the dialog keeps what was typed.
 */
export function useUpsertBroker({ onSaved, idempotency }: TKeyedOptions & { onSaved?: () => void }) {
  const queryClient = useQueryClient();
  return useTextMutation({
    mutationFn: (form: TBrokerForm, idempotencyKey) => callRoute(brokerRoutes.addUpdateBroker, { body: form, idempotencyKey }),
    idempotency,
    successMessage: SUCCESS.brokerUpdated,
    onSuccess: async () => {
      onSaved?.();
      await invalidateBrokers(queryClient);
    },
  });
}
