import type { TCurrentUser } from '@haulboard/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { callRoute, isUnauthenticated, setShownCompany } from './api-client';
import { readStored, STORAGE_KEY, writeStored } from './storage';

export const SESSION_QUERY_KEY = ['session'] as const;

type TSessionContract = typeof import('./session-contract');
let sessionContract: TSessionContract | null = null;
let loadingContract: Promise<TSessionContract> | null = null;

/**
 * Loads the sign-in route and the user's schema (with zod) once. They are not in the first load:
 * the router's root loader starts this at once, beside the first page's module, and waits for it
 * only when a stored session has to be checked before the first paint.
 */
export function loadSessionContract(): Promise<TSessionContract> {
  loadingContract ??= import('./session-contract').then((m) => {
    sessionContract = m;
    return m;
  });
  return loadingContract;
}

/** The root route's loader: nothing to wait for without a stored session (a visitor). */
export function prepareSession(): Promise<unknown> | null {
  const loading = loadSessionContract();
  return readStored(STORAGE_KEY.user) ? loading : null;
}

/** Where a person stands in onboarding (spec §4), which decides where the guards send them. */
export type TSessionState = 'signedOut' | 'noCompany' | 'inReview' | 'member';

export function sessionStateOf(user: TCurrentUser | null | undefined): TSessionState {
  if (!user) return 'signedOut';
  if (user.roleId) return 'member';
  if (user.companyId) return 'inReview';
  return 'noCompany';
}

/** The session kept in local storage under the spec's user key; anything unreadable is ignored. */
export function readStoredUser(): TCurrentUser | null {
  const raw = readStored(STORAGE_KEY.user);
  // Without the schema (not loaded yet, which prepareSession rules out) nothing unchecked is used.
  if (!raw || !sessionContract) return null;
  try {
    const parsed = sessionContract.ZCurrentUser.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function storeUser(user: TCurrentUser | null) {
  writeStored(STORAGE_KEY.user, user ? JSON.stringify(user) : null);
  setShownCompany(user?.companyId ?? null);
}

/** Records a user the server just returned (sign-in refresh, registration, company switch). */
export function setSessionUser(queryClient: QueryClient, user: TCurrentUser | null) {
  storeUser(user);
  queryClient.setQueryData(SESSION_QUERY_KEY, user);
}

/**
 * Refreshes the session from the server (spec §2: by email, when the authenticated area loads).
 * The server answers for the session cookie; the body is the legacy client's and changes nothing.
 * Not signed in resolves to null rather than failing, so guards can redirect.
 */
/** The server's readable hint that this browser holds a session (auth/sessions.ts SIGNED_IN_HINT_COOKIE). */
const hasSignedInHint = () => typeof document !== 'undefined' && /(?:^|;\s*)haulboard_signed_in=/.test(document.cookie);

export async function fetchSessionUser(signal?: AbortSignal): Promise<TCurrentUser | null> {
  // Signed out is an expected state, not an error: without the hint the server is not asked (no 401 logged).
  if (!hasSignedInHint()) {
    storeUser(null);
    return null;
  }
  const { authRoutes } = await loadSessionContract();
  const stored = readStoredUser();
  try {
    const user = await callRoute(authRoutes.getUserDetails, {
      body: { email: stored?.email, displayName: stored?.displayName, phoneNumber: stored?.phoneNumber, uid: stored?.uid },
      signal,
    });
    storeUser(user);
    return user;
  } catch (error) {
    if (isUnauthenticated(error)) {
      storeUser(null);
      return null;
    }
    throw error;
  }
}

/**
 * The signed-in user. Starts from local storage so a reload paints at once; `refresh` asks the
 * server again every time the calling component mounts (the guards of each area do this).
 */
export function useSession({ refresh = false }: { refresh?: boolean } = {}) {
  return useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => fetchSessionUser(signal),
    initialData: () => {
      const stored = readStoredUser();
      // The company this tab paints first is the one it shows until the server says otherwise.
      setShownCompany(stored?.companyId ?? null);
      return stored ?? undefined;
    },
    initialDataUpdatedAt: 0,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnMount: refresh ? 'always' : false,
  });
}
