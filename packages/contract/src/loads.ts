import { z } from 'zod';
import {
  editId,
  filterDate,
  filterId,
  filterYear,
  MAX_SMALL_ID,
  optionalNumber,
  optionalText,
  requiredDateTime,
  requiredId,
  requiredNumber,
  requiredText,
  versionField,
  ZIdQuery,
} from './fields';
import { MSG } from './messages';
import { defineRoute, onObject, ZTextReply } from './route-def';

/** A driver of a load: the first driver first, two for a team. */
export const ZLoadDriver = z.object({ userId: z.number(), name: z.string(), unitNumber: z.string().nullable() });
export type TLoadDriver = z.infer<typeof ZLoadDriver>;

/**
 * Spec §3 Load, as the server answers it. Dates are ISO 8601 in UTC. Payout and price per mile
 * stay JSON numbers here, as the spec's clients read them (docs/decisions/005); the page total is
 * an exact decimal string.
 */
export const ZLoad = z.object({
  loadId: z.number(),
  loadNumber: z.string(),
  brokerId: z.number(),
  brokerName: z.string(),
  loadStartDate: z.string(),
  loadEndDate: z.string(),
  weekId: z.number(),
  originStateId: z.number(),
  originCity: z.string(),
  originStateName: z.string(),
  destinationStateId: z.number(),
  destinationCity: z.string(),
  destinationStateName: z.string(),
  tripLength: z.number(),
  numberOfStops: z.number(),
  pricePerMile: z.number(),
  payout: z.number(),
  loadStatusId: z.number(),
  loadStatusName: z.string(),
  /** Driver user ids, first driver first (two for a team). */
  loadDrivers: z.array(z.number()),
  /** Driver names joined with ', ' in the same order; '' when no driver is assigned. */
  loadDriverNames: z.string(),
  /** The drivers with their names and units, in the same order: read these rather than splitting the names. */
  drivers: z.array(ZLoadDriver),
  isDispute: z.boolean(),
  comments: z.string().nullable(),
  companyName: z.string(),
  createdBy: z.string().nullable(),
  createdOn: z.string(),
  updatedBy: z.string().nullable(),
  /** The version to send back with an edit. */
  updatedOn: z.string(),
});
export type TLoad = z.infer<typeof ZLoad>;

export const LOAD_TEXT = {
  endBeforeStart: 'End date must be on or after the start date',
  twoDriversAtMost: 'At most two drivers (a team)',
  distinctDrivers: 'Choose two different drivers',
} as const;

/**
 * Spec §5 Load form (board and import). `loadId` 0 or absent adds a load (edit-and-duplicate sends
 * 0). Payout is optional (0 when absent); the web offers price per mile × trip length. Zero, one
 * or two distinct drivers: a load can be booked before a driver is assigned.
 */
export const ZLoadForm = z
  .object({
    loadId: editId(),
    loadNumber: requiredText(MSG.required, 50),
    brokerId: requiredId(),
    loadStartDate: requiredDateTime(),
    loadEndDate: requiredDateTime(),
    weekId: requiredId(),
    originStateId: requiredId(MSG.required, MAX_SMALL_ID),
    originCity: requiredText(MSG.required, 100),
    destinationStateId: requiredId(MSG.required, MAX_SMALL_ID),
    destinationCity: requiredText(MSG.required, 100),
    tripLength: requiredNumber({ max: 100_000 }),
    numberOfStops: requiredNumber({ int: true, max: 100 }),
    pricePerMile: requiredNumber({ max: 1000 }),
    payout: optionalNumber({ max: 10_000_000 }),
    loadStatusId: requiredId(MSG.required, MAX_SMALL_ID),
    loadDrivers: z
      .array(requiredId())
      .max(2, { error: LOAD_TEXT.twoDriversAtMost })
      .nullish()
      .transform((v) => v ?? [])
      .refine((v) => new Set(v).size === v.length, { error: LOAD_TEXT.distinctDrivers }),
    isDispute: z.boolean().nullish().transform((v) => v ?? false),
    comments: optionalText(2000),
    updatedOn: versionField(),
  })
  .refine((l) => l.loadEndDate >= l.loadStartDate, { error: LOAD_TEXT.endBeforeStart, path: ['loadEndDate'] });
export type TLoadForm = z.input<typeof ZLoadForm>;
export type TLoadFormOutput = z.output<typeof ZLoadForm>;

/**
 * Spec §3 Load search filter. Zero or blank ids mean "any". Dates are calendar days and select by
 * the load's start date, both ends included. `loadNumber` matches the start of the number, ignoring case. The
 * driver filter is honoured only for users with DenyDelete or Write on DriverDashboardPage; others
 * always see only the loads they drive.
 */
export const ZLoadFilter = z.object({
  loadNumber: z.string().trim().max(50).nullish().transform((v) => (v ? v : null)),
  /** Free text beyond the spec's filter: the start of the load number, or part of the broker's
   * name, the origin or destination city, or a driver's name, ignoring case. */
  search: z.string().trim().max(100).nullish().transform((v) => (v ? v : null)),
  weekId: filterId(),
  driverId: filterId(),
  startDate: filterDate(),
  endDate: filterDate(),
});
export type TLoadFilter = z.input<typeof ZLoadFilter>;

