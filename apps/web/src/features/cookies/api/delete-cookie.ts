import { cookieRoutes, SUCCESS } from '@haulboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { useTextMutation } from '../../../lib/mutation';

/** DELETE /api/CookieAdmin?Id= ('Company Cookie deleted successfully'). */
export function useDeleteCookie() {
  const queryClient = useQueryClient();
  return useTextMutation({
    mutationFn: (id: number) => callRoute(cookieRoutes.deleteCookie, { query: { Id: id } }),
    successMessage: SUCCESS.cookieDeleted,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['cookies'] }),
  });
}
