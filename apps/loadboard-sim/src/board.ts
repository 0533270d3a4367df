import { distanceMiles } from '@haulboard/geo';
import { generateWorkOpportunity, pickupTime, type TWorkOpportunitySpec } from './generate';
import { historyTripOf, type THistoryTrip } from './history';
import { createRandom, hash32 } from './prng';
import { addDays, DAY, HOUR, pacificInstant, pacificWeekOf, type TClock } from './time';
import type { TTrip, TWorkOpportunity } from './types';

export type TBoardOptions = {
  seed: string | number;
  clock: TClock;
  /** Work opportunities on the board at the start. */
  initialCount: number;
  /** New work opportunities per hour of (simulated) time, on average. */
  newPerHour: number;
  /** Weeks of completed trips (with payments) before the start, for the exports. */
  historyWeeks: number;
  /** The carrier's trips as given (the demo's own loads); replaces the drawn history when present. */
  history?: readonly THistoryTrip[];
};

export type TSearchResult = { status: number; body: unknown };

type TEntry = { wo: TWorkOpportunity; takenBy: 'us' | 'other' | null };

const DRIVERS = ['John Smith', 'Maria Lopez', 'Dwayne Carter', 'Aisha Khan', 'Tom Nguyen', 'Rosa Alvarez'];
const MAX_PAGE = 50;
const MAX_ORIGINS = 5;
/** New work is drawn per 10 minutes of simulated time. */
const SLOT = 10 * 60_000;

export const errorBody = (errorCode: string, message: string) => ({ errorCode, message });

