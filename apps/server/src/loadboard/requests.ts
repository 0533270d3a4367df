import type { TBoardWork } from './answers';

/** What the board is sent: the search body (domain-notes §4.3) and the booking body. */

/** Search filters (§4.3); all optional. */
export type TBoardSearch = {
  origins?: { name: string; stateCode: string; latitude: number; longitude: number; radiusMiles: number }[];
  destinations?: { name: string; stateCode: string; latitude: number; longitude: number; radiusMiles: number }[];
  /** Pickup window (ISO). */
  startDate?: string | null;
  endDate?: string | null;
  minPayout?: number | null;
  minPricePerMile?: number | null;
  maxStops?: number | null;
  /** Trip miles. */
  minDistance?: number | null;
  maxDistance?: number | null;
  workTypes?: ('ONE_WAY' | 'ROUND_TRIP')[];
  loadingTypes?: ('LIVE' | 'DROP')[];
  driverTypes?: ('SINGLE_DRIVER' | 'TEAM_DRIVER')[];
  sortByField?: string;
  sortOrder?: 'asc' | 'desc';
  /** Records already delivered (the previous page's `nextItemToken`), 0 first. */
  nextItemToken?: number | null;
  /** At most 50. */
  resultSize?: number;
};

/** The board's search body (§4.3) for our filters. */
export function searchBody(f: TBoardSearch = {}) {
  const cities = (list: TBoardSearch['origins']) =>
    (list ?? []).map((c) => ({
      cityName: c.name.toUpperCase(),
      cityStateCode: c.stateCode,
      cityDisplayValue: `${c.name.toUpperCase()}, ${c.stateCode}`,
      cityLatitude: c.latitude,
      cityLongitude: c.longitude,
      radius: c.radiusMiles,
    }));
  const origins = f.origins ?? [];
  return {
    workOpportunityTypeList: f.workTypes ?? ['ONE_WAY', 'ROUND_TRIP'],
    originCity: null,
    liveCity: null,
    originCities: origins.map((c) => ({
      name: c.name.toUpperCase(),
      stateCode: c.stateCode,
      country: 'US',
      latitude: c.latitude,
      longitude: c.longitude,
      displayValue: `${c.name.toUpperCase()}, ${c.stateCode}`,
      isCityLive: false,
      isAnywhere: false,
      uniqueKey: `${c.latitude}${c.name.toUpperCase()}, ${c.stateCode}`,
    })),
    originCitiesRadiusFilters: cities(origins),
    startCityRadius: origins[0]?.radiusMiles ?? null,
    destinationCity: null,
    destinationCitiesRadiusFilters: cities(f.destinations),
    exclusionCitiesFilter: null,
    endCityName: null,
    endCityRadius: null,
    startDate: f.startDate ?? null,
    endDate: f.endDate ?? null,
    minDistance: f.minDistance ?? null,
    maxDistance: f.maxDistance ?? null,
    minimumDurationInMillis: null,
    maximumDurationInMillis: null,
    minPayout: f.minPayout ?? null,
    minPricePerDistance: f.minPricePerMile ?? null,
    driverTypeFilters: f.driverTypes ?? ['SINGLE_DRIVER', 'TEAM_DRIVER'],
    loadingTypeFilters: f.loadingTypes ?? ['LIVE', 'DROP'],
    trailerStatusFilters: [],
    uiiaCertificationsFilter: [],
    workOpportunityOperatingRegionFilter: [],
    maximumNumberOfStops: f.maxStops ?? null,
    workOpportunityAccessType: null,
    sortByField: f.sortByField ?? 'relevanceForSearchTab',
    sortOrder: f.sortOrder ?? 'asc',
    visibilityStatusType: 'ALL',
    nextItemToken: f.nextItemToken ?? 0,
    resultSize: Math.min(50, Math.max(1, f.resultSize ?? 50)),
    searchURL: '',
    savedSearchId: '',
    isAutoRefreshCall: false,
    notificationId: '',
    auditContextMap: JSON.stringify({ rlbChannel: 'EXACT_MATCH', source: 'AVAILABLE_WORK' }),
  };
}

/** The board's booking body: the payout the work was seen with, which the board checks. */
export function bookBody(work: Pick<TBoardWork, 'payoutCents'>) {
  return {
    isCallFromRA: false,
    totalCost: { value: work.payoutCents / 100, unit: 'USD' },
    isCarrierEligibleForOneDayPayment: false,
    searchURL: '',
    auditContextMap: JSON.stringify({ rlbChannel: 'EXACT_MATCH', searchResultIndex: 0 }),
  };
}
