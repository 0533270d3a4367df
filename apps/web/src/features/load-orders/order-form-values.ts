import { LOAD_ORDER_DEFAULTS, ORDER_TIME_ZONES, type TLoadOrder, type TLoadOrderForm, type TLocation } from '@haulboard/contract';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The fields the order dialog edits, in the order they appear (for the server's field messages). */
export const ORDER_FIELDS = [
  'driver1',
  'driver2',
  'orderActionType',
  'workType',
  'origin',
  'originRadius',
  'destination',
  'destinationRadius',
  'excludedDestinations',
  'excludedStates',
  'numberOfStops',
  'loadingType',
  'minPickupTime',
  'pickupTimeWithin',
  'loadStartDate',
  'loadEndDate',
  'timeZone',
  'ppm',
  'payout',
  'minDistance',
  'maxDistance',
  'refreshRate',
] as const;

type TTimeZone = (typeof ORDER_TIME_ZONES)[number];
/** The order's time zone names the clock its pickup window is read in. */
export const ZONE: Record<TTimeZone, string> = { EST: 'America/New_York', CST: 'America/Chicago' };

/** The form's state: the contract's input with the pickup window as 'YYYY-MM-DDTHH:mm' in the order's zone. */
export type TOrderFormState = Omit<TLoadOrderForm, 'origin'> & { origin: TLocation | null };

/** A stored instant as the datetime-local input shows it in the order's zone ('' for none). */
export function toZoneInput(iso: string | null | undefined, zone: TTimeZone): string {
  if (!iso) return '';
  const d = dayjs(iso);
  return d.isValid() ? d.tz(ZONE[zone]).format('YYYY-MM-DDTHH:mm') : '';
}

/** A datetime-local value read in the order's zone, as an ISO instant (null for none). */
export function fromZoneInput(value: string | null | undefined, zone: TTimeZone): string | null {
  if (!value) return null;
  const d = dayjs.tz(value, ZONE[zone]);
  return d.isValid() ? d.toISOString() : value;
}

/**
 * The dialog's starting values: a new order with the spec's defaults (§9), or the one being edited
 * with its version. Spec §4: editing an order resets its refresh rate to 0.5.
 */
export function orderFormValues(order: TLoadOrder | null): TOrderFormState {
  if (!order) {
    return {
      loadOrderId: 0,
      workType: LOAD_ORDER_DEFAULTS.workType,
      origin: null,
      originRadius: LOAD_ORDER_DEFAULTS.originRadius,
      destination: [],
      destinationRadius: LOAD_ORDER_DEFAULTS.destinationRadius,
      excludedDestinations: [],
      excludedStates: [...LOAD_ORDER_DEFAULTS.excludedStates],
      numberOfStops: LOAD_ORDER_DEFAULTS.numberOfStops,
      minPickupTime: LOAD_ORDER_DEFAULTS.minPickupTime,
      pickupTimeWithin: LOAD_ORDER_DEFAULTS.pickupTimeWithin,
      loadStartDate: '',
      loadEndDate: '',
      loadingType: LOAD_ORDER_DEFAULTS.loadingType,
      ppm: LOAD_ORDER_DEFAULTS.ppm,
      payout: LOAD_ORDER_DEFAULTS.payout,
      minDistance: LOAD_ORDER_DEFAULTS.minDistance,
      maxDistance: LOAD_ORDER_DEFAULTS.maxDistance,
      driver1: '',
      driver2: '',
      timeZone: LOAD_ORDER_DEFAULTS.timeZone,
      orderActionType: LOAD_ORDER_DEFAULTS.orderActionType,
      refreshRate: LOAD_ORDER_DEFAULTS.refreshRate,
      updatedOn: null,
    };
  }
  return {
    loadOrderId: order.loadOrderId,
    workType: order.workType,
    origin: order.origin,
    originRadius: order.originRadius,
    destination: order.destination,
    destinationRadius: order.destinationRadius,
    excludedDestinations: order.excludedDestinations,
    excludedStates: order.excludedStates,
    numberOfStops: order.numberOfStops,
    minPickupTime: order.minPickupTime,
    pickupTimeWithin: order.pickupTimeWithin,
    loadStartDate: toZoneInput(order.loadStartDate, order.timeZone),
    loadEndDate: toZoneInput(order.loadEndDate, order.timeZone),
    loadingType: order.loadingType,
    ppm: order.ppm,
    payout: order.payout,
    minDistance: order.minDistance,
    maxDistance: order.maxDistance,
    driver1: order.driver1,
    driver2: order.driver2 ?? '',
    timeZone: order.timeZone,
    orderActionType: order.orderActionType,
    refreshRate: LOAD_ORDER_DEFAULTS.refreshRate,
    updatedOn: order.updatedOn,
  };
}

/** What PlaceOrder is sent: the form's values with the pickup window as instants. */
export function orderBody(values: TOrderFormState): TLoadOrderForm {
  const zone = (ORDER_TIME_ZONES as readonly string[]).includes(String(values.timeZone)) ? (values.timeZone as TTimeZone) : LOAD_ORDER_DEFAULTS.timeZone;
  return {
    ...values,
    origin: values.origin as TLocation,
    driver2: values.driver2 ? values.driver2 : null,
    loadStartDate: fromZoneInput(values.loadStartDate, zone),
    loadEndDate: fromZoneInput(values.loadEndDate, zone),
  };
}