/** The board's state: its work, who took what, and the carrier's trips. Everything random comes from the seed. */
export function createBoard(options: TBoardOptions) {
  const { clock } = options;
  const start = clock.now();
  const stream = (name: string | number) => createRandom(hash32(`${options.seed}:${name}`));
  const entries = new Map<string, TEntry>();
  const trips: TTrip[] = [];
  const bookingRandom = stream('bookings');
  const addedRandom = stream('added');
  const auditRandom = stream('audit');
  let generatedSlots = 0;

  const put = (wo: TWorkOpportunity) => {
    entries.set(wo.id, { wo, takenBy: null });
    return wo;
  };

  // The opening board: pickups over the coming 7 days.
  {
    const r = stream('initial');
    for (let i = 0; i < options.initialCount; i++) {
      const createdAt = start - r.float(0, 12 * HOUR);
      put(generateWorkOpportunity(r, createdAt, pickupTime(r, start + 30 * 60_000, 7 * DAY - 30 * 60_000)));
    }
  }

  // The carrier's history: completed trips of the past weeks, with the payment quirks carriers meet.
  if (options.history) {
    // Booked before the board started, so none of them reads as booked through this board.
    for (const h of options.history) {
      const trip = historyTripOf(h);
      trips.push({ ...trip, bookedAt: Math.min(start - 1, trip.bookedAt) });
    }
  } else {
    const thisWeek = pacificWeekOf(start);
    for (let w = options.historyWeeks; w >= 1; w--) {
      const week = addDays(thisWeek, -7 * w);
      const r = stream(`history:${week}`);
      const count = r.int(9, 12);
      for (let i = 0; i < count; i++) {
        // Quirks by position: 0 cancelled, 1 missing from payments, 2 disputed, 3 short paid,
        // 4 ends after midnight Saturday→Sunday Pacific (paid next week), 5 detention, 6 duplicated line,
        // 7 lower-case item type.
        const day = i === 4 ? 6 : r.int(0, 5);
        const pickupAt = pacificInstant(addDays(week, day), r.int(5, 15), r.pick([0, 15, 30, 45]));
        let wo = generateWorkOpportunity(r, pickupAt - 2 * DAY, pickupAt, i === 4 ? { type: 'ONE_WAY', stops: 2, driverType: 'TEAM_DRIVER' } : {});
        if (i === 4) {
          // Aim the last stop at about 02:00 Sunday Pacific.
          const target = pacificInstant(addDays(week, 7), 2, 0);
          wo = shiftTimes(wo, target - Date.parse(wo.lastDeliveryTime));
        }
        trips.push({
          tripId: `T-${r.code(9)}`,
          blockId: r.chance(0.2) ? `B-${r.code(9)}` : '',
          wo,
          bookedAt: Date.parse(wo.createdAtTime) + HOUR,
          status: i === 0 ? 'Cancelled' : 'Completed',
          driverName: r.pick(DRIVERS),
          tractorId: String(r.int(101, 112)),
          pay: {
            missing: i === 1,
            disputeCents: i === 2 ? -r.int(2500, 15000) : undefined,
            shortByCents: i === 3 ? r.int(1500, 9000) : undefined,
            detentionCents: i === 5 ? 7500 : undefined,
            duplicateLine: i === 6,
            lowerCaseItemType: i === 7,
          },
        });
      }
    }
  }

  /** New work for each 10 minutes of simulated time that passed; old work leaves. */
  function catchUp() {
    const now = clock.now();
    const due = Math.floor((now - start) / SLOT);
    // Jumping far ahead only fills the last two weeks.
    if (due - generatedSlots > (14 * DAY) / SLOT) generatedSlots = due - (14 * DAY) / SLOT;
    for (let slot = generatedSlots + 1; slot <= due; slot++) {
      const r = stream(`slot:${slot}`);
      const count = Math.max(0, Math.round(r.float(0.3, 1.7) * options.newPerHour * (SLOT / HOUR)));
      for (let i = 0; i < count; i++) {
        const createdAt = start + (slot - 1) * SLOT + r.float(0, SLOT);
        put(generateWorkOpportunity(r, createdAt, pickupTime(r, createdAt + HOUR, 7 * DAY - HOUR)));
      }
    }
    if (due > generatedSlots) generatedSlots = due;
    for (const [id, e] of entries) if (!e.takenBy && Date.parse(e.wo.firstPickupTime) < now - DAY) entries.delete(id);
  }

  const available = (e: TEntry, now: number) => !e.takenBy && Date.parse(e.wo.firstPickupTime) > now;

  function search(body: unknown, mode: 'search' | 'recent' = 'search'): TSearchResult {
    catchUp();
    const b = (body && typeof body === 'object' ? body : {}) as Record<string, any>;
    const parsed = parseFilters(b);
    if ('error' in parsed) return { status: 400, body: errorBody('INVALID_INPUT', parsed.error) };
    const f = parsed.filters;
    const now = clock.now();
    let list = [...entries.values()].filter((e) => available(e, now)).map((e) => e.wo);
    list = list.filter((wo) => matches(wo, f));
    const sortValue = SORTS[f.sortByField] ?? SORTS.relevanceForSearchTab;
    const dir = f.sortOrder === 'desc' ? -1 : 1;
    if (mode === 'recent') list.sort((a, b2) => b2.createdAtTime.localeCompare(a.createdAtTime) || a.id.localeCompare(b2.id));
    else list.sort((a, b2) => dir * (sortValue(a) - sortValue(b2)) || a.id.localeCompare(b2.id));
    const page = list.slice(f.offset, f.offset + f.resultSize);
    const delivered = f.offset + page.length;
    return {
      status: 200,
      body: {
        workOpportunities: structuredClone(page),
        totalResultsSize: list.length,
        nextItemToken: delivered < list.length ? delivered : null,
        searchAuditId: auditRandom.uuid(),
        isBotRequest: false,
        metadata: null,
        carrierDetails: { carrierPerformanceScore: 'FANTASTIC', engagementScore: 'HIGH', tenure: 'ESTABLISHED' },
      },
    };
  }

  function book(id: string, version: string, optionId: string, majorVersion: string, body: unknown): TSearchResult {
    catchUp();
    const e = entries.get(id);
    if (!e) return { status: 404, body: errorBody('WORK_OPPORTUNITY_NOT_FOUND', 'This work opportunity does not exist') };
    if (e.takenBy) return { status: 409, body: errorBody('WORK_OPPORTUNITY_NOT_AVAILABLE', 'This load is no longer available') };
    if (Date.parse(e.wo.firstPickupTime) <= clock.now()) {
      return { status: 409, body: errorBody('WORK_OPPORTUNITY_EXPIRED', 'This load is no longer available') };
    }
    if (String(e.wo.version) !== version || String(e.wo.majorVersion) !== majorVersion || e.wo.workOpportunityOptionId !== optionId) {
      return { status: 409, body: errorBody('WORK_OPPORTUNITY_VERSION_MISMATCH', 'This load has changed. Refresh to see the latest details') };
    }
    const b = (body && typeof body === 'object' ? body : {}) as Record<string, any>;
    const cost = b.totalCost?.value;
    if (cost !== undefined && cost !== null) {
      if (typeof cost !== 'number' || !Number.isFinite(cost)) return { status: 400, body: errorBody('INVALID_INPUT', 'totalCost.value must be a number') };
      if (Math.abs(Math.round(cost * 100) - Math.round(e.wo.payout.value * 100)) > 1) {
        return { status: 409, body: errorBody('WORK_OPPORTUNITY_PRICE_CHANGED', 'The price of this load has changed') };
      }
    }
    e.takenBy = 'us';
    const trip: TTrip = {
      tripId: `T-${bookingRandom.code(9)}`,
      blockId: '',
      wo: structuredClone(e.wo),
      bookedAt: clock.now(),
      status: null,
      driverName: '',
      tractorId: '',
      pay: {},
    };
    trips.push(trip);
    return {
      status: 200,
      body: {
        workOpportunityId: id,
        status: 'BOOKED',
        tripId: trip.tripId,
        loadIds: trip.wo.loads.map((l) => l.versionedLoadId.id),
        bookedAt: new Date(trip.bookedAt).toISOString(),
      },
    };
  }

  return {
    start,
    catchUp,
    search,
    book,
    trips: () => trips,
    /** Work opportunities still open (not taken, pickup ahead). */
    available: () => {
      catchUp();
      const now = clock.now();
      return [...entries.values()].filter((e) => available(e, now)).map((e) => structuredClone(e.wo));
    },
    get: (id: string) => {
      const e = entries.get(id);
      return e ? { ...structuredClone(e.wo), takenBy: e.takenBy } : undefined;
    },
    add(spec: TWorkOpportunitySpec = {}) {
      const now = clock.now();
      const at = spec.pickupAt === undefined ? pickupTime(addedRandom, now + 2 * HOUR, 3 * DAY) : new Date(spec.pickupAt).getTime();
      if (!Number.isFinite(at)) throw new Error(`Not a time: ${String(spec.pickupAt)}`);
      return structuredClone(put(generateWorkOpportunity(addedRandom, now, at, spec)));
    },
    /** Another carrier books it: it leaves search and booking it is a 409. */
    takeByOther(id: string) {
      const e = entries.get(id);
      if (!e) throw new Error(`No work opportunity ${id}`);
      e.takenBy = 'other';
    },
    /** The board changes it (price or details): its version goes up, optionally its payout. */
    bumpVersion(id: string, change: { payout?: number; major?: boolean } = {}) {
      const e = entries.get(id);
      if (!e) throw new Error(`No work opportunity ${id}`);
      e.wo.version += 1;
      if (change.major) e.wo.majorVersion += 1;
      if (change.payout !== undefined) e.wo.payout.value = change.payout;
      return structuredClone(e.wo);
    },
  };
}
export type TBoard = ReturnType<typeof createBoard>;

