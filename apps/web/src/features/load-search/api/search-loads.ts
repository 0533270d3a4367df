import { loadSearchRoutes, type TLoadSearchBody, type TLoadSearchReply } from '@haulboard/contract';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';

/** POST /api/LoadSearch/Search: the board's work for the week around a city, or an 'ERROR …' text. */
export function useSearchLoads() {
  return useMutation<TLoadSearchReply | string, unknown, TLoadSearchBody>({
    mutationFn: (body) => callRoute(loadSearchRoutes.search, { body }) as Promise<TLoadSearchReply | string>,
  });
}
