import { permissionRoutes, type TSetPermission } from '@haulboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { useTextMutation } from '../../../lib/mutation';
import { invalidatePermissions } from './get-permissions';

/** POST /api/General/SetPermission: one cell, saved at once; the reply text is the toast. */
export function useSetPermission() {
  const queryClient = useQueryClient();
  return useTextMutation({
    mutationFn: (cell: TSetPermission) => callRoute(permissionRoutes.setPermission, { body: cell }),
    onSuccess: () => invalidatePermissions(queryClient),
  });
}
