import { cookieRoutes, SUCCESS } from '@haulboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import type { TKeyedOptions } from '../../../lib/idempotency';
import { useTextMutation } from '../../../lib/mutation';

/** DELETE /api/CookieAdmin?Id= ('Company Cookie deleted successfully'). */
export function useDeleteCookie({ idempotency }: TKeyedOptions) {
  const queryClient = useQueryClient();
  return useTextMutation({
    mutationFn: (id: number, idempotencyKey) => callRoute(cookieRoutes.deleteCookie, { query: { Id: id }, idempotencyKey }),
    idempotency,
    successMessage: SUCCESS.cookieDeleted,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['cookies'] }),
  });
}
