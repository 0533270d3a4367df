import { authRoutes, type TCurrentUser, ZCurrentUser } from '@haulboard/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { callRoute, isUnauthenticated } from './api-client';
import { readStored, STORAGE_KEY, writeStored } from './storage';

export const SESSION_QUERY_KEY = ['session'] as const;

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
  if (!raw) return null;
  try {
    const parsed = ZCurrentUser.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function storeUser(user: TCurrentUser | null) {
  writeStored(STORAGE_KEY.user, user ? JSON.stringify(user) : null);
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
export async function fetchSessionUser(signal?: AbortSignal): Promise<TCurrentUser | null> {
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
    initialData: () => readStoredUser() ?? undefined,
    initialDataUpdatedAt: 0,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnMount: refresh ? 'always' : false,
  });
}
