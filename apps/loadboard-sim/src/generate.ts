import { distanceMiles, STATE_NAMES } from '@haulboard/geo';
import { allHubs, type THub } from './hubs';
import type { TRandom } from './prng';
import { HOUR, MINUTE } from './time';
import type { TCostItem, TLoad, TLocation, TStop, TWorkOpportunity } from './types';

export const EQUIPMENT = ['FIFTY_THREE_FOOT_TRUCK', 'FIFTY_THREE_FOOT_CONTAINER', 'TWENTY_SIX_FOOT_BOX_TRUCK'] as const;
const STREETS = ['Logistics Pkwy', 'Commerce Dr', 'Industrial Blvd', 'Distribution Way', 'Freight Ln', 'Gateway Blvd', 'Trade Center Dr', 'Airport Rd'];

/** What a test or the demo may fix when adding a work opportunity; the rest comes from the seed. */
export type TWorkOpportunitySpec = {
  /** A hub stop code ('DFW6') or a city on the hub list ('Dallas, TX'). */
  origin?: string;
  destination?: string;
  pickupAt?: number | Date | string;
  type?: 'ONE_WAY' | 'ROUND_TRIP';
  /** 2 or 3 stops for a one-way trip. */
  stops?: 2 | 3;
  /** How the pickup is loaded: PRELOADED is drop & hook. */
  loadingType?: 'PRELOADED' | 'LIVE';
  equipment?: (typeof EQUIPMENT)[number];
  driverType?: 'SINGLE_DRIVER' | 'TEAM_DRIVER';
  /** Dollars; kept as given (floats with long tails welcome). */
  payout?: number;
  version?: number;
  majorVersion?: number;
};

export function findHub(text: string): THub | undefined {
  const t = text.trim().toUpperCase();
  return allHubs().find((h) => h.stopCode === t || `${h.city}, ${h.state}`.toUpperCase() === t || h.city.toUpperCase() === t);
}

/** 'CA', 'California' or 'CALIFORNIA': the board mixes them inside one response. */
function messyState(r: TRandom, code: string) {
  return r.weighted([
    [code, 6],
    [STATE_NAMES[code] ?? code, 2],
    [(STATE_NAMES[code] ?? code).toUpperCase(), 2],
  ] as const);
}

function locationAt(r: TRandom, hub: THub): TLocation {
  // A facility a few miles from the city centre.
  const latitude = Math.round((hub.latitude + r.float(-0.06, 0.06)) * 1e6) / 1e6;
  const longitude = Math.round((hub.longitude + r.float(-0.06, 0.06)) * 1e6) / 1e6;
  return {
    label: hub.stopCode,
    stopCode: hub.stopCode,
    line1: `${r.int(100, 9999)} ${r.pick(STREETS)}`,
    city: hub.city.toUpperCase(),
    state: messyState(r, hub.state),
    country: 'US',
    postalCode: hub.postalCode,
    latitude,
    longitude,
    timeZone: hub.timeZone,
  };
}

function chooseDestination(r: TRandom, origin: THub): THub {
  const options = allHubs()
    .filter((h) => h.stopCode !== origin.stopCode)
    .map((h) => {
      const d = distanceMiles(origin, h);
      if (d < 40 || d > 1800) return [h, 0] as const;
      return [h, h.weight * (d < 300 ? 3 : d < 800 ? 2 : 0.7)] as const;
    })
    .filter(([, w]) => w > 0);
  return r.weighted(options);
}

const iso = (at: number) => new Date(at).toISOString();
const roadMiles = (r: TRandom, a: THub, b: THub) => distanceMiles(a, b) * r.float(1.12, 1.24);
/** Hours on the road for a leg: a single driver rests 10 hours per 11 driven. */
const legHours = (miles: number, team: boolean) => {
  const driving = miles / (team ? 55 : 50);
  return team ? driving : driving + Math.floor(driving / 11) * 10;
};

/**
 * A work opportunity in the board's shape: ids and numbers drawn from `r`, pickups at `pickupAt`,
 * payouts as floats with long tails, stop states spelled in mixed ways.
 */
