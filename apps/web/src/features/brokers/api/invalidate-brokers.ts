import { lookupRoutes } from '@haulboard/contract';
import type { QueryClient } from '@tanstack/react-query';
import { brokersQuery } from './get-brokers';

/** After a broker changes: the broker table and the board's broker lookup (inactive ones are not offered for new loads). */
export const invalidateBrokers = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: brokersQuery().queryKey }),
    queryClient.invalidateQueries({ queryKey: ['lookup', lookupRoutes.getBrokerList.path] }),
  ]);
