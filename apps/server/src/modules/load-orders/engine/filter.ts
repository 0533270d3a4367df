import { distanceMiles } from '@haulboard/geo';
import type { loadOrders } from '../../../db/schema';
import type { TBoardSearch, TBoardWork } from '../../../loadboard/client';

/**
 * An order as the board's search (domain-notes §4.3) and the filters the board cannot apply,
 * checked here on every result (pure: the time is given).
 */

export type TOrderRow = typeof loadOrders.$inferSelect;
type TPlace = { label: string; latitude: number; longitude: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The board rounds coordinates and measures its own way: our re-check allows this much more. */
const RADIUS_SLACK_MILES = 1;

/** 'DALLAS, TX' → name and state code. */
export function splitLabel(label: string): { name: string; stateCode: string } {
  const i = label.lastIndexOf(',');
  if (i < 0) return { name: label.trim().toUpperCase(), stateCode: '' };
  return { name: label.slice(0, i).trim().toUpperCase(), stateCode: label.slice(i + 1).trim().toUpperCase() };
}

const city = (p: TPlace, radiusMiles: number) => ({ ...splitLabel(p.label), latitude: p.latitude, longitude: p.longitude, radiusMiles });

/** The pickup window in epoch ms: from now + minPickupTime, for pickupTimeWithin hours (0: open), inside the order's own dates. */
export function pickupWindow(o: TOrderRow, now: number): { from: number; to: number | null } {
  let from = now + o.minPickupTime * MINUTE;
  const within = Number(o.pickupTimeWithin);
  let to: number | null = within > 0 ? from + within * HOUR : null;
  if (o.loadStartDate) from = Math.max(from, Date.parse(o.loadStartDate));
  if (o.loadEndDate) to = to === null ? Date.parse(o.loadEndDate) : Math.min(to, Date.parse(o.loadEndDate));
  return { from, to };
}

/**
 * The board's search for the order. The window is widened to whole minutes so that orders with
 * the same wishes searching in the same minute send the very same body (and share one call).
 */
export function orderSearch(o: TOrderRow, now: number): TBoardSearch {
  const { from, to } = pickupWindow(o, now);
  const minDistance = Number(o.minDistance);
  const maxDistance = Number(o.maxDistance);
  const payout = Number(o.payout);
  const ppm = Number(o.ppm);
  return {
    origins: [city(o.origin, o.originRadius)],
    destinations: o.destination.map((d) => city(d, o.destinationRadius)),
    startDate: new Date(Math.floor(from / MINUTE) * MINUTE).toISOString(),
    endDate: to === null ? null : new Date(Math.ceil(to / MINUTE) * MINUTE).toISOString(),
    minPayout: payout > 0 ? payout : null,
    minPricePerMile: ppm > 0 ? ppm : null,
    maxStops: o.numberOfStops > 0 ? o.numberOfStops : null,
    minDistance: minDistance > 0 ? minDistance : null,
    maxDistance: maxDistance > 0 ? maxDistance : null,
    workTypes: o.workType === 'ONE_WAY' || o.workType === 'ROUND_TRIP' ? [o.workType] : ['ONE_WAY', 'ROUND_TRIP'],
    loadingTypes: o.loadingType === 'DROP' || o.loadingType === 'LIVE' ? [o.loadingType] : ['LIVE', 'DROP'],
    sortByField: 'relevanceForSearchTab',
    sortOrder: 'asc',
    resultSize: 50,
  };
}

const near = (a: { latitude: number | null; longitude: number | null }, b: TPlace, radius: number) =>
  a.latitude !== null && a.longitude !== null && distanceMiles({ latitude: a.latitude, longitude: a.longitude }, b) <= radius + RADIUS_SLACK_MILES;

/** Why a result does not fit the order (null when it does). */
export function whyNot(o: TOrderRow, w: TBoardWork, now: number): string | null {
  if (!near(w.origin, o.origin, o.originRadius)) return 'origin';
  if (o.destination.length && !o.destination.some((d) => near(w.destination, d, o.destinationRadius))) return 'destination';
  if (o.excludedDestinations.some((d) => near(w.destination, d, o.destinationRadius))) return 'excluded destination';
  const excluded = new Set(o.excludedStates);
  if (w.stops.some((s) => excluded.has(s.place.state)) || excluded.has(w.origin.state) || excluded.has(w.destination.state)) return 'excluded state';
  const pickup = Date.parse(w.firstPickupTime);
  if (Number.isNaN(pickup)) return 'pickup time';
  const { from, to } = pickupWindow(o, now);
  if (pickup < from) return 'pickup too soon';
  if (to !== null && pickup > to) return 'pickup too late';
  if (!(w.distanceMiles > 0)) return 'distance';
  const payout = Number(o.payout);
  if (payout > 0 && w.payoutCents < Math.round(payout * 100)) return 'payout';
  const ppm = Number(o.ppm);
  // Payout ÷ distance, from the exact cents.
  if (ppm > 0 && w.payoutCents / 100 / w.distanceMiles < ppm) return 'price per mile';
  const minDistance = Number(o.minDistance);
  const maxDistance = Number(o.maxDistance);
  if (minDistance > 0 && w.distanceMiles < minDistance) return 'distance';
  if (maxDistance > 0 && w.distanceMiles > maxDistance) return 'distance';
  if (o.numberOfStops > 0 && w.stopCount > o.numberOfStops) return 'stops';
  if ((o.workType === 'ONE_WAY' || o.workType === 'ROUND_TRIP') && w.type && w.type !== o.workType) return 'work type';
  if (o.loadingType === 'DROP' && w.loadingType === 'LIVE') return 'loading type';
  if (o.loadingType === 'LIVE' && w.loadingType === 'PRELOADED') return 'loading type';
  return null;
}

/** The results that fit the order, in the board's order. */
export const matchesOf = (o: TOrderRow, works: readonly TBoardWork[], now: number) => works.filter((w) => whyNot(o, w, now) === null);

/** A stable key of a search body: identical searches of one account share one call. */
export const searchKey = (companyId: number, s: TBoardSearch) => `${companyId}:${JSON.stringify(s)}`;