export function generateWorkOpportunity(r: TRandom, createdAt: number, pickupAt: number, spec: TWorkOpportunitySpec = {}): TWorkOpportunity {
  const origin = (spec.origin && findHub(spec.origin)) || r.weighted(allHubs().map((h) => [h, h.weight] as const));
  if (spec.origin && !findHub(spec.origin)) throw new Error(`No hub called ${spec.origin}`);
  if (spec.destination && !findHub(spec.destination)) throw new Error(`No hub called ${spec.destination}`);
  const destination = (spec.destination && findHub(spec.destination)) || chooseDestination(r, origin);
  const type = spec.type ?? (r.chance(0.2) ? 'ROUND_TRIP' : 'ONE_WAY');
  const team = (spec.driverType ?? (r.chance(0.15) ? 'TEAM_DRIVER' : 'SINGLE_DRIVER')) === 'TEAM_DRIVER';
  const equipmentType = spec.equipment ?? r.weighted([[EQUIPMENT[0], 70], [EQUIPMENT[1], 25], [EQUIPMENT[2], 5]] as const);
  const pickupLoading = spec.loadingType ?? (r.chance(0.55) ? 'PRELOADED' : 'LIVE');
  const id = r.uuid();

  // Legs: one-way A→B (or A→C→B with a stop on the way), round trip A→B then B→A.
  let legsByLoad: THub[][];
  if (type === 'ROUND_TRIP') legsByLoad = [[origin, destination], [destination, origin]];
  else {
    const wantsThree = spec.stops === 3 || (spec.stops === undefined && r.chance(0.25));
    const direct = distanceMiles(origin, destination);
    const via = wantsThree
      ? allHubs().filter(
          (h) => h !== origin && h !== destination && distanceMiles(origin, h) + distanceMiles(h, destination) <= direct * 1.35 + 60,
        )
      : [];
    legsByLoad = [via.length ? [origin, r.pick(via), destination] : [origin, destination]];
    if (spec.stops === 3 && !via.length) throw new Error(`No hub lies between ${origin.stopCode} and ${destination.stopCode}`);
  }

  let t = pickupAt;
  const loads: TLoad[] = [];
  let totalMiles = 0;
  for (const [loadIndex, hubs] of legsByLoad.entries()) {
    const stops: TStop[] = [];
    let miles = 0;
    for (const [i, hub] of hubs.entries()) {
      if (i > 0) {
        const leg = roadMiles(r, hubs[i - 1], hub);
        miles += leg;
        t += legHours(leg, team) * HOUR;
        t = Math.ceil(t / (15 * MINUTE)) * 15 * MINUTE;
      }
      const isPickup = i === 0;
      const loadingType = isPickup ? (loadIndex === 0 ? pickupLoading : r.chance(0.5) ? 'PRELOADED' : 'LIVE') : null;
      const unloadingType = isPickup ? null : r.chance(0.6) ? 'DROP' : 'LIVE';
      const dwell = (loadingType ?? unloadingType) === 'LIVE' ? 2 * HOUR : 30 * MINUTE;
      stops.push({
        stopSequenceNumber: i + 1,
        stopType: isPickup ? 'PICKUP' : 'DROPOFF',
        location: locationAt(r, hub),
        actions: [
          { type: 'CHECKIN', plannedTime: iso(t) },
          { type: 'CHECKOUT', plannedTime: iso(t + dwell) },
        ],
        loadingType,
        unloadingType,
        trailerDetails: [{ assetOwner: 'AZNG' }],
      });
      t += dwell;
    }
    t += HOUR;
    totalMiles += miles;
    loads.push({
      versionedLoadId: { id: `tr-${r.code(9)}`, version: 1 },
      workOpportunityId: id,
      loadType: 'LOADED',
      equipmentType,
      distance: { value: miles, unit: 'miles' },
      payout: { value: 0, unit: 'USD' },
      costItems: [],
      loadShipperAccounts: ['AMAZON'],
      isExternalLoad: false,
      stops,
    });
  }
  const lastDelivery = t - HOUR;

  const rpm = r.float(1.6, 3.2) + (totalMiles < 200 ? r.float(0.8, 2.2) : totalMiles < 500 ? r.float(0.2, 0.9) : 0) + (team ? 0.45 : 0);
  const payout = spec.payout ?? totalMiles * rpm;
  const costItems = (value: number): TCostItem[] => {
    const base = value * 0.82;
    return [
      { name: 'Base Rate', monetaryAmount: { value: base, unit: 'USD' } },
      { name: 'Fuel Surcharge', monetaryAmount: { value: value - base, unit: 'USD' } },
    ];
  };
  for (const load of loads) {
    load.payout.value = (payout * load.distance.value) / totalMiles;
    load.costItems = costItems(load.payout.value);
  }
  const firstStop = loads[0].stops[0];
  const lastLoad = loads[loads.length - 1];
  const lastStop = lastLoad.stops[lastLoad.stops.length - 1];
  return {
    id,
    version: spec.version ?? r.int(1, 4),
    majorVersion: spec.majorVersion ?? r.int(1, 3),
    workOpportunityOptionId: '1',
    workOpportunityType: type,
    workType: 'SPOT',
    // Facility visits: a round trip's drop and next pickup at the same place count once.
    stopCount: loads.flatMap((l) => l.stops).filter((s, i, all) => i === 0 || all[i - 1].location.stopCode !== s.location.stopCode).length,
    payout: { value: payout, unit: 'USD' },
    totalDistance: { value: totalMiles, unit: 'miles' },
    totalDuration: lastDelivery - pickupAt,
    firstPickupTime: iso(pickupAt),
    lastDeliveryTime: iso(lastDelivery),
    transitOperatorType: team ? 'TEAM_DRIVER' : 'SINGLE_DRIVER',
    deadhead: { value: r.float(0, 35), unit: 'miles' },
    startLocation: firstStop.location,
    endLocation: lastStop.location,
    aggregatedCostItems: costItems(payout),
    createdAtTime: iso(createdAt),
    endPriorityTime: r.chance(0.3) ? iso(createdAt + 2 * HOUR) : null,
    oneDayPaymentEligible: r.chance(0.4),
    tags: pickupAt - createdAt < 12 * HOUR ? ['STARTING_SOON'] : [],
    loads,
  };
}

/**
 * A pickup between `from` and `from + spanMs`, on a quarter hour, more of them soon than late (as on
 * the real board, where much of the work starts within the day): an order looking two hours ahead finds some.
 */
export function pickupTime(r: TRandom, from: number, spanMs: number): number {
  const u = r.next();
  return Math.ceil((from + u * u * u * spanMs) / (15 * MINUTE)) * 15 * MINUTE;
}
