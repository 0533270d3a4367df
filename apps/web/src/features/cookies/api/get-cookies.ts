import { cookieRoutes } from '@haulboard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';

/** GET /api/CookieAdmin: the company's stored board sessions, newest first, values cut by the server. */
export const cookiesQuery = () =>
  queryOptions({
    queryKey: ['cookies'],
    queryFn: ({ signal }) => callRoute(cookieRoutes.getCookies, { signal }),
  });

export const useCookies = () => useQuery(cookiesQuery());
