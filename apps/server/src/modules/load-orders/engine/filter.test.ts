import { describe, expect, it } from 'vitest';
import type { TBoardWork } from '../../../loadboard/client';
import { orderSearch, searchKey, type TOrderRow, whyNot } from './filter';

const NOW = Date.parse('2026-03-10T15:00:00Z');
const DALLAS = { label: 'DALLAS, TX', latitude: 32.78306, longitude: -96.80667 };
const ATLANTA = { label: 'ATLANTA, GA', latitude: 33.749, longitude: -84.388 };

const order = (extra: Partial<TOrderRow> = {}): TOrderRow =>
  ({
    id: 1,
    companyId: 1,
    status: 1,
    state: 'searching',
    workType: 'Any',
    origin: DALLAS,
    originRadius: 25,
    destination: [],
    destinationRadius: 25,
    excludedDestinations: [],
    excludedStates: ['NY'],
    numberOfStops: 3,
    minPickupTime: 10,
    pickupTimeWithin: '2',
    loadStartDate: null,
    loadEndDate: null,
    loadingType: 'Any',
    ppm: '2',
    payout: '0',
    minDistance: '0',
    maxDistance: '0',
    orderActionType: 1,
    refreshRate: '0.5',
    ...extra,
  }) as TOrderRow;

const place = (city: string, state: string, latitude: number, longitude: number) => ({ code: '', city, state, postalCode: '', latitude, longitude, timeZone: '' });
const work = (extra: Partial<TBoardWork> = {}): TBoardWork => {
  const origin = place('DALLAS', 'TX', 32.8, -96.8);
  const destination = place('ATLANTA', 'GA', 33.75, -84.39);
  return {
    id: 'wo-1',
    version: 1,
    majorVersion: 1,
    optionId: '1',
    type: 'ONE_WAY',
    stopCount: 2,
    payoutCents: 250_000,
    distanceMiles: 780,
    durationMs: null,
    firstPickupTime: '2026-03-10T16:00:00Z',
    lastDeliveryTime: '2026-03-11T04:00:00Z',
    driverType: 'SINGLE_DRIVER',
    deadheadMiles: null,
    loadingType: 'LIVE',
    equipmentType: '',
    origin,
    destination,
    loadIds: ['tr-1'],
    stops: [
      { sequence: 1, type: 'PICKUP', loadId: 'tr-1', place: origin, arrival: null, departure: null, loadingType: 'LIVE', unloadingType: null },
      { sequence: 2, type: 'DROPOFF', loadId: 'tr-1', place: destination, arrival: null, departure: null, loadingType: null, unloadingType: 'DROP' },
    ],
    ...extra,
  };
};

describe('an order as the board’s search', () => {
  it('maps origin, destinations, pickup window (whole minutes), payout, rate, stops, distance, types', () => {
    const s = orderSearch(order({ destination: [ATLANTA], payout: '900', maxDistance: '1000', workType: 'ONE_WAY', loadingType: 'DROP' }), NOW + 17_000);
    expect(s.origins).toEqual([{ name: 'DALLAS', stateCode: 'TX', latitude: DALLAS.latitude, longitude: DALLAS.longitude, radiusMiles: 25 }]);
    expect(s.destinations?.[0]).toMatchObject({ name: 'ATLANTA', stateCode: 'GA', radiusMiles: 25 });
    expect(s.startDate).toBe('2026-03-10T15:10:00.000Z');
    expect(s.endDate).toBe('2026-03-10T17:11:00.000Z');
    expect(s).toMatchObject({ minPayout: 900, minPricePerMile: 2, maxStops: 3, minDistance: null, maxDistance: 1000, workTypes: ['ONE_WAY'], loadingTypes: ['DROP'] });
  });

  it('gives orders with the same wishes in the same minute the same key', () => {
    const a = orderSearch(order({ id: 1 }), NOW + 1000);
    const b = orderSearch(order({ id: 2, driver1Id: 9 } as Partial<TOrderRow>), NOW + 40_000);
    expect(searchKey(1, a)).toBe(searchKey(1, b));
    expect(searchKey(1, a)).not.toBe(searchKey(2, b));
  });
});

describe('what the engine checks itself', () => {
  it('accepts a fitting work', () => expect(whyNot(order(), work(), NOW)).toBeNull());
  it('excluded states, on any stop', () => expect(whyNot(order({ excludedStates: ['GA'] }), work(), NOW)).toBe('excluded state'));
  it('destinations and their radius', () => {
    expect(whyNot(order({ destination: [ATLANTA] }), work(), NOW)).toBeNull();
    expect(whyNot(order({ destination: [DALLAS] }), work(), NOW)).toBe('destination');
    expect(whyNot(order({ excludedDestinations: [ATLANTA] }), work(), NOW)).toBe('excluded destination');
  });
  it('the minimum lead time and the pickup window', () => {
    expect(whyNot(order(), work({ firstPickupTime: '2026-03-10T15:05:00Z' }), NOW)).toBe('pickup too soon');
    expect(whyNot(order(), work({ firstPickupTime: '2026-03-10T17:30:00Z' }), NOW)).toBe('pickup too late');
    expect(whyNot(order({ pickupTimeWithin: '0' }), work({ firstPickupTime: '2026-03-20T17:30:00Z' }), NOW)).toBeNull();
    expect(whyNot(order({ loadStartDate: '2026-03-10T16:30:00Z' }), work(), NOW)).toBe('pickup too soon');
  });
  it('price per mile as payout ÷ distance, payout, distance and stops', () => {
    expect(whyNot(order({ ppm: '3.21' }), work(), NOW)).toBe('price per mile');
    expect(whyNot(order({ ppm: '3.20' }), work(), NOW)).toBeNull();
    expect(whyNot(order({ payout: '2500.01' }), work(), NOW)).toBe('payout');
    expect(whyNot(order({ minDistance: '800' }), work(), NOW)).toBe('distance');
    expect(whyNot(order({ maxDistance: '700' }), work(), NOW)).toBe('distance');
    expect(whyNot(order({ numberOfStops: 2 }), work({ stopCount: 3 }), NOW)).toBe('stops');
    expect(whyNot(order({ numberOfStops: 0 }), work({ stopCount: 4 }), NOW)).toBeNull();
  });
  it('work and loading types', () => {
    expect(whyNot(order({ workType: 'ROUND_TRIP' }), work(), NOW)).toBe('work type');
    expect(whyNot(order({ loadingType: 'DROP' }), work(), NOW)).toBe('loading type');
    expect(whyNot(order({ loadingType: 'LIVE' }), work({ loadingType: 'PRELOADED' }), NOW)).toBe('loading type');
  });
});
