import { loadOrderRoutes, replyText, type TCity } from '@haulboard/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { callRoute } from './api-client';

/** The server answers text under two letters with an ERROR; the field does not ask until then. */
export const MIN_CITY_LETTERS = 2;
const letters = (text: string) => text.replace(/[^\p{L}]/gu, '').length;

/** What the user typed, once they stop typing for a moment. */
function useSettled(value: string, ms = 250) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * GET /api/LoadOrder/GetCities?value=: cities starting with the text, biggest first. Spec §8: a
 * text answer starting with 'ERROR' is shown as an error toast and the list is empty.
 */
export function useCitySearch(text: string) {
  const value = useSettled(text.trim());
  const enabled = letters(value) >= MIN_CITY_LETTERS;
  const query = useQuery({
    queryKey: ['cities', value.toUpperCase()],
    queryFn: async ({ signal }): Promise<TCity[]> => {
      const reply: unknown = await callRoute(loadOrderRoutes.getCities, { query: { value }, signal });
      if (typeof reply === 'string') {
        if (reply.startsWith('ERROR')) toast.error(replyText(reply), { toastId: 'city-search' });
        return [];
      }
      return reply as TCity[];
    },
    enabled,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
  return { cities: enabled ? (query.data ?? []) : [], loading: enabled && (query.isFetching || value !== text.trim()) };
}
