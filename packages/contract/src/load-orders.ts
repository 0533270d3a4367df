import { z } from 'zod';
import { editId, filterDate, idInput, optionalId, requiredId, toUtcIso, versionField } from './fields';
import { ZLookupList } from './lookups';
import { defineRoute, onObject, ZTextReply } from './route-def';
import { US_STATES } from './states';

/** Spec §9 load order options and defaults. */
export const WORK_TYPES = ['Any', 'ONE_WAY', 'ROUND_TRIP'] as const;
export const RADIUS_OPTIONS = [10, 15, 20, 25, 30, 50, 75, 100] as const;
/** 0 is shown as Any. */
export const STOP_OPTIONS = [0, 2, 3, 4] as const;
export const LOADING_TYPES = ['Any', 'DROP', 'LIVE'] as const;
export const ORDER_TIME_ZONES = ['EST', 'CST'] as const;
export const ORDER_ACTIONS = { 1: 'Alert', 2: 'Book', 3: 'Book & Assign' } as const;
export type TOrderAction = keyof typeof ORDER_ACTIONS;
/** The fixed list for excluded states (spec §3): 50 states, DC and the Marshall Islands. */
export const EXCLUDABLE_STATES = US_STATES.map(([, code]) => code);

export const LOAD_ORDER_DEFAULTS = {
  workType: 'Any',
  originRadius: 25,
  destinationRadius: 25,
  numberOfStops: 3,
  /** Minutes from now before a pickup may start. */
  minPickupTime: 10,
  /** Hours after that within which the pickup must start. */
  pickupTimeWithin: 2,
  minDistance: 0,
  maxDistance: 0,
  loadingType: 'Any',
  ppm: 2,
  payout: 0,
  timeZone: 'EST',
  orderActionType: 1,
  excludedStates: ['NY'],
  /** Seconds between searches; editing an order resets it to this. */
  refreshRate: 0.5,
} as const;

/** Order status (spec §4): 1 active, 0 history. */
export const ORDER_STATUS = { history: 0, active: 1 } as const;

/** What the engine is doing with an order, beyond the spec's active/history. */
export const ORDER_STATES = ['searching', 'paused', 'booking', 'booked', 'alerted', 'cancelled', 'expired'] as const;
export type TOrderState = (typeof ORDER_STATES)[number];

export const ORDER_TEXT = {
  driverRequired: 'First name is required',
  placed: 'Order placed successfully',
  updated: 'Order updated successfully',
  maxBelowMin: 'Maximum distance must be at least the minimum (or Any)',
  sameDrivers: 'Choose two different drivers',
  endBeforeStart: 'The pickup window must end after it starts',
  locationRequired: 'Choose a city',
  /** Spec §8: a city search answer starting with ERROR is an error toast and an empty list. */
  cityTextTooShort: 'ERROR Type at least 2 letters of a city',
} as const;

/** How many cities the autocomplete answers with. */
export const CITY_SEARCH_LIMIT = 10;

