import { settingsRoutes } from '@haulboard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';

/** GET /api/General/GetServiceUrl: the company's service URL as text ('' when not set). */
export const serviceUrlQuery = () =>
  queryOptions({
    queryKey: ['service-url'],
    queryFn: ({ signal }) => callRoute(settingsRoutes.getServiceUrl, { signal }),
  });

export const useServiceUrl = () => useQuery(serviceUrlQuery());