function shiftTimes(wo: TWorkOpportunity, ms: number): TWorkOpportunity {
  const move = (t: string) => new Date(Date.parse(t) + ms).toISOString();
  wo.firstPickupTime = move(wo.firstPickupTime);
  wo.lastDeliveryTime = move(wo.lastDeliveryTime);
  for (const l of wo.loads) for (const s of l.stops) for (const a of s.actions) a.plannedTime = move(a.plannedTime);
  return wo;
}

const pickupOf = (wo: TWorkOpportunity) => wo.loads[0].stops[0];
const finalStopOf = (wo: TWorkOpportunity) => {
  const last = wo.loads[wo.loads.length - 1];
  return last.stops[last.stops.length - 1];
};
const ratePerMile = (wo: TWorkOpportunity) => (wo.totalDistance.value > 0 ? wo.payout.value / wo.totalDistance.value : 0);

const SORTS: Record<string, (wo: TWorkOpportunity) => number> = {
  relevanceForSearchTab: (wo) => Date.parse(wo.firstPickupTime),
  startTime: (wo) => Date.parse(wo.firstPickupTime),
  firstPickupTime: (wo) => Date.parse(wo.firstPickupTime),
  payout: (wo) => wo.payout.value,
  totalDistance: (wo) => wo.totalDistance.value,
  distance: (wo) => wo.totalDistance.value,
  pricePerDistance: ratePerMile,
  totalDuration: (wo) => wo.totalDuration,
};

