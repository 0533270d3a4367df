import { boardLookupRoutes, lookupRoutes } from '@haulboard/contract';
import { useQuery } from '@tanstack/react-query';
import { lookupQuery } from '../../../lib/lookups';

/** The lookups the board's filters and load dialog choose from. */
export const useLoadStatuses = () => useQuery(lookupQuery(boardLookupRoutes.getLoadStatusList));
export const useStates = () => useQuery(lookupQuery(lookupRoutes.getStates));
export const useCompanyDrivers = () => useQuery(lookupQuery(boardLookupRoutes.getCompanyDrivers));

/** Active brokers; `includeId` keeps an edited load's inactive broker in the list. */
export const useBrokerList = (includeId?: number | null) =>
  useQuery(lookupQuery(boardLookupRoutes.getBrokerList, includeId ? { includeId } : undefined));

/** The work weeks of one year ('Week 12 (03/16/2026 - 03/22/2026)'). */
export const useWorkWeekList = (year: number | null | undefined) =>
  useQuery({ ...lookupQuery(boardLookupRoutes.getWorkWeekList, { year: year ?? undefined }), enabled: !!year });
