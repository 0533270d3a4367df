import { loadRoutes, SUCCESS, type TLoadForm } from '@haulboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import type { TKeyedOptions } from '../../../lib/idempotency';
import { useTextMutation } from '../../../lib/mutation';

/**
 * POST /api/Load/AddUpdateLoad ('Load updated successfully'). loadId 0 adds a load. A refusal
 * (a taken load number, someone else's newer save) arrives as a failed request: the shared hook
 * shows it as an error toast and `onSaved` does not run, so the dialog keeps the person's data.
 */
export function useUpsertLoad({ onSaved, idempotency }: TKeyedOptions & { onSaved?: () => void }) {
  const queryClient = useQueryClient();
  return useTextMutation({
    mutationFn: (form: TLoadForm, idempotencyKey) => callRoute(loadRoutes.addUpdateLoad, { body: form, idempotencyKey }),
    idempotency,
    successMessage: SUCCESS.loadUpdated,
    onSuccess: async () => {
      onSaved?.();
      await queryClient.invalidateQueries({ queryKey: ['loads'] });
    },
  });
}