type TPlace = { latitude: number; longitude: number; radius: number };
type TFilters = {
  types: string[] | null;
  origins: TPlace[];
  destinations: TPlace[];
  startDate: number | null;
  endDate: number | null;
  minDistance: number | null;
  maxDistance: number | null;
  minDuration: number | null;
  maxDuration: number | null;
  minPayout: number | null;
  minPricePerDistance: number | null;
  driverTypes: string[] | null;
  loadingTypes: string[] | null;
  maxStops: number | null;
  equipment: string[] | null;
  sortByField: string;
  sortOrder: string;
  offset: number;
  resultSize: number;
};

const num = (v: unknown, name: string): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'string' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n)) throw new Error(`${name} must be a number`);
  return n;
};
const list = (v: unknown, name: string): string[] | null => {
  if (v === null || v === undefined) return null;
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) throw new Error(`${name} must be a list of strings`);
  return v.length ? v : null;
};
const time = (v: unknown, name: string): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const t = typeof v === 'number' ? v : typeof v === 'string' ? Date.parse(v) : Number.NaN;
  if (!Number.isFinite(t)) throw new Error(`${name} must be a date and time`);
  return t;
};

function place(lat: unknown, lon: unknown, radius: unknown, name: string): TPlace {
  const latitude = num(lat, `${name} latitude`);
  const longitude = num(lon, `${name} longitude`);
  const r = num(radius, `${name} radius`);
  if (latitude === null || longitude === null) throw new Error(`${name} needs a latitude and longitude`);
  return { latitude, longitude, radius: r ?? 50 };
}

