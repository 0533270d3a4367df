import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isCompanyChanged, isUnauthenticated, onListInfo } from './api-client';
import { keepOpenDrafts } from './form-draft';
import { showListInfo } from './list-info';
import { SESSION_QUERY_KEY, storeUser } from './session';

/**
 * One query client for the app. No refetch on window focus (spec §7). A 401 from any call means
 * the session ended on the server: the session becomes signed out and the guards send the person
 * to /login.
 */
export function createQueryClient() {
  // A list the server capped says so once, whichever page, export or print view asked for it.
  onListInfo(showListInfo);
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => onAnyError(error) }),
    mutationCache: new MutationCache({ onError: (error) => onAnyError(error) }),
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
  function onAnyError(error: unknown) {
    if (isCompanyChanged(error)) return reloadInActiveCompany(error as ApiError);
    if (!isUnauthenticated(error)) return;
    // What is typed in open dialogs is kept for after signing in again (lib/form-draft.ts).
    keepOpenDrafts();
    storeUser(null);
    client.setQueryData(SESSION_QUERY_KEY, null);
  }
  return client;
}

let reloading = false;
/** The session now works in another company (switched in another tab): say so, then reload this
 * tab at the start page of the active company (spec §4: a company switch goes to /). */
function reloadInActiveCompany(error: ApiError) {
  if (reloading) return;
  reloading = true;
  // The toast library is not part of the first load; it is loaded (and mostly already is) here.
  void import('react-toastify').then(({ toast }) => toast.warning(error.message, { toastId: 'company-changed' }));
  window.setTimeout(() => window.location.assign('/'), 2500);
}

/** Drops every cached answer except the session: used when the active company changes. */
export function forgetCompanyData(client: QueryClient) {
  client.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
}