/** A city chosen in the location dialog: 'DALLAS, TX' and its coordinates. */
export const ZLocation = z.object({
  label: z.string().trim().min(1, { error: ORDER_TEXT.locationRequired }).max(120),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
export type TLocation = z.infer<typeof ZLocation>;

const oneOf = <T extends readonly number[]>(options: T, fallback: T[number]) =>
  z.coerce
    .number()
    .refine((v) => (options as readonly number[]).includes(v), { error: `Choose one of ${options.join(', ')}` })
    .default(fallback);

const amount = (max: number, fallback: number) =>
  z.coerce
    .number({ error: 'Must be a number' })
    .min(0, { error: 'Must be 0 or more' })
    .max(max, { error: `Must be at most ${max}` })
    .default(fallback);

/** Spec §5 load order form with §9's defaults. */
export const ZLoadOrderForm = z
  .object({
    loadOrderId: editId(),
    workType: z.enum(WORK_TYPES).default(LOAD_ORDER_DEFAULTS.workType),
    origin: ZLocation,
    originRadius: oneOf(RADIUS_OPTIONS, LOAD_ORDER_DEFAULTS.originRadius),
    destination: z.array(ZLocation).max(20).default([]),
    destinationRadius: oneOf(RADIUS_OPTIONS, LOAD_ORDER_DEFAULTS.destinationRadius),
    excludedDestinations: z.array(ZLocation).max(20).default([]),
    excludedStates: z
      .array(z.enum(EXCLUDABLE_STATES as unknown as [string, ...string[]], { error: 'Choose states from the list' }))
      .default([...LOAD_ORDER_DEFAULTS.excludedStates])
      .transform((v) => [...new Set(v)]),
    numberOfStops: oneOf(STOP_OPTIONS, LOAD_ORDER_DEFAULTS.numberOfStops),
    minPickupTime: z.coerce.number().int().min(0).max(24 * 60).default(LOAD_ORDER_DEFAULTS.minPickupTime),
    pickupTimeWithin: z.coerce.number().min(0).max(24 * 30).default(LOAD_ORDER_DEFAULTS.pickupTimeWithin),
    /** The pickup window's bounds (the form also calls them loadStartTime and loadEndTime). */
    loadStartDate: z
      .string()
      .trim()
      .nullish()
      .refine((v) => !v || toUtcIso(v) !== null, { error: 'Enter a valid date and time' })
      .transform((v) => (v ? toUtcIso(v) : null)),
    loadEndDate: z
      .string()
      .trim()
      .nullish()
      .refine((v) => !v || toUtcIso(v) !== null, { error: 'Enter a valid date and time' })
      .transform((v) => (v ? toUtcIso(v) : null)),
    loadingType: z.enum(LOADING_TYPES).default(LOAD_ORDER_DEFAULTS.loadingType),
    ppm: amount(100, LOAD_ORDER_DEFAULTS.ppm),
    payout: amount(1_000_000, LOAD_ORDER_DEFAULTS.payout),
    minDistance: amount(10_000, LOAD_ORDER_DEFAULTS.minDistance),
    maxDistance: amount(10_000, LOAD_ORDER_DEFAULTS.maxDistance),
    driver1: requiredId(ORDER_TEXT.driverRequired),
    driver2: optionalId().transform((v) => (v ? v : null)),
    timeZone: z.enum(ORDER_TIME_ZONES).default(LOAD_ORDER_DEFAULTS.timeZone),
    orderActionType: z.coerce
      .number()
      .refine((v) => v === 1 || v === 2 || v === 3, { error: 'Choose Alert, Book or Book & Assign' })
      .default(LOAD_ORDER_DEFAULTS.orderActionType)
      .transform((v) => v as TOrderAction),
    refreshRate: z.coerce.number().min(0.5, { error: 'At least 0.5 seconds' }).max(3600).default(LOAD_ORDER_DEFAULTS.refreshRate),
    updatedOn: versionField(),
  })
  .refine((o) => !o.maxDistance || o.maxDistance >= o.minDistance, { error: ORDER_TEXT.maxBelowMin, path: ['maxDistance'] })
  .refine((o) => !o.driver2 || o.driver2 !== o.driver1, { error: ORDER_TEXT.sameDrivers, path: ['driver2'] })
  .refine((o) => !o.loadStartDate || !o.loadEndDate || o.loadEndDate > o.loadStartDate, { error: ORDER_TEXT.endBeforeStart, path: ['loadEndDate'] });
export type TLoadOrderForm = z.input<typeof ZLoadOrderForm>;
export type TLoadOrderFormOutput = z.output<typeof ZLoadOrderForm>;

/** Spec §3 Load order as the dashboard lists it, with what the engine is doing with it. */
export const ZLoadOrder = z.object({
  loadOrderId: z.number(),
  loadOrderStatusId: z.number(),
  workType: z.enum(WORK_TYPES),
  origin: ZLocation,
  originRadius: z.number(),
  destination: z.array(ZLocation),
  destinationRadius: z.number(),
  excludedDestinations: z.array(ZLocation),
  excludedStates: z.array(z.string()),
  numberOfStops: z.number(),
  minPickupTime: z.number(),
  pickupTimeWithin: z.number(),
  loadStartDate: z.string().nullable(),
  loadEndDate: z.string().nullable(),
  loadingType: z.enum(LOADING_TYPES),
  ppm: z.number(),
  payout: z.number(),
  minDistance: z.number(),
  maxDistance: z.number(),
  driver1: z.number(),
  driver1Name: z.string(),
  driver2: z.number().nullable(),
  driver2Name: z.string().nullable(),
  timeZone: z.enum(ORDER_TIME_ZONES),
  orderActionType: z.number(),
  refreshRate: z.number(),
  state: z.enum(ORDER_STATES),
  /** Why the order is paused or how it ended, in plain words. */
  stateReason: z.string().nullable(),
  lastSearchOn: z.string().nullable(),
  searches: z.number(),
  matchesSeen: z.number(),
  /** The load created or the work opportunity booked, when there is one. */
  bookedLoadNumber: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdOn: z.string(),
  updatedOn: z.string(),
});
export type TLoadOrder = z.infer<typeof ZLoadOrder>;

/** What a search the engine recorded found: its outcome, the board's answer, how long it took. */
export const ZOrderSearchSummary = z.object({
  /** 'ok', or why the board did not answer with work: 'rate-limited', 'session-expired', 'unavailable'… */
  outcome: z.string(),
  /** The board's HTTP status when a search failed with one. */
  httpStatus: z.number().nullable(),
  /** Work read (up to 3 pages of 50), the board's own count, and how many fit the order. */
  results: z.number().nullable(),
  total: z.number().nullable(),
  pages: z.number().nullable(),
  matches: z.number().nullable(),
  latencyMs: z.number().nullable(),
  /** Answered by an identical search of another order made at the same moment. */
  coalesced: z.boolean(),
});
export type TOrderSearchSummary = z.infer<typeof ZOrderSearchSummary>;

/** One line of an order's timeline: a search, a match, an alert, a booking attempt, a pause. */
export const ZOrderEvent = z.object({
  at: z.string(),
  kind: z.enum(['placed', 'edited', 'search', 'match', 'alert', 'book', 'booked', 'lost', 'paused', 'resumed', 'cancelled', 'error']),
  text: z.string(),
  workOpportunityId: z.string().nullable(),
  /** A search's figures (searches only; null for other events and for old rows without them). */
  search: ZOrderSearchSummary.nullable(),
});
export type TOrderEvent = z.infer<typeof ZOrderEvent>;

export const ZCity = z.object({
  label: z.string(),
  value: z.string(),
  name: z.string(),
  stateCode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type TCity = z.infer<typeof ZCity>;

/**
 * Pushed changes (GET /api/LoadOrder/Events, server-sent events). The stream's events:
 * - `ready` once per connection: `{ cursor }`, the last event id already seen (its `id:` too);
 * - `orders`: something about the company's orders changed, fetch the list again;
 * - `alert`: a match an Alert order found (ZOrderAlert), its `id:` the timeline row's id.
 * Comments (`: ping`) keep the connection open. Polling every 5000 ms stays the fallback (spec §9).
 */
export const ORDER_STREAM = {
  /** How often each server process looks for changes of a connected company. */
  pollMs: 1000,
  heartbeatMs: 15_000,
  /** What the browser waits before reconnecting (the stream's `retry:`). */
  retryMs: 3000,
  /** Open streams per session (tabs); one more is refused with 429. */
  maxPerSession: 4,
  /** A stream ends after this long and the browser reconnects (with Last-Event-ID): load balancers and restarts stay simple. */
  maxAgeMs: 30 * 60_000,
  /** Alerts replayed to a reconnecting stream: at most this many, at most this old. */
  replayLimit: 50,
  replayMaxAgeMs: 60 * 60_000,
} as const;

export const ORDER_STREAM_TEXT = {
  notEventStream: 'ERROR This address streams server-sent events: ask for text/event-stream',
  tooMany: 'ERROR Too many live connections from this session. Close other Haulboard tabs and reload.',
} as const;

/** A match an Alert order found, as the stream pushes it: the engine's text and the match's facts. */
export const ZOrderAlert = z.object({
  /** The timeline row's id: alerts are shown once each by it. */
  id: z.number(),
  /** 'alert': a match an Alert order found; 'booked': a Book or Book & Assign order booked a load. */
  kind: z.enum(['alert', 'booked']),
  orderId: z.number(),
  at: z.string(),
  text: z.string(),
  /** The booked load's number (Book & Assign: the load created; Book: the board's trip), else null. */
  loadNumber: z.string().nullable(),
  drivers: z.string(),
  origin: z.string().nullable(),
  destination: z.string().nullable(),
  pickupAt: z.string().nullable(),
  /** A decimal string. */
  payout: z.string().nullable(),
  distance: z.number().nullable(),
  /** Where to see the match: a web address (http or https) or a path of this app, else null. */
  link: z.string().nullable(),
});
export type TOrderAlert = z.infer<typeof ZOrderAlert>;

const dashboard = (level: 'Read' | 'DenyDelete' | 'Write') => onObject('SearchDashboardPage', level);

export const loadOrderRoutes = {
  getOrders: defineRoute({
    method: 'GET',
    path: '/api/LoadOrder',
    summary: "The company's load orders: active (status 1) and history (status 0), newest first",
    tag: 'Load orders',
    access: dashboard('Read'),
    response: z.array(ZLoadOrder),
    list: { cap: 1000, noun: 'load orders', newest: true, hint: 'The oldest orders in history are not shown.' },
  }),
  placeOrder: defineRoute({
    method: 'POST',
    path: '/api/LoadOrder/PlaceOrder',
    summary: 'Place an order (loadOrderId 0) or edit an active one; editing resets the refresh rate to 0.5',
    tag: 'Load orders',
    access: dashboard('DenyDelete'),
    body: ZLoadOrderForm,
    response: ZTextReply,
  }),
  cancelOrder: defineRoute({
    method: 'DELETE',
    path: '/api/LoadOrder',
    summary: 'Cancel an active order: it moves to history',
    tag: 'Load orders',
    access: dashboard('Write'),
    query: z.object({ id: requiredId() }),
    response: ZTextReply,
  }),
  getOrderTimeline: defineRoute({
    method: 'GET',
    path: '/api/LoadOrder/Timeline',
    summary: "An order's searches, matches, alerts and booking attempts, newest first",
    tag: 'Load orders',
    access: dashboard('Read'),
    query: z.object({ id: requiredId(), since: filterDate() }),
    response: z.array(ZOrderEvent),
    list: { cap: 500, noun: 'timeline entries', newest: true, hint: 'Older entries are not shown.' },
  }),
  getCities: defineRoute({
    method: 'GET',
    path: '/api/LoadOrder/GetCities',
    summary:
      "City autocomplete from offline US city data: names starting with the text (', ST' narrows to a state), biggest first; label and value 'DALLAS, TX'. Text under 2 letters answers 'ERROR …' as text",
    tag: 'Load orders',
    // Public city data that the Search Dashboard and Load Search both look up: any member may.
    access: { kind: 'member' },
    query: z.object({ value: z.string().max(100, { error: 'At most 100 characters' }).optional().default('') }),
    response: z.union([z.array(ZCity), ZTextReply]),
    list: { top: CITY_SEARCH_LIMIT },
  }),
  getCompanyDrivers: defineRoute({
    method: 'GET',
    path: '/api/LoadOrder/GetCompanyDrivers',
    summary: 'Drivers an order can be placed for',
    tag: 'Load orders',
    access: dashboard('Read'),
    response: ZLookupList,
    list: { cap: 5000, noun: 'drivers' },
  }),
  getAlerts: defineRoute({
    method: 'GET',
    path: '/api/LoadOrder/Alerts',
    summary:
      "The company's order alerts after a timeline id (`after`), oldest first (at most 50, at most an hour old), with the cursor to ask from next: how a browser without the event stream still gets its alerts. Without `after`: no alerts, only the current cursor",
    tag: 'Load orders',
    access: dashboard('Read'),
    query: z.object({ after: z.preprocess(idInput, z.number({ error: 'Must be a number' }).int().min(0).max(Number.MAX_SAFE_INTEGER).optional()) }),
    response: z.object({ cursor: z.number(), alerts: z.array(ZOrderAlert) }),
  }),
  orderEvents: defineRoute({
    method: 'GET',
    path: '/api/LoadOrder/Events',
    summary:
      "Server-sent events (text/event-stream) for the company's orders: `orders` when something changed (fetch the list again), `alert` with a match (ZOrderAlert), `ready` with the cursor. Resumes after Last-Event-ID (or lastEventId). A request that does not accept text/event-stream answers 406",
    tag: 'Load orders',
    access: dashboard('Read'),
    query: z.object({ lastEventId: z.preprocess(idInput, z.number({ error: 'Must be a number' }).int().min(0).max(Number.MAX_SAFE_INTEGER).optional()) }),
    response: ZTextReply,
  }),
} as const;
