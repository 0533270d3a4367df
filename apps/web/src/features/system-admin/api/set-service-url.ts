import { SUCCESS, settingsRoutes } from '@haulboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import type { TKeyedOptions } from '../../../lib/idempotency';
import { useTextMutation } from '../../../lib/mutation';
import { serviceUrlQuery } from './get-service-url';

/** POST /api/General/setServiceUrl?url= ('Service URL saved successfully'). */
export function useSetServiceUrl({ onSaved, idempotency }: TKeyedOptions & { onSaved?: (url: string) => void }) {
  const queryClient = useQueryClient();
  return useTextMutation({
    mutationFn: (url: string, idempotencyKey) => callRoute(settingsRoutes.setServiceUrl, { query: { url }, idempotencyKey }),
    idempotency,
    successMessage: SUCCESS.serviceUrlSaved,
    onSuccess: (_text, url) => {
      queryClient.setQueryData(serviceUrlQuery().queryKey, url);
      onSaved?.(url);
    },
  });
}
