import type { TBrokerFormOutput } from '@haulboard/contract';
import { and, eq } from 'drizzle-orm';
import { actorCan, type TActor } from '../../access/actor';
import { assertCompanyRefs, lockOwnedRow } from '../../access/tenancy';
import type { TDbLike } from '../../db/client';
import { brokers, loads } from '../../db/schema';
import { forbidden, refuse } from '../../lib/errors';
import { nowMs, pgCode } from '../../lib/rows';

export const ACTIVE_NEEDS_WRITE = 'Only users with Write on broker administration can change whether a broker is active';
export const brokerHasLoads = (name: string) =>
  `${name} has loads and cannot be deleted. Mark the broker inactive instead: it stays on its loads but is no longer offered for new ones.`;

/** Adds (no brokerId) or edits a broker of the actor's company. */
export async function upsertBroker(tx: TDbLike, actor: TActor, form: TBrokerFormOutput) {
  const { companyId } = actor;
  const mayChangeActive = actorCan(actor, 'BrokerAdmin', 'Write');
  await assertCompanyRefs(tx, companyId, { stateIds: [{ field: 'brokerStateId', id: form.brokerStateId }] });
  const values = {
    name: form.brokerName,
    address: form.brokerAddress,
    city: form.brokerCity,
    stateId: form.brokerStateId,
    zipCode: form.brokerZipCode,
    phoneNumber: form.phoneNumber,
    email: form.email,
    mcNumber: form.mcNumber,
    dotNumber: form.dotNumber,
    comments: form.comments,
    isActive: form.isActive,
    updatedOn: nowMs() as any,
  };
  if (!form.brokerId) {
    if (!form.isActive && !mayChangeActive) throw forbidden(ACTIVE_NEEDS_WRITE);
    const [row] = await tx.insert(brokers).values({ ...values, companyId }).returning({ id: brokers.id });
    return row.id;
  }
  const row = await lockOwnedRow(tx, brokers, { id: form.brokerId, companyId, version: form.updatedOn, what: 'broker' });
  if (row.isActive !== form.isActive && !mayChangeActive) throw forbidden(ACTIVE_NEEDS_WRITE);
  await tx
    .update(brokers)
    .set(values)
    .where(and(eq(brokers.id, row.id), eq(brokers.companyId, companyId)));
  return row.id;
}

/** Deletes a broker no load refers to; one with loads can only be marked inactive. */
export async function deleteBroker(tx: TDbLike, actor: TActor, brokerId: number) {
  const { companyId } = actor;
  const row = await lockOwnedRow(tx, brokers, { id: brokerId, companyId, what: 'broker' });
  const [used] = await tx
    .select({ id: loads.id })
    .from(loads)
    .where(and(eq(loads.companyId, companyId), eq(loads.brokerId, row.id)))
    .limit(1);
  if (used) throw refuse(brokerHasLoads(row.name));
  try {
    // A savepoint: a reference added since the check refuses the delete without ending the caller's transaction.
    await tx.transaction((sp) => sp.delete(brokers).where(and(eq(brokers.id, row.id), eq(brokers.companyId, companyId))));
  } catch (error) {
    if (pgCode(error) === '23503') throw refuse(brokerHasLoads(row.name));
    throw error;
  }
}
