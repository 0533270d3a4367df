import { cookieRoutes } from '@haulboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { useTextMutation } from '../../../lib/mutation';

/** GET /api/CookieAdmin/RefreshCookies: every stored board session checked; the counts as a toast. */
export function useRefreshCookies() {
  const queryClient = useQueryClient();
  return useTextMutation({
    mutationFn: () => callRoute(cookieRoutes.refreshCookies, {}),
    // A GET: it saves nothing twice.
    idempotency: null,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['cookies'] }), queryClient.invalidateQueries({ queryKey: ['load-search'] })]),
  });
}
