import { brokerRoutes } from '@haulboard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';

/** GET /api/Broker: the active company's brokers, active and inactive. */
export const brokersQuery = () =>
  queryOptions({
    queryKey: ['brokers'],
    queryFn: ({ signal }) => callRoute(brokerRoutes.getBrokers, { signal }),
  });

export const useBrokers = () => useQuery(brokersQuery());
