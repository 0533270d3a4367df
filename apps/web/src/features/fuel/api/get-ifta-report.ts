import { fuelRoutes, type TIftaReportFilter } from '@haulboard/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { lookupQuery } from '../../../lib/lookups';

/** POST /api/Accounting/GetIftaReport: per unit and state, with totals and checks. */
export const iftaReportQuery = (filter: TIftaReportFilter) =>
  queryOptions({
    queryKey: ['fuel', 'report', filter],
    queryFn: ({ signal }) => callRoute(fuelRoutes.getIftaReport, { body: filter, signal }),
    placeholderData: keepPreviousData,
  });

/** POST /api/Accounting/GetIftaReportSummary: per state over every selected unit. */
export const iftaReportSummaryQuery = (filter: TIftaReportFilter) =>
  queryOptions({
    queryKey: ['fuel', 'report-summary', filter],
    queryFn: ({ signal }) => callRoute(fuelRoutes.getIftaReportSummary, { body: filter, signal }),
    placeholderData: keepPreviousData,
  });

export const useIftaReport = (filter: TIftaReportFilter) => useQuery(iftaReportQuery(filter));
export const useIftaReportSummary = (filter: TIftaReportFilter) => useQuery(iftaReportSummaryQuery(filter));

/** GET /api/Lookup/GetIftaDrivers: drivers with a unit number. */
export const useIftaDrivers = () => useQuery(lookupQuery(fuelRoutes.getIftaDrivers));
