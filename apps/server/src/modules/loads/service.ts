import type { TLoadFormOutput } from '@haulboard/contract';
import { and, eq, ne } from 'drizzle-orm';
import { actorCan, type TActor } from '../../access/actor';
import { assertCompanyRefs, lockOwnedRow } from '../../access/tenancy';
import type { TDbLike } from '../../db/client';
import { loadDrivers, loads } from '../../db/schema';
import { refuseIfClosed } from '../../lib/closed-weeks';
import { notFound, refuse } from '../../lib/errors';
import { nowMs, pgCode } from '../../lib/rows';
import type { TLoadViewer } from './queries';

/** Spec §2: the driver filter (and every load) only for DenyDelete or Write on the driver dashboard. */
export function viewerOf(actor: TActor): TLoadViewer {
  return { userId: actor.userId ?? 0, seesAllDrivers: actor.userId === null || actorCan(actor, 'DriverDashboardPage', 'DenyDelete') };
}

export const loadNumberTaken = (loadNumber: string) => `Load number ${loadNumber} already exists`;

const driversOf = async (tx: TDbLike, loadId: number) =>
  (await tx.select({ userId: loadDrivers.userId }).from(loadDrivers).where(eq(loadDrivers.loadId, loadId))).map((d) => d.userId);

/** Adds (no loadId) or edits a load of the actor's company. Returns the saved load's id. */
export async function upsertLoad(tx: TDbLike, actor: TActor, form: TLoadFormOutput): Promise<number> {
  const { companyId } = actor;
  const viewer = viewerOf(actor);
  let existing: { brokerId: number; weekId: number; drivers: number[] } | null = null;
  if (form.loadId) {
    const row = await lockOwnedRow(tx, loads, { id: form.loadId, companyId, version: form.updatedOn, what: 'load' });
    const drivers = await driversOf(tx, row.id);
    if (!viewer.seesAllDrivers && !drivers.includes(viewer.userId)) throw notFound('The load');
    existing = { brokerId: row.brokerId, weekId: row.weekId, drivers };
  }
  const refs = await assertCompanyRefs(tx, companyId, {
    brokerIds: [form.brokerId],
    workWeekIds: [form.weekId],
    driverIds: form.loadDrivers,
    keptDriverIds: existing?.drivers,
    stateIds: [
      { field: 'originStateId', id: form.originStateId },
      { field: 'destinationStateId', id: form.destinationStateId },
    ],
    loadStatusIds: [{ field: 'loadStatusId', id: form.loadStatusId }],
  });
  // A load in a closed settlement week stays as it is, and none moves into one.
  await refuseIfClosed(tx, companyId, { weekIds: [form.weekId, existing?.weekId ?? 0] });
  const broker = refs.brokers.get(form.brokerId)!;
  if (!broker.isActive && existing?.brokerId !== broker.id) {
    throw refuse(`Broker ${broker.name} is inactive. Choose an active broker, or mark ${broker.name} active first.`);
  }
  const [taken] = await tx
    .select({ id: loads.id })
    .from(loads)
    .where(and(eq(loads.companyId, companyId), eq(loads.loadNumber, form.loadNumber), form.loadId ? ne(loads.id, form.loadId) : undefined))
    .limit(1);
  if (taken) throw refuse(loadNumberTaken(form.loadNumber));

  const values = {
    loadNumber: form.loadNumber,
    brokerId: form.brokerId,
    loadStartDate: form.loadStartDate,
    loadEndDate: form.loadEndDate,
    weekId: form.weekId,
    originStateId: form.originStateId,
    originCity: form.originCity,
    destinationStateId: form.destinationStateId,
    destinationCity: form.destinationCity,
    tripLength: String(form.tripLength),
    numberOfStops: form.numberOfStops,
    pricePerMile: String(form.pricePerMile),
    payout: String(form.payout ?? 0),
    loadStatusId: form.loadStatusId,
    isDispute: form.isDispute,
    comments: form.comments,
    updatedBy: actor.userId,
    updatedOn: nowMs() as any,
  };
  try {
    // A savepoint: two saves of one new number at once are decided by the unique index, and the
    // loser hears why without ending the caller's transaction (an import saves many loads in one).
    return await tx.transaction(async (sp) => {
      let loadId: number;
      if (form.loadId) {
        await sp
          .update(loads)
          .set(values)
          .where(and(eq(loads.id, form.loadId), eq(loads.companyId, companyId)));
        await sp.delete(loadDrivers).where(eq(loadDrivers.loadId, form.loadId));
        loadId = form.loadId;
      } else {
        const [row] = await sp
          .insert(loads)
          .values({ ...values, companyId, createdBy: actor.userId, createdOn: nowMs() as any })
          .returning({ id: loads.id });
        loadId = row.id;
      }
      if (form.loadDrivers.length) {
        await sp.insert(loadDrivers).values(form.loadDrivers.map((userId, i) => ({ loadId, userId, position: i + 1 })));
      }
      return loadId;
    });
  } catch (error) {
    if (pgCode(error) === '23505') throw refuse(loadNumberTaken(form.loadNumber));
    throw error;
  }
}

/** Deletes a load of the actor's company (and its driver rows). */
export async function deleteLoad(tx: TDbLike, actor: TActor, loadId: number) {
  const { companyId } = actor;
  const viewer = viewerOf(actor);
  const row = await lockOwnedRow(tx, loads, { id: loadId, companyId, what: 'load' });
  if (!viewer.seesAllDrivers && !(await driversOf(tx, row.id)).includes(viewer.userId)) throw notFound('The load');
  await refuseIfClosed(tx, companyId, { weekIds: [row.weekId] });
  try {
    await tx.transaction((sp) => sp.delete(loads).where(and(eq(loads.id, row.id), eq(loads.companyId, companyId))));
  } catch (error) {
    if (pgCode(error) === '23503') throw refuse('This load is used elsewhere (an import or a settlement) and cannot be deleted.');
    throw error;
  }
}
