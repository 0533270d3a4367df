import { centsToText, findUsState, formatCents, ORDER_STATUS, type TLoadFormOutput } from '@haulboard/contract';
import { and, eq, gte, lte } from 'drizzle-orm';
import { systemActor } from '../../../access/actor';
import type { TDb, TDbLike } from '../../../db/client';
import { loadOrders, loadStatuses, orderBookings, workWeeks } from '../../../db/schema';
import { AppError, refuse } from '../../../lib/errors';
import { nowMs } from '../../../lib/rows';
import type { TBoardWork, TBookResult } from '../../../loadboard/client';
import { boardBroker, pacificDateOf } from '../../accounting';
import { upsertLoad } from '../../loads';
import { recordOrderEvent } from '../service';
import type { TOrderRow } from './filter';

/**
 * Booking, at most once per order ever: the order's row is locked and an `order_bookings` row
 * (primary key: the order; unique per company and work opportunity) is written as 'pending'
 * before the board is asked. Only a definite answer moves it on: booked (the order goes to
 * history), or lost (409/412: the row goes and the order keeps searching). A pending row whose
 * answer never came (a crash, a timeout) is settled from the board's own trips, never by asking
 * to book again.
 */

export const place = (p: { city: string; state: string }) => [p.city, p.state].filter(Boolean).join(', ');
export const routeText = (w: TBoardWork) => `${place(w.origin)} → ${place(w.destination)}`;

export type TPendingDetail = { work: TBoardWork; result?: TBookResult; note?: string };

/** Locks the order and writes its pending booking of `work`: 'claimed', or why not. */
export async function claimBooking(db: TDb, o: TOrderRow, work: TBoardWork): Promise<'claimed' | 'not-active' | 'has-booking' | 'taken'> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ status: loadOrders.status }).from(loadOrders).where(and(eq(loadOrders.id, o.id), eq(loadOrders.companyId, o.companyId))).for('update');
    if (!row || row.status !== ORDER_STATUS.active) return 'not-active';
    const [existing] = await tx.select({ orderId: orderBookings.orderId }).from(orderBookings).where(and(eq(orderBookings.orderId, o.id), eq(orderBookings.companyId, o.companyId)));
    if (existing) return 'has-booking';
    const detail: TPendingDetail = { work };
    const inserted = await tx
      .insert(orderBookings)
      .values({ orderId: o.id, companyId: o.companyId, workOpportunityId: work.id, state: 'pending', detail: JSON.stringify(detail) })
      .onConflictDoNothing()
      .returning({ orderId: orderBookings.orderId });
    // Another order of the company holds this work opportunity.
    if (!inserted.length) return 'taken';
    await tx
      .update(loadOrders)
      .set({ state: 'booking', stateReason: `Booking ${routeText(work)}`, updatedOn: nowMs() as any })
      .where(and(eq(loadOrders.id, o.id), eq(loadOrders.companyId, o.companyId)));
    await recordOrderEvent(tx, {
      companyId: o.companyId,
      orderId: o.id,
      kind: 'book',
      text: `Booking ${routeText(work)}, ${formatCents(work.payoutCents)} (version ${work.version})`,
      workOpportunityId: work.id,
    });
    return 'claimed';
  });
}

const dayIn = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));

/** The company's work week holding the work's pickup day in the order's time zone (none when the weeks are not generated). */
export async function pickupWeekOf(tx: TDbLike, o: Pick<TOrderRow, 'companyId' | 'timeZone'>, work: Pick<TBoardWork, 'firstPickupTime'>) {
  const zone = o.timeZone === 'CST' ? 'America/Chicago' : 'America/New_York';
  const day = dayIn(work.firstPickupTime, zone);
  const [week] = await tx
    .select({ id: workWeeks.id, year: workWeeks.year })
    .from(workWeeks)
    .where(and(eq(workWeeks.companyId, o.companyId), lte(workWeeks.startDate, day), gte(workWeeks.endDate, day)))
    .limit(1);
  return { day, week: week ?? null };
}

/** The load of a booked work opportunity, for Book & Assign: drivers, work week, broker, route, miles, stops, payout, rate. */
async function createBookedLoad(tx: TDbLike, o: TOrderRow, work: TBoardWork, result: TBookResult): Promise<{ id: number; loadNumber: string }> {
  const { day, week } = await pickupWeekOf(tx, o, work);
  if (!week) throw refuse(`No work week holds ${day}: generate the work weeks, then add the load by hand`);
  const broker = await boardBroker(tx, o.companyId);
  const statuses = await tx.select({ id: loadStatuses.id, name: loadStatuses.name }).from(loadStatuses);
  const status = statuses.find((s) => s.name === 'Booked') ?? statuses[0];
  const origin = findUsState(work.origin.state);
  const destination = findUsState(work.destination.state);
  if (!origin || !destination) throw refuse('The board gave no state for the origin or the destination');
  const miles = Math.round(work.distanceMiles * 10) / 10;
  const loadNumber = (result.tripId || work.loadIds[0] || work.id).slice(0, 50);
  const end = work.lastDeliveryTime && work.lastDeliveryTime >= work.firstPickupTime ? work.lastDeliveryTime : work.firstPickupTime;
  const form: TLoadFormOutput = {
    loadId: 0,
    loadNumber,
    brokerId: broker.id,
    loadStartDate: new Date(work.firstPickupTime).toISOString(),
    loadEndDate: new Date(end).toISOString(),
    weekId: week.id,
    originStateId: origin.id,
    originCity: work.origin.city || origin.name,
    destinationStateId: destination.id,
    destinationCity: work.destination.city || destination.name,
    tripLength: miles,
    numberOfStops: work.stopCount,
    pricePerMile: miles > 0 ? Math.round(work.payoutCents / miles) / 100 : 0,
    payout: Number(centsToText(work.payoutCents)),
    loadStatusId: status.id,
    loadDrivers: [o.driver1Id, ...(o.driver2Id ? [o.driver2Id] : [])],
    isDispute: false,
    comments: `Booked by load order #${o.id} (work opportunity ${work.id})`,
    updatedOn: null,
  } as TLoadFormOutput;
  const id = await upsertLoad(tx, systemActor(o.companyId), form);
  return { id, loadNumber };
}

