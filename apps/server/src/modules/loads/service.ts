import { can, ROLE, type TLoadFormOutput } from '@haulboard/contract';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { TRequestContext } from '../../access/context';
import type { TDb, TDbLike } from '../../db/client';
import { brokers, loadDrivers, loads, loadStatuses, states, userCompanies, userRoles, workWeeks } from '../../db/schema';
import { badRequest, conflict, notFound, refuse } from '../../lib/errors';
import { changedBySomeoneElse, companyOf, isoOf, nowMs, pgCode, versionOf } from '../../lib/rows';
import type { TLoadViewer } from './queries';

/** Spec §2: the driver filter (and every load) only for DenyDelete or Write on the driver dashboard. */
export function viewerOf(ctx: TRequestContext): TLoadViewer {
  return { userId: ctx.user.id, seesAllDrivers: can(ctx.permissions, 'DriverDashboardPage', 'DenyDelete') };
}

export const loadNumberTaken = (loadNumber: string) => `Load number ${loadNumber} already exists`;

type TForm = TLoadFormOutput;

/** Checks, in a few small queries, that every id the form names is one the company may use. */
async function checkReferences(tx: TDbLike, companyId: number, form: TForm, existing: { brokerId: number; drivers: number[] } | null) {
  const [broker] = await tx
    .select({ id: brokers.id, name: brokers.name, isActive: brokers.isActive })
    .from(brokers)
    .where(and(eq(brokers.id, form.brokerId), eq(brokers.companyId, companyId)));
  if (!broker) throw notFound('The broker');
  if (!broker.isActive && existing?.brokerId !== broker.id) {
    throw refuse(`Broker ${broker.name} is inactive. Choose an active broker, or mark ${broker.name} active first.`);
  }

  const [week] = await tx
    .select({ id: workWeeks.id })
    .from(workWeeks)
    .where(and(eq(workWeeks.id, form.weekId), eq(workWeeks.companyId, companyId)));
  if (!week) throw notFound('The work week');

  const stateIds = [...new Set([form.originStateId, form.destinationStateId])];
  const foundStates = await tx.select({ id: states.id }).from(states).where(inArray(states.id, stateIds));
  for (const [field, id] of [
    ['originStateId', form.originStateId],
    ['destinationStateId', form.destinationStateId],
  ] as const) {
    if (!foundStates.some((s) => s.id === id)) throw badRequest(field, 'Choose a state from the list');
  }
  const [status] = await tx.select({ id: loadStatuses.id }).from(loadStatuses).where(eq(loadStatuses.id, form.loadStatusId));
  if (!status) throw badRequest('loadStatusId', 'Choose a status from the list');

  if (form.loadDrivers.length) {
    // A driver is an active member with the Driver role, or already on this load (kept as it was).
    const kept = existing?.drivers ?? [];
    const found = await tx
      .select({ userId: userCompanies.userId })
      .from(userCompanies)
      .where(
        and(
          eq(userCompanies.companyId, companyId),
          inArray(userCompanies.userId, form.loadDrivers),
          sql`(${userCompanies.userId} in ${kept.length ? kept : [0]} or (${userCompanies.isActive} and exists (
            select 1 from ${userRoles} where ${userRoles.userId} = ${userCompanies.userId}
              and ${userRoles.companyId} = ${userCompanies.companyId} and ${userRoles.roleId} = ${ROLE.Driver})))`,
        ),
      );
    if (found.length !== form.loadDrivers.length) throw notFound('The driver');
  }
}

/** Adds (no loadId) or edits a load of the active company. Returns the saved load's id. */
export async function upsertLoad(db: TDb, ctx: TRequestContext, form: TForm): Promise<number> {
  const companyId = companyOf(ctx);
  const viewer = viewerOf(ctx);
  const version = versionOf(form.updatedOn);
  try {
    return await db.transaction(async (tx) => {
      let existing: { brokerId: number; drivers: number[] } | null = null;
      if (form.loadId) {
        const [row] = await tx
          .select({ id: loads.id, brokerId: loads.brokerId, updatedOn: isoOf(loads.updatedOn) })
          .from(loads)
          .where(and(eq(loads.id, form.loadId), eq(loads.companyId, companyId)))
          .for('update');
        if (!row) throw notFound('The load');
        const drivers = (await tx.select({ userId: loadDrivers.userId }).from(loadDrivers).where(eq(loadDrivers.loadId, row.id))).map(
          (d) => d.userId,
        );
        if (!viewer.seesAllDrivers && !drivers.includes(viewer.userId)) throw notFound('The load');
        if (version && version !== row.updatedOn) throw conflict(changedBySomeoneElse('load'));
        existing = { brokerId: row.brokerId, drivers };
      }
      await checkReferences(tx, companyId, form, existing);

      const [taken] = await tx
        .select({ id: loads.id })
        .from(loads)
        .where(
          and(eq(loads.companyId, companyId), eq(loads.loadNumber, form.loadNumber), form.loadId ? ne(loads.id, form.loadId) : undefined),
        )
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
        updatedBy: ctx.user.id,
        updatedOn: nowMs() as any,
      };
      let loadId: number;
      if (form.loadId) {
        await tx.update(loads).set(values).where(eq(loads.id, form.loadId));
        await tx.delete(loadDrivers).where(eq(loadDrivers.loadId, form.loadId));
        loadId = form.loadId;
      } else {
        const [row] = await tx
          .insert(loads)
          .values({ ...values, companyId, createdBy: ctx.user.id, createdOn: nowMs() as any })
          .returning({ id: loads.id });
        loadId = row.id;
      }
      if (form.loadDrivers.length) {
        await tx.insert(loadDrivers).values(form.loadDrivers.map((userId, i) => ({ loadId, userId, position: i + 1 })));
      }
      return loadId;
    });
  } catch (error) {
    // Two saves of one new number at once: the unique index decides, the loser hears why.
    if (pgCode(error) === '23505') throw refuse(loadNumberTaken(form.loadNumber));
    throw error;
  }
}

/** Deletes a load of the active company (and its driver rows). */
export async function deleteLoad(db: TDb, ctx: TRequestContext, loadId: number) {
  const companyId = companyOf(ctx);
  const viewer = viewerOf(ctx);
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: loads.id, loadNumber: loads.loadNumber })
        .from(loads)
        .where(and(eq(loads.id, loadId), eq(loads.companyId, companyId)))
        .for('update');
      if (!row) throw notFound('The load');
      if (!viewer.seesAllDrivers) {
        const [mine] = await tx
          .select({ userId: loadDrivers.userId })
          .from(loadDrivers)
          .where(and(eq(loadDrivers.loadId, loadId), eq(loadDrivers.userId, viewer.userId)));
        if (!mine) throw notFound('The load');
      }
      await tx.delete(loads).where(eq(loads.id, loadId));
    });
  } catch (error) {
    if (pgCode(error) === '23503') throw refuse('This load is used elsewhere (an import or a settlement) and cannot be deleted.');
    throw error;
  }
}
