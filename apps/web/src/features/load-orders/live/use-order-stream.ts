import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useSession } from '../../../lib/session';
import { connect, getState, subscribe } from './order-stream';

/** Listens to the company's pushed order changes while mounted; answers the stream's state and alerts. */
export function useOrderStream(enabled = true) {
  const client = useQueryClient();
  const { data: user } = useSession();
  const companyId = user?.companyId ?? null;
  useEffect(() => (enabled ? connect(client, companyId) : undefined), [client, companyId, enabled]);
  return useSyncExternalStore(subscribe, getState, getState);
}
