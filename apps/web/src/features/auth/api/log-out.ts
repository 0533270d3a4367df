import { authRoutes } from '@haulboard/contract';
import { useState } from 'react';
import { callRoute } from '../../../lib/api-client';
import { clearStorage } from '../../../lib/storage';

type TLeave = (url: string) => void;
const leave: TLeave = (url) => window.location.assign(url);

/**
 * Spec §4 logout: ends the server session, clears all local storage, then signs out of the
 * identity provider, which returns to '/'. A failed call still signs out locally: the person asked
 * to leave, and a dead session needs no ending.
 */
export async function logOut(go: TLeave = leave) {
  let endSessionUrl: string | null = null;
  try {
    endSessionUrl = (await callRoute(authRoutes.logOut)).endSessionUrl;
  } catch (error) {
    console.warn('Logout call failed; signing out locally', error);
  }
  clearStorage();
  go(endSessionUrl ?? '/');
}

export function useLogOut() {
  const [isPending, setPending] = useState(false);
  return {
    isPending,
    logOut: () => {
      setPending(true);
      void logOut();
    },
  };
}
