import { permissionRoutes, type TSetPermission } from '@haulboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import type { TKeyedOptions } from '../../../lib/idempotency';
import { useTextMutation } from '../../../lib/mutation';
import { invalidatePermissions } from './get-permissions';

/** POST /api/General/SetPermission: one cell, saved at once; the reply text is the toast. */
export function useSetPermission({ idempotency }: TKeyedOptions) {
  const queryClient = useQueryClient();
  return useTextMutation({
    mutationFn: (cell: TSetPermission, idempotencyKey) => callRoute(permissionRoutes.setPermission, { body: cell, idempotencyKey }),
    idempotency,
    onSuccess: () => invalidatePermissions(queryClient),
  });
}
