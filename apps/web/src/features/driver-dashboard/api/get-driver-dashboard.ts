import { driverDashboardRoutes, type TDriverDashboardQuery } from '@haulboard/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';

/** GET /api/DriverDashboard/GetDriversGrossIncome: one driver's figures for a week, a year or dates. */
export const driverDashboardQuery = (query: TDriverDashboardQuery) =>
  queryOptions({
    queryKey: ['driver-dashboard', query],
    queryFn: ({ signal }) => callRoute(driverDashboardRoutes.getDriversGrossIncome, { query, signal }),
  });

/** `enabled` false until the default period has been written to the URL. */
export const useDriverDashboard = (query: TDriverDashboardQuery, enabled: boolean) =>
  useQuery({ ...driverDashboardQuery(query), enabled, placeholderData: keepPreviousData });
