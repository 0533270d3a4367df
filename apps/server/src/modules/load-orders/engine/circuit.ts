import { ORDER_STATUS } from '@haulboard/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { loadOrders } from '../../../db/schema';
import { nowMs } from '../../../lib/rows';
import { BoardError } from '../../../loadboard/client';
import { companyBoard, noteBoardFailure } from '../../../loadboard/connection';
import { recordOrderEvent } from '../service';
import type { TEngineContext } from './context';
import { backOff } from './pacing';

/**
 * The circuit per board account: a rate limit backs it off, a session that keeps failing pauses
 * its orders, and a working session (a new one stored, or a check found one) resumes them.
 */

export const PAUSE_REASON = {
  sessionExpired: 'session expired',
  notConnected: 'load board not connected',
} as const;
export const RATE_LIMITED = 'rate limited';

/** Pauses the account's running orders (circuit open). */
async function pauseCompany(ctx: TEngineContext, companyId: number, reason: string) {
  const { db } = ctx;
  const paused = await db
    .update(loadOrders)
    .set({ state: 'paused', stateReason: reason, updatedOn: nowMs() as any })
    .where(and(eq(loadOrders.companyId, companyId), eq(loadOrders.status, ORDER_STATUS.active), inArray(loadOrders.state, ['searching', 'alerted'])))
    .returning({ id: loadOrders.id });
  for (const { id } of paused) {
    await recordOrderEvent(db, { companyId, orderId: id, kind: 'paused', text: `Paused: ${reason}` });
    ctx.notify({ companyId, orderId: id, kind: 'paused' });
  }
}

/** What a failed board call says about the account: backoff, a dead session, the circuit. */
export async function accountFailure(ctx: TEngineContext, companyId: number, cookieId: number | null, e: BoardError) {
  const { db, sessionFailures } = ctx;
  if (e.kind === 'rate-limited' || (e.kind === 'unavailable' && e.status === 503)) {
    await backOff(db, companyId, e.retryAfterSeconds);
    // The dashboard says why the account's orders wait; their next good search clears it.
    await db
      .update(loadOrders)
      .set({ stateReason: RATE_LIMITED, updatedOn: nowMs() as any })
      .where(
        and(
          eq(loadOrders.companyId, companyId),
          eq(loadOrders.status, ORDER_STATUS.active),
          inArray(loadOrders.state, ['searching', 'alerted']),
          sql`${loadOrders.stateReason} is distinct from ${RATE_LIMITED}`,
        ),
      );
    return;
  }
  if (e.kind === 'not-configured') {
    await pauseCompany(ctx, companyId, PAUSE_REASON.notConnected);
    return;
  }
  if (e.kind === 'session-expired' || e.kind === 'csrf-refused' || e.kind === 'bad-response') {
    const count = (sessionFailures.get(companyId) ?? 0) + 1;
    sessionFailures.set(companyId, count);
    // One refusal may be a passing glitch: the session is given up only when it repeats.
    if (count >= ctx.failuresToPause) {
      // The session is not working: the cookie page says so, and the orders wait for a new one.
      if (cookieId !== null) {
        const why = e.kind === 'bad-response' ? new BoardError('session-expired', 'the board answered repeatedly with something other than JSON') : e;
        await noteBoardFailure(db, companyId, cookieId, why);
      }
      await pauseCompany(ctx, companyId, PAUSE_REASON.sessionExpired);
    }
  }
}

/** Paused accounts whose session may work again (a new one stored, or a check found one): their orders resume. */
export async function resumePaused(ctx: TEngineContext) {
  const { db } = ctx;
  const rows = await db
    .selectDistinct({ companyId: loadOrders.companyId })
    .from(loadOrders)
    .where(and(eq(loadOrders.status, ORDER_STATUS.active), eq(loadOrders.state, 'paused'), inArray(loadOrders.stateReason, Object.values(PAUSE_REASON))));
  for (const { companyId } of rows) {
    try {
      await companyBoard(db, ctx.vault, companyId, ctx.board);
    } catch {
      continue;
    }
    ctx.sessionFailures.delete(companyId);
    const resumed = await db
      .update(loadOrders)
      .set({ state: 'searching', stateReason: null, nextSearchOn: null, updatedOn: nowMs() as any })
      .where(
        and(
          eq(loadOrders.companyId, companyId),
          eq(loadOrders.status, ORDER_STATUS.active),
          eq(loadOrders.state, 'paused'),
          inArray(loadOrders.stateReason, Object.values(PAUSE_REASON)),
        ),
      )
      .returning({ id: loadOrders.id });
    for (const { id } of resumed) {
      await recordOrderEvent(db, { companyId, orderId: id, kind: 'resumed', text: 'Resumed: a load board session is stored' });
      ctx.notify({ companyId, orderId: id, kind: 'resumed' });
    }
  }
}
