import { loadOrderRoutes } from '@haulboard/contract';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { ORDER_POLL_MS } from './get-orders';

/** GET /api/LoadOrder/Timeline?id=: an order's events, newest first; an active order's keep coming. */
export const useOrderTimeline = (orderId: number, active: boolean) =>
  useQuery({
    queryKey: ['load-orders', 'timeline', orderId],
    queryFn: ({ signal }) => callRoute(loadOrderRoutes.getOrderTimeline, { query: { id: orderId }, signal }),
    refetchInterval: active ? ORDER_POLL_MS : false,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
