import { permissionRoutes } from '@haulboard/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { SESSION_QUERY_KEY } from '../../../lib/session';

/** GET /api/General/GetPermissions: the role × object matrix of the active company. */
export const permissionsQuery = () =>
  queryOptions({
    queryKey: ['permissions'],
    queryFn: ({ signal }) => callRoute(permissionRoutes.getPermissions, { signal }),
  });

export const usePermissionMatrix = () => useQuery(permissionsQuery());

/** The matrix changed: reload it, and the session, since the signed-in person's own menu may change. */
export const invalidatePermissions = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: permissionsQuery().queryKey }),
    queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
  ]);
