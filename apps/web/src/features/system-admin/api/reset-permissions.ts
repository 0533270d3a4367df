import { permissionRoutes } from '@haulboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import type { TKeyedOptions } from '../../../lib/idempotency';
import { useTextMutation } from '../../../lib/mutation';
import { invalidatePermissions } from './get-permissions';

/** POST /api/General/ResetPermissions: the whole matrix back to the defaults. */
export function useResetPermissions({ idempotency }: TKeyedOptions) {
  const queryClient = useQueryClient();
  return useTextMutation<void>({
    mutationFn: (_vars, idempotencyKey) => callRoute(permissionRoutes.resetPermissions, { idempotencyKey }),
    idempotency,
    onSuccess: () => invalidatePermissions(queryClient),
  });
}