/** Spec §3 history filter: origin state (`stateId`) and work `year` instead of the driver. */
export const ZLoadHistoryFilter = z.object({
  loadNumber: z.string().trim().max(50).nullish().transform((v) => (v ? v : null)),
  weekId: filterId(),
  stateId: filterId(MAX_SMALL_ID),
  year: filterYear(),
  startDate: filterDate(),
  endDate: filterDate(),
});
export type TLoadHistoryFilter = z.input<typeof ZLoadHistoryFilter>;

/** Page sizes of the shared DataTable (spec §9). */
export const PAGE_SIZES = [10, 25, 50, 100, 1000] as const;
export const DEFAULT_PAGE_SIZE = 100;

/** Columns the load tables may sort by on the server. */
export const LOAD_SORT_COLUMNS = [
  'loadNumber',
  'brokerName',
  'loadStartDate',
  'loadEndDate',
  'weekId',
  'originCity',
  'originStateName',
  'destinationCity',
  'destinationStateName',
  'tripLength',
  'numberOfStops',
  'pricePerMile',
  'payout',
  'loadStatusName',
  'isDispute',
  'createdOn',
  'updatedOn',
] as const;
export type TLoadSortColumn = (typeof LOAD_SORT_COLUMNS)[number];

export const ZPaging = z.object({
  /** 0-based. */
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce
    .number()
    .int()
    .refine((v) => (PAGE_SIZES as readonly number[]).includes(v), { error: `Page size must be one of ${PAGE_SIZES.join(', ')}` })
    .default(DEFAULT_PAGE_SIZE),
  sortBy: z.enum(LOAD_SORT_COLUMNS).default('loadStartDate'),
  sortDir: z.enum(['asc', 'desc']).default('desc'),
});
export type TPaging = z.output<typeof ZPaging>;

export const ZLoadsPageRequest = ZLoadFilter.extend(ZPaging.shape);
export const ZLoadHistoryPageRequest = ZLoadHistoryFilter.extend(ZPaging.shape);

/** One page of loads plus the count and the payout total over every row the filter selects. */
export const ZLoadsPage = z.object({
  rows: z.array(ZLoad),
  total: z.number(),
  /** Exact, summed in SQL, two decimals: '12345.60'. */
  totalPayout: z.string(),
  /** Trip miles of every selected load, one decimal: '4210.5'. */
  totalMiles: z.string(),
  /** Total payout ÷ total miles, two decimals; null without miles. */
  averageRatePerMile: z.string().nullable(),
  page: z.number(),
  pageSize: z.number(),
});
export type TLoadsPage = z.infer<typeof ZLoadsPage>;

export const loadRoutes = {
  getFilteredLoads: defineRoute({
    method: 'POST',
    path: '/api/Load/GetFilteredLoads',
    summary: 'Every load the filter selects, newest start first',
    tag: 'Loads',
    access: onObject('LoadBoardPage', 'Read'),
    body: ZLoadFilter,
    response: z.array(ZLoad),
    list: { cap: 1000, noun: 'loads', newest: true, paged: 'getFilteredLoadsPage' },
  }),
  getFilteredLoadsPage: defineRoute({
    method: 'POST',
    path: '/api/Load/GetFilteredLoadsPage',
    summary: 'One sorted page of the loads the filter selects, with their count and payout total',
    tag: 'Loads',
    access: onObject('LoadBoardPage', 'Read'),
    body: ZLoadsPageRequest,
    response: ZLoadsPage,
  }),
  getLoadHistory: defineRoute({
    method: 'POST',
    path: '/api/Load/GetLoadHistory',
    summary: 'Loads by number, work year or week, date range and origin state',
    tag: 'Loads',
    access: onObject('LoadHistoryPage', 'Read'),
    body: ZLoadHistoryFilter,
    response: z.array(ZLoad),
    list: { cap: 1000, noun: 'loads', newest: true, paged: 'getLoadHistoryPage' },
  }),
  getLoadHistoryPage: defineRoute({
    method: 'POST',
    path: '/api/Load/GetLoadHistoryPage',
    summary: 'One sorted page of load history, with its count and payout total',
    tag: 'Loads',
    access: onObject('LoadHistoryPage', 'Read'),
    body: ZLoadHistoryPageRequest,
    response: ZLoadsPage,
  }),
  addUpdateLoad: defineRoute({
    method: 'POST',
    path: '/api/Load/AddUpdateLoad',
    summary: 'Add (loadId 0) or edit a load',
    tag: 'Loads',
    access: onObject('LoadBoardPage', 'DenyDelete'),
    body: ZLoadForm,
    response: ZTextReply,
  }),
  deleteLoad: defineRoute({
    method: 'DELETE',
    path: '/api/Load',
    summary: 'Delete a load',
    tag: 'Loads',
    access: onObject('LoadBoardPage', 'Write'),
    query: ZIdQuery,
    response: ZTextReply,
  }),
} as const;
