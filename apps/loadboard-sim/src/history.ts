import { findCity, STATE_NAMES } from '@haulboard/geo';
import { findHub } from './generate';
import { createRandom, hash32 } from './prng';
import { HOUR } from './time';
import type { TLocation, TTrip, TWorkOpportunity } from './types';

/**
 * A trip of the carrier's past (or booked) work, given by the caller instead of drawn from the
 * seed: the demo hands the board the demo company's own loads, so the board's exports describe the
 * same work the company has on its load board (with the differences the caller plants in `pay`).
 */
export type THistoryTrip = {
  /** The board's Trip ID; the carrier's load number for it. */
  tripId: string;
  /** The one load's Load ID in the exports (the trip's id when left out). */
  loadId?: string;
  /** First stop's check-in and last stop's check-out (ISO text or ms). */
  pickupAt: string | number;
  deliveredAt: string | number;
  origin: { city: string; state: string };
  destination: { city: string; state: string };
  miles: number;
  /** Dollars. */
  payout: number;
  team?: boolean;
  driverName?: string;
  tractorId?: string;
  /** Completed or Cancelled as given; null (the default) follows the clock: Scheduled, then Completed. */
  status?: 'Completed' | 'Cancelled' | null;
  equipment?: string;
  pay?: TTrip['pay'];
};

/** Time zone by state, for stops away from the hub list (a state's main zone). */
const ZONE_OF_STATE: Record<string, string> = {
  AL: 'America/Chicago', AR: 'America/Chicago', AZ: 'America/Phoenix', CA: 'America/Los_Angeles', CO: 'America/Denver',
  CT: 'America/New_York', DE: 'America/New_York', FL: 'America/New_York', GA: 'America/New_York', IA: 'America/Chicago',
  ID: 'America/Boise', IL: 'America/Chicago', IN: 'America/Indiana/Indianapolis', KS: 'America/Chicago', KY: 'America/Kentucky/Louisville',
  LA: 'America/Chicago', MA: 'America/New_York', MD: 'America/New_York', ME: 'America/New_York', MI: 'America/Detroit',
  MN: 'America/Chicago', MO: 'America/Chicago', MS: 'America/Chicago', MT: 'America/Denver', NC: 'America/New_York',
  ND: 'America/Chicago', NE: 'America/Chicago', NH: 'America/New_York', NJ: 'America/New_York', NM: 'America/Denver',
  NV: 'America/Los_Angeles', NY: 'America/New_York', OH: 'America/New_York', OK: 'America/Chicago', OR: 'America/Los_Angeles',
  PA: 'America/New_York', RI: 'America/New_York', SC: 'America/New_York', SD: 'America/Chicago', TN: 'America/Chicago',
  TX: 'America/Chicago', UT: 'America/Denver', VA: 'America/New_York', VT: 'America/New_York', WA: 'America/Los_Angeles',
  WI: 'America/Chicago', WV: 'America/New_York', WY: 'America/Denver',
};
const ZONE_OF_CITY: Record<string, string> = { 'EL PASO, TX': 'America/Denver' };

/** A stop at a hub of the board when the city has one (its facility code), else at the city itself ('City, ST'). */
function placeOf(city: string, state: string, seed: string): TLocation {
  const hub = findHub(`${city}, ${state}`);
  const row = findCity(city, state);
  const r = createRandom(hash32(seed));
  const latitude = hub?.latitude ?? row?.latitude ?? 0;
  const longitude = hub?.longitude ?? row?.longitude ?? 0;
  const code = hub?.stopCode ?? `${city}, ${state}`;
  return {
    label: code,
    stopCode: code,
    line1: `${r.int(100, 9999)} ${r.pick(['Logistics Pkwy', 'Commerce Dr', 'Industrial Blvd', 'Distribution Way'])}`,
    city: city.toUpperCase(),
    state: r.chance(0.7) ? state : (STATE_NAMES[state] ?? state),
    country: 'US',
    postalCode: hub?.postalCode ?? '',
    latitude: Math.round((latitude + r.float(-0.04, 0.04)) * 1e6) / 1e6,
    longitude: Math.round((longitude + r.float(-0.04, 0.04)) * 1e6) / 1e6,
    timeZone: hub?.timeZone ?? ZONE_OF_CITY[`${city.toUpperCase()}, ${state}`] ?? ZONE_OF_STATE[state] ?? 'America/Chicago',
  };
}

