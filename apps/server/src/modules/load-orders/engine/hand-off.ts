import { and, eq, sql } from 'drizzle-orm';
import { loadOrders } from '../../../db/schema';
import { nowMs } from '../../../lib/rows';
import { BoardError, type TBoardWork } from '../../../loadboard/client';
import { companyBoard } from '../../../loadboard/connection';
import { recordOrderEvent } from '../service';
import { boardWeekOf, claimBooking, finishBooked, finishLost, type pendingBookingOf, routeText, tripsListWork } from './book';
import { accountFailure } from './circuit';
import { nextAfter, paced, Skipped, type TEngineContext } from './context';
import type { TOrderRow } from './filter';

/**
 * A booking order's hand-off to the board: its matches are booked one by one, and a booking left
 * without an answer (a server stopped, the board went quiet) is settled from the board's trips.
 */

export async function book(ctx: TEngineContext, o: TOrderRow, matches: TBoardWork[]) {
  const { db } = ctx;
  for (const work of matches) {
    const claimed = await claimBooking(db, o, work);
    if (claimed === 'taken') continue;
    if (claimed !== 'claimed') return;
    ctx.stats.bookings++;
    let cookieId: number | null = null;
    try {
      const board = await companyBoard(db, ctx.vault, o.companyId, ctx.board);
      cookieId = board.cookieId;
      // A booking waits longer for its slot than a search: it is worth more.
      await paced(ctx, o.companyId, 5000);
      const result = await board.client.book(work);
      ctx.sessionFailures.delete(o.companyId);
      await finishBooked(db, o, work, result);
      ctx.notify({ companyId: o.companyId, orderId: o.id, kind: 'booked' });
    } catch (e) {
      if (e instanceof Skipped) {
        // Not asked: the booking row goes, the order tries again.
        await finishLost(db, o, work, e.blocked ? 'the board is limiting requests, trying again' : 'the board is busy, trying again', 'error');
        return;
      }
      if (!(e instanceof BoardError)) throw e;
      await accountFailure(ctx, o.companyId, cookieId, e);
      if (e.kind === 'unavailable' || e.kind === 'bad-response') {
        // No answer, or one we cannot read: the board may have booked it. Settled from its trips later.
        await db
          .update(loadOrders)
          .set({ stateReason: `Booking ${routeText(work)}: no clear answer from the board (${e.message}); checking its trips`, updatedOn: nowMs() as any })
          .where(and(eq(loadOrders.id, o.id), eq(loadOrders.companyId, o.companyId)));
        await recordOrderEvent(db, { companyId: o.companyId, orderId: o.id, kind: 'error', text: `No clear answer to the booking: ${e.message}`, workOpportunityId: work.id });
        return;
      }
      // A definite no: taken or changed (409/412), gone, refused, or never reached (session, rate limit).
      const why = e.kind === 'conflict' ? (e.boardCode ?? 'taken or changed') : e.message;
      await finishLost(db, o, work, why, e.kind === 'conflict' || e.kind === 'not-found' ? 'lost' : 'error');
      ctx.notify({ companyId: o.companyId, orderId: o.id, kind: 'lost' });
    }
    return;
  }
}

/** A pending booking without an answer: the board's trips of the pickup's week say whether it is ours. */
export async function recover(ctx: TEngineContext, o: TOrderRow, pending: NonNullable<Awaited<ReturnType<typeof pendingBookingOf>>>, claimedMs: number) {
  const { db, recoverAfterMs } = ctx;
  const age = Date.now() - Date.parse(pending.row.createdOn);
  const later = async (when: ReturnType<typeof sql> = sql`clock_timestamp() + ${Math.max(5000, Number(o.refreshRate) * 1000)} * interval '1 millisecond'`) => {
    await db
      .update(loadOrders)
      .set({ nextSearchOn: when as any })
      .where(and(eq(loadOrders.id, o.id), eq(loadOrders.companyId, o.companyId)));
  };
  if (!pending.work) {
    // Nothing to check it against: a person must look.
    await db
      .update(loadOrders)
      .set({ state: 'booking', stateReason: 'A booking was interrupted and cannot be checked: look at the board, then cancel this order', nextSearchOn: sql`clock_timestamp() + interval '1 day'` as any })
      .where(and(eq(loadOrders.id, o.id), eq(loadOrders.companyId, o.companyId)));
    return;
  }
  // Its server may still be waiting for the answer: look again once it is old enough.
  if (age < recoverAfterMs) return later(sql`${pending.row.createdOn}::timestamptz + ${recoverAfterMs} * interval '1 millisecond'`);
  const work = pending.work;
  let cookieId: number | null = null;
  try {
    const board = await companyBoard(db, ctx.vault, o.companyId, ctx.board);
    cookieId = board.cookieId;
    await paced(ctx, o.companyId, 5000);
    const csv = (await board.client.exportTrips(boardWeekOf(work.firstPickupTime), 'csv')).toString('utf8');
    if (tripsListWork(csv, work)) {
      await finishBooked(db, o, work, { workOpportunityId: work.id, tripId: '', loadIds: work.loadIds, bookedAt: '' }, 'Booked (confirmed from the board’s trips after an interruption)');
      ctx.notify({ companyId: o.companyId, orderId: o.id, kind: 'booked' });
    } else {
      await finishLost(db, o, work, 'the interrupted booking did not go through (not in the board’s trips)', 'error');
      await later(nextAfter(claimedMs));
    }
  } catch (e) {
    if (e instanceof BoardError) await accountFailure(ctx, o.companyId, cookieId, e);
    else if (!(e instanceof Skipped)) throw e;
    await later();
  }
}
