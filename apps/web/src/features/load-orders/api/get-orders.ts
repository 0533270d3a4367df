import { loadOrderRoutes, replyText, type TLoadOrder } from '@haulboard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { callRoute } from '../../../lib/api-client';

/** Spec §9: the order list refreshes every 5000 ms. */
export const ORDER_POLL_MS = 5000;

/**
 * GET /api/LoadOrder. Spec §8: a plain-text answer is shown as an error toast and the list is
 * treated as empty (one toast, not one every 5 seconds).
 */
export const ordersQuery = () =>
  queryOptions({
    queryKey: ['load-orders'],
    queryFn: async ({ signal }): Promise<TLoadOrder[]> => {
      const reply: unknown = await callRoute(loadOrderRoutes.getOrders, { signal });
      if (typeof reply === 'string') {
        toast.error(replyText(reply) || 'The order list could not be read', { toastId: 'load-orders-text' });
        return [];
      }
      return reply as TLoadOrder[];
    },
    // Polls only while the page is visible: TanStack Query pauses the interval in a hidden tab.
    refetchInterval: ORDER_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });

export const useOrders = () => useQuery(ordersQuery());
