import { LOAD_ORDER_DEFAULTS, ORDER_STATUS, ORDER_TEXT, type TLoadOrderFormOutput, type TOrderEvent } from '@haulboard/contract';
import { and, eq } from 'drizzle-orm';
import type { TActor } from '../../access/actor';
import { assertCompanyRefs, lockOwnedRow } from '../../access/tenancy';
import type { TDbLike } from '../../db/client';
import { loadOrders, orderEvents } from '../../db/schema';
import { refuse } from '../../lib/errors';
import { nowMs } from '../../lib/rows';

export const ORDER_NOT_ACTIVE = 'This order is in history and can no longer be changed. Place a new order instead.';

/** Records one line of an order's timeline. */
export async function recordOrderEvent(
  tx: TDbLike,
  e: { companyId: number; orderId: number; kind: TOrderEvent['kind']; text: string; workOpportunityId?: string | null; detail?: unknown },
) {
  await tx.insert(orderEvents).values({ ...e, workOpportunityId: e.workOpportunityId ?? null, detail: e.detail ?? null });
}

/** Places a new order (no loadOrderId) or edits an active one of the actor's company. */
export async function placeOrder(tx: TDbLike, actor: TActor, form: TLoadOrderFormOutput) {
  const { companyId } = actor;
  await assertCompanyRefs(tx, companyId, { driverIds: [form.driver1, ...(form.driver2 ? [form.driver2] : [])] });
  const values = {
    workType: form.workType,
    origin: form.origin,
    originRadius: form.originRadius,
    destination: form.destination,
    destinationRadius: form.destinationRadius,
    excludedDestinations: form.excludedDestinations,
    excludedStates: form.excludedStates,
    numberOfStops: form.numberOfStops,
    minPickupTime: form.minPickupTime,
    pickupTimeWithin: String(form.pickupTimeWithin),
    loadStartDate: form.loadStartDate,
    loadEndDate: form.loadEndDate,
    loadingType: form.loadingType,
    ppm: String(form.ppm),
    payout: String(form.payout),
    minDistance: String(form.minDistance),
    maxDistance: String(form.maxDistance),
    driver1Id: form.driver1,
    driver2Id: form.driver2,
    timeZone: form.timeZone,
    orderActionType: form.orderActionType,
    refreshRate: String(form.refreshRate),
    updatedOn: nowMs() as any,
  };
  if (form.loadOrderId) {
    const row = await lockOwnedRow(tx, loadOrders, { id: form.loadOrderId, companyId, version: form.updatedOn, what: 'order' });
    if (row.status !== ORDER_STATUS.active) throw refuse(ORDER_NOT_ACTIVE);
    await tx
      .update(loadOrders)
      // The spec: editing an order resets its refresh rate to 0.5, whatever the form sent.
      .set({ ...values, refreshRate: String(LOAD_ORDER_DEFAULTS.refreshRate), state: 'searching', stateReason: null, nextSearchOn: null })
      .where(and(eq(loadOrders.id, row.id), eq(loadOrders.companyId, companyId)));
    await recordOrderEvent(tx, { companyId, orderId: row.id, kind: 'edited', text: 'Order edited' });
    return { orderId: row.id, text: ORDER_TEXT.updated };
  }
  const [row] = await tx
    .insert(loadOrders)
    .values({ ...values, companyId, status: ORDER_STATUS.active, state: 'searching', createdBy: actor.userId })
    .returning({ id: loadOrders.id });
  await recordOrderEvent(tx, { companyId, orderId: row.id, kind: 'placed', text: 'Order placed' });
  return { orderId: row.id, text: ORDER_TEXT.placed };
}

/** Cancels an active order: it moves to history. Cancelling one already in history changes nothing. */
export async function cancelOrder(tx: TDbLike, actor: TActor, orderId: number) {
  const row = await lockOwnedRow(tx, loadOrders, { id: orderId, companyId: actor.companyId, what: 'order' });
  if (row.status === ORDER_STATUS.active) {
    await tx
      .update(loadOrders)
      .set({ status: ORDER_STATUS.history, state: 'cancelled', stateReason: 'Cancelled by a dispatcher', updatedOn: nowMs() as any })
      .where(and(eq(loadOrders.id, row.id), eq(loadOrders.companyId, actor.companyId)));
    await recordOrderEvent(tx, { companyId: actor.companyId, orderId: row.id, kind: 'cancelled', text: 'Order cancelled' });
  }
}