/** The board booked it: the booking, the load (Book & Assign) and the order's move to history, in one transaction. */
export async function finishBooked(db: TDb, o: TOrderRow, work: TBoardWork, result: TBookResult, how = 'Booked') {
  return db.transaction(async (tx) => {
    const [booking] = await tx.select().from(orderBookings).where(and(eq(orderBookings.orderId, o.id), eq(orderBookings.companyId, o.companyId))).for('update');
    if (booking?.state !== 'pending') return;
    let load: { id: number; loadNumber: string } | null = null;
    let loadError: string | null = null;
    if (o.orderActionType === 3) {
      try {
        // A savepoint: a refused load leaves the booking recorded.
        load = await tx.transaction((sp) => createBookedLoad(sp, o, work, result));
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        loadError = e.message.replace(/^ERROR /, '');
      }
    }
    const detail: TPendingDetail = { work, result };
    await tx.update(orderBookings).set({ state: 'booked', detail: JSON.stringify(detail) }).where(and(eq(orderBookings.orderId, o.id), eq(orderBookings.companyId, o.companyId)));
    const number = load?.loadNumber ?? (result.tripId || work.loadIds[0] || work.id);
    await tx
      .update(loadOrders)
      .set({
        status: ORDER_STATUS.history,
        state: 'booked',
        stateReason: loadError ? `Booked on the board; the load was not created: ${loadError}` : `${how} ${routeText(work)}, ${formatCents(work.payoutCents)}`,
        bookedLoadId: load?.id ?? null,
        bookedLoadNumber: number,
        nextSearchOn: null,
        updatedOn: nowMs() as any,
      })
      .where(and(eq(loadOrders.id, o.id), eq(loadOrders.companyId, o.companyId)));
    await recordOrderEvent(tx, {
      companyId: o.companyId,
      orderId: o.id,
      kind: 'booked',
      text: `${how} ${routeText(work)}, ${formatCents(work.payoutCents)}: trip ${result.tripId || number}${load ? `, load ${load.loadNumber} created` : ''}`,
      workOpportunityId: work.id,
      // The facts an alert card shows (alerts.ts): a booking is announced like an Alert order's match.
      detail: {
        tripId: result.tripId,
        loadIds: result.loadIds,
        loadId: load?.id ?? null,
        loadNumber: number,
        origin: place(work.origin),
        destination: place(work.destination),
        pickupAt: new Date(work.firstPickupTime).toISOString(),
        payout: centsToText(work.payoutCents),
        distance: Math.round(work.distanceMiles * 10) / 10,
        link: load ? `/app/loadboard/${encodeURIComponent(load.loadNumber)}` : null,
      },
    });
    if (loadError) {
      await recordOrderEvent(tx, { companyId: o.companyId, orderId: o.id, kind: 'error', text: `The load was not created: ${loadError}`, workOpportunityId: work.id });
    }
  });
}

/** The board said no for sure (409/412, or the work is gone): the pending row goes and the order searches on. */
export async function finishLost(db: TDb, o: TOrderRow, work: TBoardWork, why: string, kind: 'lost' | 'error' = 'lost') {
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(orderBookings)
      .where(and(eq(orderBookings.orderId, o.id), eq(orderBookings.companyId, o.companyId), eq(orderBookings.state, 'pending')))
      .returning({ orderId: orderBookings.orderId });
    if (!gone.length) return;
    await tx
      .update(loadOrders)
      .set({ state: 'searching', stateReason: kind === 'lost' ? `Lost ${routeText(work)}: ${why}` : null, updatedOn: nowMs() as any })
      .where(and(eq(loadOrders.id, o.id), eq(loadOrders.companyId, o.companyId), eq(loadOrders.status, ORDER_STATUS.active)));
    const text = kind === 'lost' ? `Lost ${routeText(work)}: ${why}` : `Not booked ${routeText(work)}: ${why}`;
    await recordOrderEvent(tx, { companyId: o.companyId, orderId: o.id, kind, text, workOpportunityId: work.id });
  });
}

/** The Sunday (board weeks run Sunday to Saturday, Pacific) of the week holding the pickup. */
export function boardWeekOf(pickupIso: string) {
  const day = pacificDateOf(pickupIso);
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - d.getUTCDay());
  return d.toISOString().slice(0, 10);
}

/** Whether the board's trips export of the pickup's week lists one of the work's loads. */
export const tripsListWork = (csv: string, work: TBoardWork) =>
  work.loadIds.some((id) => {
    const bare = id.replace(/^tr-/, '');
    return bare.length > 3 && csv.includes(bare);
  });

/** A pending booking whose answer never came: the board's trips settle it. */
export async function pendingBookingOf(db: TDbLike, companyId: number, orderId: number) {
  const [row] = await db
    .select()
    .from(orderBookings)
    .where(and(eq(orderBookings.orderId, orderId), eq(orderBookings.companyId, companyId), eq(orderBookings.state, 'pending')));
  if (!row) return null;
  let detail: TPendingDetail | null = null;
  try {
    detail = JSON.parse(row.detail ?? 'null');
  } catch {
    detail = null;
  }
  return { row, work: detail?.work ?? null };
}
