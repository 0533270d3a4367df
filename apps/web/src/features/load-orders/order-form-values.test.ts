import { LOAD_ORDER_DEFAULTS, ZLoadOrderForm } from '@haulboard/contract';
import { describe, expect, it } from 'vitest';
import { fromZoneInput, orderBody, orderFormValues, toZoneInput } from './order-form-values';

describe('order form values', () => {
  it('starts a new order with the spec’s defaults (§9)', () => {
    const v = orderFormValues(null);
    expect(v).toMatchObject({
      workType: 'Any',
      originRadius: 25,
      numberOfStops: 3,
      minPickupTime: 10,
      pickupTimeWithin: 2,
      minDistance: 0,
      maxDistance: 0,
      loadingType: 'Any',
      ppm: 2,
      payout: 0,
      timeZone: 'EST',
      orderActionType: 1,
      excludedStates: ['NY'],
      refreshRate: 0.5,
      origin: null,
    });
  });

  it('reads the pickup window in the order’s time zone, both ways, across the DST change', () => {
    expect(fromZoneInput('2026-11-24T08:00', 'EST')).toBe('2026-11-24T13:00:00.000Z');
    expect(fromZoneInput('2026-11-24T08:00', 'CST')).toBe('2026-11-24T14:00:00.000Z');
    expect(fromZoneInput('2026-07-01T08:00', 'EST')).toBe('2026-07-01T12:00:00.000Z');
    expect(toZoneInput('2026-11-24T14:00:00.000Z', 'CST')).toBe('2026-11-24T08:00');
    expect(fromZoneInput('', 'EST')).toBeNull();
    expect(toZoneInput(null, 'EST')).toBe('');
  });

  it('a body the contract accepts; a team needs two different drivers', () => {
    const values = { ...orderFormValues(null), origin: { label: 'DALLAS, TX', latitude: 32.7767, longitude: -96.797 }, driver1: 31, loadStartDate: '2026-11-24T08:00' };
    const parsed = ZLoadOrderForm.parse(orderBody(values));
    expect(parsed).toMatchObject({ driver1: 31, driver2: null, loadStartDate: '2026-11-24T13:00:00.000Z', refreshRate: LOAD_ORDER_DEFAULTS.refreshRate });
    const same = ZLoadOrderForm.safeParse(orderBody({ ...values, driver2: 31 }));
    expect(same.error?.issues.map((i) => i.message)).toEqual(['Choose two different drivers']);
  });
});
