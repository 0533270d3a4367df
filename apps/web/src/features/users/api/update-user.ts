import { SUCCESS, type TUserForm, userRoutes } from '@haulboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import type { TKeyedOptions } from '../../../lib/idempotency';
import { useTextMutation } from '../../../lib/mutation';
import { SESSION_QUERY_KEY } from '../../../lib/session';
import { usersQuery } from './get-users';

/** POST /api/auth/UpdateUserInformation ('User updated successfully'). */
export function useUpdateUser({ onSaved, idempotency }: TKeyedOptions & { onSaved?: () => void }) {
  const queryClient = useQueryClient();
  return useTextMutation({
    mutationFn: (form: TUserForm, idempotencyKey) => callRoute(userRoutes.updateUserInformation, { body: form, idempotencyKey }),
    idempotency,
    successMessage: SUCCESS.userUpdated,
    onSuccess: async () => {
      onSaved?.();
      // The edited person may be the signed-in one: their name or roles in the sidebar change too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
      ]);
    },
  });
}