const iso = (at: number) => new Date(at).toISOString();
const ms = (at: string | number) => (typeof at === 'number' ? at : Date.parse(at));

/** The board's trip for a given piece of history: one load, a pickup and a drop. */
export function historyTripOf(h: THistoryTrip): TTrip {
  const pickupAt = ms(h.pickupAt);
  const deliveredAt = Math.max(ms(h.deliveredAt), pickupAt + 2 * HOUR);
  if (!Number.isFinite(pickupAt) || !Number.isFinite(deliveredAt)) throw new Error(`Trip ${h.tripId} needs a pickup and a delivery time`);
  const from = placeOf(h.origin.city, h.origin.state, `${h.tripId}:from`);
  const to = placeOf(h.destination.city, h.destination.state, `${h.tripId}:to`);
  const id = `wo-${h.tripId}`;
  const equipmentType = h.equipment ?? 'FIFTY_THREE_FOOT_TRUCK';
  const cost = (value: number) => [
    { name: 'Base Rate', monetaryAmount: { value: Math.round(value * 82) / 100, unit: 'USD' } },
    { name: 'Fuel Surcharge', monetaryAmount: { value: value - Math.round(value * 82) / 100, unit: 'USD' } },
  ];
  const wo: TWorkOpportunity = {
    id,
    version: 1,
    majorVersion: 1,
    workOpportunityOptionId: '1',
    workOpportunityType: 'ONE_WAY',
    workType: 'SPOT',
    stopCount: 2,
    payout: { value: h.payout, unit: 'USD' },
    totalDistance: { value: h.miles, unit: 'miles' },
    totalDuration: deliveredAt - pickupAt,
    firstPickupTime: iso(pickupAt),
    lastDeliveryTime: iso(deliveredAt),
    transitOperatorType: h.team ? 'TEAM_DRIVER' : 'SINGLE_DRIVER',
    deadhead: { value: 0, unit: 'miles' },
    startLocation: from,
    endLocation: to,
    aggregatedCostItems: cost(h.payout),
    createdAtTime: iso(pickupAt - 2 * 24 * HOUR),
    endPriorityTime: null,
    oneDayPaymentEligible: false,
    tags: [],
    loads: [
      {
        versionedLoadId: { id: `tr-${h.loadId ?? h.tripId}`, version: 1 },
        workOpportunityId: id,
        loadType: 'LOADED',
        equipmentType,
        distance: { value: h.miles, unit: 'miles' },
        payout: { value: h.payout, unit: 'USD' },
        costItems: cost(h.payout),
        loadShipperAccounts: ['AMAZON'],
        isExternalLoad: false,
        stops: [
          {
            stopSequenceNumber: 1,
            stopType: 'PICKUP',
            location: from,
            actions: [
              { type: 'CHECKIN', plannedTime: iso(pickupAt) },
              { type: 'CHECKOUT', plannedTime: iso(pickupAt + HOUR) },
            ],
            loadingType: 'PRELOADED',
            unloadingType: null,
            trailerDetails: [{ assetOwner: 'AZNG' }],
          },
          {
            stopSequenceNumber: 2,
            stopType: 'DROPOFF',
            location: to,
            actions: [
              { type: 'CHECKIN', plannedTime: iso(deliveredAt - HOUR) },
              { type: 'CHECKOUT', plannedTime: iso(deliveredAt) },
            ],
            loadingType: null,
            unloadingType: 'DROP',
            trailerDetails: [{ assetOwner: 'AZNG' }],
          },
        ],
      },
    ],
  };
  return {
    tripId: h.tripId,
    blockId: '',
    wo,
    bookedAt: Date.parse(wo.createdAtTime),
    status: h.status ?? null,
    driverName: h.driverName ?? '',
    tractorId: h.tractorId ?? '',
    pay: { ...(h.pay ?? {}) },
  };
}
