import { loadOrderRoutes } from '@haulboard/contract';
import { useQuery } from '@tanstack/react-query';
import { lookupQuery } from '../../../lib/lookups';

/** GET /api/LoadOrder/GetCompanyDrivers: the drivers an order can be placed for. */
export const useOrderDrivers = () => useQuery(lookupQuery(loadOrderRoutes.getCompanyDrivers));
