import { lookupRoutes } from '@haulboard/contract';
import { useQuery } from '@tanstack/react-query';
import { lookupQuery } from '../../../lib/lookups';

/** The lookups the board's filters and load dialog choose from (drivers and work weeks are shared: lib/lookups). */
export { useCompanyDrivers, useWorkWeekList } from '../../../lib/lookups';
export const useLoadStatuses = () => useQuery(lookupQuery(lookupRoutes.getLoadStatusList));
export const useStates = () => useQuery(lookupQuery(lookupRoutes.getStates));

/** Active brokers; `includeId` keeps an edited load's inactive broker in the list. */
export const useBrokerList = (includeId?: number | null) =>
  useQuery(lookupQuery(lookupRoutes.getBrokerList, includeId ? { includeId } : undefined));
