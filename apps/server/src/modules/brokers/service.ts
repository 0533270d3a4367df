import { can, type TBroker, type TBrokerFormOutput } from '@haulboard/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { TRequestContext } from '../../access/context';
import type { TDb, TDbLike } from '../../db/client';
import { brokers, loads, states } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound, refuse } from '../../lib/errors';
import { changedBySomeoneElse, companyOf, isoOf, nowMs, pgCode, versionOf } from '../../lib/rows';

export const ACTIVE_NEEDS_WRITE = 'Only users with Write on broker administration can change whether a broker is active';
export const brokerHasLoads = (name: string) =>
  `${name} has loads and cannot be deleted. Mark the broker inactive instead: it stays on its loads but is no longer offered for new ones.`;

/** Brokers of a company, active and inactive, by name. */
export async function findBrokers(db: TDbLike, companyId: number): Promise<TBroker[]> {
  const rows = await db
    .select({
      broker: brokers,
      stateName: states.name,
      stateCode: states.code,
      updatedOn: isoOf(brokers.updatedOn),
      hasLoads: sql<boolean>`exists (select 1 from ${loads} where ${loads.brokerId} = ${brokers.id})`,
    })
    .from(brokers)
    .innerJoin(states, eq(states.id, brokers.stateId))
    .where(eq(brokers.companyId, companyId))
    .orderBy(asc(sql`lower(${brokers.name})`), asc(brokers.id));
  return rows.map(({ broker: b, stateName, stateCode, updatedOn, hasLoads }) => ({
    brokerId: b.id,
    brokerName: b.name,
    brokerAddress: b.address,
    brokerCity: b.city,
    brokerStateId: b.stateId,
    brokerStateName: stateName,
    brokerZipCode: b.zipCode,
    phoneNumber: b.phoneNumber,
    email: b.email,
    mcNumber: b.mcNumber,
    dotNumber: b.dotNumber,
    comments: b.comments,
    isActive: b.isActive,
    fullAddress: `${b.address}, ${b.city}, ${stateCode} ${b.zipCode}`,
    hasLoads: !!hasLoads,
    updatedOn,
  }));
}

/** Adds (no brokerId) or edits a broker of the active company. */
export async function upsertBroker(db: TDb, ctx: TRequestContext, form: TBrokerFormOutput) {
  const companyId = companyOf(ctx);
  const mayChangeActive = can(ctx.permissions, 'BrokerAdmin', 'Write');
  const version = versionOf(form.updatedOn);
  const [state] = await db.select({ id: states.id }).from(states).where(eq(states.id, form.brokerStateId));
  if (!state) throw badRequest('brokerStateId', 'Choose a state from the list');
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
    await db.insert(brokers).values({ ...values, companyId });
    return;
  }
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: brokers.id, isActive: brokers.isActive, updatedOn: isoOf(brokers.updatedOn) })
      .from(brokers)
      .where(and(eq(brokers.id, form.brokerId!), eq(brokers.companyId, companyId)))
      .for('update');
    if (!row) throw notFound('The broker');
    if (version && version !== row.updatedOn) throw conflict(changedBySomeoneElse('broker'));
    if (row.isActive !== form.isActive && !mayChangeActive) throw forbidden(ACTIVE_NEEDS_WRITE);
    await tx.update(brokers).set(values).where(eq(brokers.id, row.id));
  });
}

/** Deletes a broker no load refers to; one with loads can only be marked inactive. */
export async function deleteBroker(db: TDb, ctx: TRequestContext, brokerId: number) {
  const companyId = companyOf(ctx);
  let name = 'This broker';
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: brokers.id, name: brokers.name })
        .from(brokers)
        .where(and(eq(brokers.id, brokerId), eq(brokers.companyId, companyId)))
        .for('update');
      if (!row) throw notFound('The broker');
      name = row.name;
      const [used] = await tx.select({ id: loads.id }).from(loads).where(eq(loads.brokerId, row.id)).limit(1);
      if (used) throw refuse(brokerHasLoads(row.name));
      await tx.delete(brokers).where(eq(brokers.id, row.id));
    });
  } catch (error) {
    if (pgCode(error) === '23503') throw refuse(brokerHasLoads(name));
    throw error;
  }
}
