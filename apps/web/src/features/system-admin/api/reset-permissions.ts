import { permissionRoutes } from '@haulboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { useTextMutation } from '../../../lib/mutation';
import { invalidatePermissions } from './get-permissions';

/** POST /api/General/ResetPermissions: the whole matrix back to the defaults. */
export function useResetPermissions() {
  const queryClient = useQueryClient();
  return useTextMutation({
    mutationFn: () => callRoute(permissionRoutes.resetPermissions),
    onSuccess: () => invalidatePermissions(queryClient),
  });
}
