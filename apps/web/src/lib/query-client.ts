import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isUnauthenticated } from './api-client';
import { SESSION_QUERY_KEY, storeUser } from './session';

/**
 * One query client for the app. No refetch on window focus (spec §7). A 401 from any call means
 * the session ended on the server: the session becomes signed out and the guards send the person
 * to /login.
 */
export function createQueryClient() {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => signOutOn401(error) }),
    mutationCache: new MutationCache({ onError: (error) => signOutOn401(error) }),
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        // A refusal will not change on a retry; a dropped connection may.
        retry: (count, error) => count < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
      },
      mutations: { retry: false },
    },
  });
  function signOutOn401(error: unknown) {
    if (!isUnauthenticated(error)) return;
    storeUser(null);
    client.setQueryData(SESSION_QUERY_KEY, null);
  }
  return client;
}

/** Drops every cached answer except the session: used when the active company changes. */
export function forgetCompanyData(client: QueryClient) {
  client.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
}
