import { toCents } from '@haulboard/contract';
import { stateCodeOf } from '@haulboard/geo';
import { BoardError } from './board-error';

/**
 * The board's answers, cleaned: states as two-letter codes, payouts in cents, distances in miles.
 */

export type TBoardPlace = {
  /** Facility code such as 'MCE1' ('' when none). */
  code: string;
  city: string;
  /** Two-letter code ('' when the board's spelling names no state). */
  state: string;
  postalCode: string;
  latitude: number | null;
  longitude: number | null;
  timeZone: string;
};

export type TBoardStop = {
  sequence: number;
  type: 'PICKUP' | 'DROPOFF';
  /** The load it belongs to ('tr-…'). */
  loadId: string;
  place: TBoardPlace;
  /** Planned check-in and check-out (ISO UTC), null when not given. */
  arrival: string | null;
  departure: string | null;
  loadingType: 'PRELOADED' | 'LIVE' | null;
  unloadingType: 'DROP' | 'LIVE' | null;
};

/** A work opportunity, cleaned. */
export type TBoardWork = {
  id: string;
  version: number;
  majorVersion: number;
  optionId: string;
  type: string;
  stopCount: number;
  payoutCents: number;
  /** Miles as the board gives them (not rounded). */
  distanceMiles: number;
  durationMs: number | null;
  firstPickupTime: string;
  lastDeliveryTime: string;
  driverType: string;
  deadheadMiles: number | null;
  /** The first pickup's loading type ('PRELOADED' is the card's "P"). */
  loadingType: 'PRELOADED' | 'LIVE' | null;
  equipmentType: string;
  /** The pickup is the first stop of the first load, the destination the last stop of the last load. */
  origin: TBoardPlace;
  destination: TBoardPlace;
  loadIds: string[];
  stops: TBoardStop[];
};

export type TBoardCity = { name: string; stateCode: string; latitude: number; longitude: number; nearestDomicileCode: string | null };

export type TBoardSearchPage = { works: TBoardWork[]; total: number; nextItemToken: number | null };

export type TBookResult = { workOpportunityId: string; tripId: string; loadIds: string[]; bookedAt: string };

export const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() && Number.isFinite(Number(v)) ? Number(v) : null);
export const str = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
export const obj = (v: unknown): Record<string, any> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, any>) : {});

export function parsePlace(raw: unknown): TBoardPlace {
  const l = obj(raw);
  return {
    code: str(l.stopCode || l.label),
    city: str(l.city).trim().toUpperCase(),
    state: stateCodeOf(str(l.state)) ?? '',
    postalCode: str(l.postalCode),
    latitude: num(l.latitude),
    longitude: num(l.longitude),
    timeZone: str(l.timeZone),
  };
}

const planned = (actions: unknown, type: string) => {
  const a = (Array.isArray(actions) ? actions : []).find((x) => obj(x).type === type);
  return a ? str(obj(a).plannedTime) || null : null;
};

/** A work opportunity as the board sends it → TBoardWork; null when it lacks what a row needs. */
export function parseWork(raw: unknown): TBoardWork | null {
  const w = obj(raw);
  const id = str(w.id);
  const payoutCents = toCents(num(obj(w.payout).value));
  const distanceMiles = num(obj(w.totalDistance).value);
  if (!id || payoutCents === null || distanceMiles === null) return null;
  const loads = Array.isArray(w.loads) ? w.loads.map(obj) : [];
  const stops: TBoardStop[] = [];
  for (const load of loads) {
    const loadId = str(obj(load.versionedLoadId).id);
    for (const s of Array.isArray(load.stops) ? load.stops.map(obj) : []) {
      stops.push({
        sequence: num(s.stopSequenceNumber) ?? stops.length + 1,
        type: s.stopType === 'PICKUP' ? 'PICKUP' : 'DROPOFF',
        loadId,
        place: parsePlace(s.location),
        arrival: planned(s.actions, 'CHECKIN'),
        departure: planned(s.actions, 'CHECKOUT'),
        loadingType: s.loadingType === 'PRELOADED' || s.loadingType === 'LIVE' ? s.loadingType : null,
        unloadingType: s.unloadingType === 'DROP' || s.unloadingType === 'LIVE' ? s.unloadingType : null,
      });
    }
  }
  const first = stops[0];
  const last = stops[stops.length - 1];
  return {
    id,
    version: num(w.version) ?? 0,
    majorVersion: num(w.majorVersion) ?? 0,
    optionId: str(w.workOpportunityOptionId) || '1',
    type: str(w.workOpportunityType),
    stopCount: num(w.stopCount) ?? stops.length,
    payoutCents,
    distanceMiles,
    durationMs: num(w.totalDuration),
    firstPickupTime: str(w.firstPickupTime) || first?.arrival || '',
    lastDeliveryTime: str(w.lastDeliveryTime) || last?.arrival || '',
    driverType: str(w.transitOperatorType),
    deadheadMiles: num(obj(w.deadhead).value),
    loadingType: first?.loadingType ?? null,
    equipmentType: str(loads[0]?.equipmentType),
    origin: first?.place ?? parsePlace(w.startLocation),
    destination: last?.place ?? parsePlace(w.endLocation),
    loadIds: loads.map((l) => str(obj(l.versionedLoadId).id)).filter(Boolean),
    stops,
  };
}

/** A search answer → one page of cleaned work; a bad response when it holds no work list. */
export function parseSearchPage(json: any): TBoardSearchPage {
  if (!Array.isArray(json?.workOpportunities)) throw new BoardError('bad-response', 'no work opportunities in the answer');
  const works = json.workOpportunities.map(parseWork).filter((w: TBoardWork | null): w is TBoardWork => w !== null);
  const next = num(json.nextItemToken);
  return { works, total: num(json.totalResultsSize) ?? works.length, nextItemToken: next };
}

/** The city autocomplete's answer → the cities that have a name and a position. */
export function parseCities(json: any): TBoardCity[] {
  if (!Array.isArray(json)) throw new BoardError('bad-response', 'no city list in the answer');
  return json.map(obj).flatMap((c) => {
    const latitude = num(c.latitude);
    const longitude = num(c.longitude);
    const stateCode = stateCodeOf(str(c.stateCode)) ?? '';
    if (!c.name || latitude === null || longitude === null) return [];
    return [{ name: str(c.name).toUpperCase(), stateCode, latitude, longitude, nearestDomicileCode: str(c.nearestDomicileCode) || null }];
  });
}

/** A booking's answer; the work's own id when the board leaves it out. */
export function parseBookResult(json: any, workId: string): TBookResult {
  return {
    workOpportunityId: str(json.workOpportunityId) || workId,
    tripId: str(json.tripId),
    loadIds: Array.isArray(json.loadIds) ? json.loadIds.map(str) : [],
    bookedAt: str(json.bookedAt),
  };
}
