import { cookieRoutes, SUCCESS, type TCookieForm } from '@haulboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import type { TKeyedOptions } from '../../../lib/idempotency';
import { useTextMutation } from '../../../lib/mutation';

/**
 * POST /api/CookieAdmin ('Company Cookie updated successfully'). The values go to the server only:
 * nothing here logs or keeps them, and the dialog forgets them when it closes.
 */
export function useSaveCookie({ onSaved, idempotency }: TKeyedOptions & { onSaved?: () => void }) {
  const queryClient = useQueryClient();
  return useTextMutation({
    mutationFn: (form: TCookieForm, idempotencyKey) => callRoute(cookieRoutes.saveCookie, { body: form, idempotencyKey }),
    idempotency,
    successMessage: SUCCESS.cookieUpdated,
    onSuccess: async () => {
      onSaved?.();
      await queryClient.invalidateQueries({ queryKey: ['cookies'] });
    },
  });
}
