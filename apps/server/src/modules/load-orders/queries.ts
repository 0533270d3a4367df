import type { TLoadOrder, TOrderEvent, TOrderSearchSummary } from '@haulboard/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { TDbLike } from '../../db/client';
import { loadOrders, orderEvents, users } from '../../db/schema';
import { isoOf } from '../../lib/rows';

const driver1 = alias(users, 'driver1');
const driver2 = alias(users, 'driver2');
const creator = alias(users, 'creator');
type TNameColumns = { firstName: AnyPgColumn; lastName: AnyPgColumn; displayName: AnyPgColumn; email: AnyPgColumn };
const nameSql = (u: TNameColumns) =>
  sql<string>`coalesce(nullif(concat_ws(' ', nullif(${u.firstName}, ''), nullif(${u.lastName}, '')), ''), ${u.displayName}, ${u.email})`;

/** A company's orders (or the one `orderId`), active first, newest first, at most `limit` of them. */
export async function findOrders(db: TDbLike, companyId: number, orderId: number | undefined, limit: number): Promise<TLoadOrder[]> {
  const rows = await db
    .select({
      o: loadOrders,
      driver1Name: nameSql(driver1),
      driver2Name: sql<string | null>`case when ${loadOrders.driver2Id} is null then null else ${nameSql(driver2)} end`,
      createdBy: sql<string | null>`case when ${loadOrders.createdBy} is null then null else ${nameSql(creator)} end`,
      createdOn: isoOf(loadOrders.createdOn),
      updatedOn: isoOf(loadOrders.updatedOn),
      lastSearchOn: isoOf(loadOrders.lastSearchOn),
      loadStartDate: isoOf(loadOrders.loadStartDate),
      loadEndDate: isoOf(loadOrders.loadEndDate),
    })
    .from(loadOrders)
    .innerJoin(driver1, eq(driver1.id, loadOrders.driver1Id))
    .leftJoin(driver2, eq(driver2.id, loadOrders.driver2Id))
    .leftJoin(creator, eq(creator.id, loadOrders.createdBy))
    .where(and(eq(loadOrders.companyId, companyId), orderId ? eq(loadOrders.id, orderId) : undefined))
    .orderBy(desc(loadOrders.status), desc(loadOrders.createdOn), desc(loadOrders.id))
    .limit(limit);
  return rows.map(({ o, ...r }) => ({
    loadOrderId: o.id,
    loadOrderStatusId: o.status,
    workType: o.workType as TLoadOrder['workType'],
    origin: o.origin,
    originRadius: o.originRadius,
    destination: o.destination,
    destinationRadius: o.destinationRadius,
    excludedDestinations: o.excludedDestinations,
    excludedStates: o.excludedStates,
    numberOfStops: o.numberOfStops,
    minPickupTime: o.minPickupTime,
    pickupTimeWithin: Number(o.pickupTimeWithin),
    loadStartDate: o.loadStartDate ? r.loadStartDate : null,
    loadEndDate: o.loadEndDate ? r.loadEndDate : null,
    loadingType: o.loadingType as TLoadOrder['loadingType'],
    ppm: Number(o.ppm),
    payout: Number(o.payout),
    minDistance: Number(o.minDistance),
    maxDistance: Number(o.maxDistance),
    driver1: o.driver1Id,
    driver1Name: r.driver1Name,
    driver2: o.driver2Id,
    driver2Name: r.driver2Name,
    timeZone: o.timeZone as TLoadOrder['timeZone'],
    orderActionType: o.orderActionType,
    refreshRate: Number(o.refreshRate),
    state: o.state as TLoadOrder['state'],
    stateReason: o.stateReason,
    lastSearchOn: o.lastSearchOn ? r.lastSearchOn : null,
    searches: o.searches,
    matchesSeen: o.matchesSeen,
    bookedLoadNumber: o.bookedLoadNumber,
    createdBy: r.createdBy,
    createdOn: r.createdOn,
    updatedOn: r.updatedOn,
  }));
}

/** An order's timeline, newest first. */
export async function findOrderEvents(db: TDbLike, companyId: number, orderId: number, limit: number): Promise<TOrderEvent[]> {
  const rows = await db
    .select({ at: isoOf(orderEvents.at), kind: orderEvents.kind, text: orderEvents.text, workOpportunityId: orderEvents.workOpportunityId, detail: orderEvents.detail })
    .from(orderEvents)
    .where(and(eq(orderEvents.companyId, companyId), eq(orderEvents.orderId, orderId)))
    .orderBy(desc(orderEvents.at), desc(orderEvents.id))
    .limit(limit);
  return rows.map(({ detail, ...r }) => ({ ...r, kind: r.kind as TOrderEvent['kind'], search: r.kind === 'search' ? searchSummaryOf(detail) : null }));
}

const countOf = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.round(v) : null);

/**
 * The figures of a search's recorded detail, read defensively (the detail is free-form JSON and older
 * rows differ); its filters stay on the server.
 */
export function searchSummaryOf(detail: unknown): TOrderSearchSummary | null {
  let d = detail;
  if (typeof d === 'string') {
    try {
      d = JSON.parse(d);
    } catch {
      return null;
    }
  }
  if (!d || typeof d !== 'object' || Array.isArray(d)) return null;
  const x = d as Record<string, unknown>;
  const outcome = typeof x.status === 'string' && /^[a-z-]{1,40}$/.test(x.status) ? x.status : null;
  if (!outcome) return null;
  return {
    outcome,
    httpStatus: countOf(x.httpStatus),
    results: countOf(x.results),
    total: countOf(x.total),
    pages: countOf(x.pages),
    matches: countOf(x.matches),
    latencyMs: countOf(x.latencyMs),
    coalesced: x.coalesced === true,
  };
}