function parseFilters(b: Record<string, any>): { filters: TFilters } | { error: string } {
  try {
    const startRadius = num(b.startCityRadius, 'startCityRadius') ?? 50;
    let origins: TPlace[] = [];
    if (Array.isArray(b.originCitiesRadiusFilters) && b.originCitiesRadiusFilters.length) {
      origins = b.originCitiesRadiusFilters.map((o: any, i: number) =>
        place(o?.cityLatitude, o?.cityLongitude, o?.radius ?? startRadius, `originCitiesRadiusFilters[${i}]`),
      );
    } else if (Array.isArray(b.originCities) && b.originCities.length) {
      origins = b.originCities.map((o: any, i: number) => place(o?.latitude, o?.longitude, startRadius, `originCities[${i}]`));
    }
    if (origins.length > MAX_ORIGINS) return { error: `At most ${MAX_ORIGINS} origin cities` };
    const destinations: TPlace[] = Array.isArray(b.destinationCitiesRadiusFilters)
      ? b.destinationCitiesRadiusFilters.map((o: any, i: number) =>
          place(o?.cityLatitude, o?.cityLongitude, o?.radius ?? b.endCityRadius ?? 50, `destinationCitiesRadiusFilters[${i}]`),
        )
      : [];
    const categorized = b.categorizedEquipmentTypeList;
    let equipment: string[] | null = null;
    if (Array.isArray(categorized) && categorized.length) {
      equipment = categorized.flatMap((c: any) => list(c?.equipmentsList, 'equipmentsList') ?? []);
      if (!equipment.length) equipment = null;
    }
    const offset = num(b.nextItemToken, 'nextItemToken') ?? 0;
    const size = num(b.resultSize, 'resultSize') ?? MAX_PAGE;
    if (offset < 0 || !Number.isInteger(offset)) return { error: 'nextItemToken must be a whole number, 0 or more' };
    if (size < 1 || !Number.isInteger(size)) return { error: 'resultSize must be a whole number, 1 or more' };
    return {
      filters: {
        types: list(b.workOpportunityTypeList, 'workOpportunityTypeList'),
        origins,
        destinations,
        startDate: time(b.startDate, 'startDate'),
        endDate: time(b.endDate, 'endDate'),
        minDistance: num(b.minDistance, 'minDistance'),
        maxDistance: num(b.maxDistance, 'maxDistance'),
        minDuration: num(b.minimumDurationInMillis, 'minimumDurationInMillis'),
        maxDuration: num(b.maximumDurationInMillis, 'maximumDurationInMillis'),
        minPayout: num(b.minPayout, 'minPayout'),
        minPricePerDistance: num(b.minPricePerDistance, 'minPricePerDistance'),
        driverTypes: list(b.driverTypeFilters, 'driverTypeFilters'),
        loadingTypes: list(b.loadingTypeFilters, 'loadingTypeFilters'),
        maxStops: num(b.maximumNumberOfStops, 'maximumNumberOfStops'),
        equipment,
        sortByField: typeof b.sortByField === 'string' ? b.sortByField : 'relevanceForSearchTab',
        sortOrder: b.sortOrder === 'desc' ? 'desc' : 'asc',
        offset,
        // Pages are never longer than 50, whatever is asked.
        resultSize: Math.min(size, MAX_PAGE),
      },
    };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

function matches(wo: TWorkOpportunity, f: TFilters): boolean {
  if (f.types && !f.types.includes(wo.workOpportunityType)) return false;
  const pickup = pickupOf(wo).location;
  if (f.origins.length && !f.origins.some((o) => distanceMiles(o, pickup) <= o.radius)) return false;
  const drop = finalStopOf(wo).location;
  if (f.destinations.length && !f.destinations.some((d) => distanceMiles(d, drop) <= d.radius)) return false;
  const at = Date.parse(wo.firstPickupTime);
  if (f.startDate !== null && at < f.startDate) return false;
  if (f.endDate !== null && at > f.endDate) return false;
  const miles = wo.totalDistance.value;
  if (f.minDistance !== null && miles < f.minDistance) return false;
  if (f.maxDistance !== null && f.maxDistance > 0 && miles > f.maxDistance) return false;
  if (f.minDuration !== null && wo.totalDuration < f.minDuration) return false;
  if (f.maxDuration !== null && f.maxDuration > 0 && wo.totalDuration > f.maxDuration) return false;
  if (f.minPayout !== null && wo.payout.value < f.minPayout) return false;
  if (f.minPricePerDistance !== null && ratePerMile(wo) < f.minPricePerDistance) return false;
  if (f.driverTypes && !f.driverTypes.includes(wo.transitOperatorType)) return false;
  // A preloaded pickup is drop & hook (DROP); otherwise the driver waits while it is loaded (LIVE).
  if (f.loadingTypes && !f.loadingTypes.includes(pickupOf(wo).loadingType === 'PRELOADED' ? 'DROP' : 'LIVE')) return false;
  if (f.maxStops !== null && f.maxStops > 0 && wo.stopCount > f.maxStops) return false;
  if (f.equipment && !wo.loads.every((l) => f.equipment?.includes(l.equipmentType))) return false;
  return true;
}
