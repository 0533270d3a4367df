import { userRoutes } from '@haulboard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';

/** GET /api/auth/GetUsers: the active company's users, applicants included. */
export const usersQuery = () =>
  queryOptions({
    queryKey: ['users'],
    queryFn: ({ signal }) => callRoute(userRoutes.getUsers, { signal }),
  });

export const useUsers = () => useQuery(usersQuery());
