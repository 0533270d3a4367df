import { ROLE } from '@haulboard/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TDbLike } from '../db/client';
import { brokers, loadStatuses, states, userCompanies, userRoles, workWeeks } from '../db/schema';
import { badRequest, conflict, notFound } from '../lib/errors';
import { changedBySomeoneElse, isoOf, versionOf } from '../lib/rows';

/** A company-owned table: an id, the owning company and a version (`updated_on`). */
type TOwnedTable = PgTable & { id: PgColumn; companyId: PgColumn; updatedOn: PgColumn };

/**
 * Locks one company-owned row for the rest of the transaction and checks the version the form
 * was loaded at. Another company's row and a missing row are the same 404; a newer version is a
 * 409 that tells the person to reload.
 */
export async function lockOwnedRow<T extends TOwnedTable>(
  tx: TDbLike,
  table: T,
  { id, companyId, version, what }: { id: number; companyId: number; version?: string | null; what: string },
): Promise<T['$inferSelect']> {
  const [found] = await tx
    .select({ row: table as PgTable, version: isoOf(table.updatedOn) } as any)
    .from(table as PgTable)
    .where(and(eq(table.id, id), eq(table.companyId, companyId)))
    .for('update');
  const { row, version: current } = (found ?? {}) as { row?: T['$inferSelect']; version?: string };
  if (!row) throw notFound(`The ${what}`);
  const expected = versionOf(version);
  if (expected && expected !== current) throw conflict(changedBySomeoneElse(what));
  return row;
}

export type TCompanyRefs = {
  brokerIds?: number[];
  workWeekIds?: number[];
  /** Users who must be active drivers of the company… */
  driverIds?: number[];
  /** …unless they are already on the record being edited (kept as they were). */
  keptDriverIds?: number[];
  stateIds?: { field: string; id: number }[];
  loadStatusIds?: { field: string; id: number }[];
};

export type TFoundRefs = {
  brokers: Map<number, { id: number; name: string; isActive: boolean }>;
  workWeeks: Map<number, { id: number; year: number; number: number; startDate: string; endDate: string }>;
};

const unique = (ids: number[] = []) => [...new Set(ids)];

/**
 * Confirms in one query per table that every id a request names belongs to the actor's company
 * (or to the fixed reference data). A foreign id answers exactly like a missing one: 404.
 */
export async function assertCompanyRefs(tx: TDbLike, companyId: number, refs: TCompanyRefs): Promise<TFoundRefs> {
  const found: TFoundRefs = { brokers: new Map(), workWeeks: new Map() };
  const brokerIds = unique(refs.brokerIds);
  if (brokerIds.length) {
    const rows = await tx
      .select({ id: brokers.id, name: brokers.name, isActive: brokers.isActive })
      .from(brokers)
      .where(and(eq(brokers.companyId, companyId), inArray(brokers.id, brokerIds)));
    if (rows.length !== brokerIds.length) throw notFound('The broker');
    for (const r of rows) found.brokers.set(r.id, r);
  }
  const weekIds = unique(refs.workWeekIds);
  if (weekIds.length) {
    const rows = await tx
      .select({ id: workWeeks.id, year: workWeeks.year, number: workWeeks.number, startDate: workWeeks.startDate, endDate: workWeeks.endDate })
      .from(workWeeks)
      .where(and(eq(workWeeks.companyId, companyId), inArray(workWeeks.id, weekIds)));
    if (rows.length !== weekIds.length) throw notFound('The work week');
    for (const r of rows) found.workWeeks.set(r.id, r);
  }
  const driverIds = unique(refs.driverIds);
  if (driverIds.length) {
    const kept = refs.keptDriverIds?.length ? refs.keptDriverIds : [0];
    const rows = await tx
      .select({ userId: userCompanies.userId })
      .from(userCompanies)
      .where(
        and(
          eq(userCompanies.companyId, companyId),
          inArray(userCompanies.userId, driverIds),
          sql`(${userCompanies.userId} in ${kept} or (${userCompanies.isActive} and exists (
            select 1 from ${userRoles} where ${userRoles.userId} = ${userCompanies.userId}
              and ${userRoles.companyId} = ${userCompanies.companyId} and ${userRoles.roleId} = ${ROLE.Driver})))`,
        ),
      );
    if (rows.length !== driverIds.length) throw notFound('The driver');
  }
  await assertReference(tx, states, refs.stateIds, 'Choose a state from the list');
  await assertReference(tx, loadStatuses, refs.loadStatusIds, 'Choose a status from the list');
  return found;
}

/** Reference ids (states, statuses) are shared by every company; an unknown one is a field error. */
async function assertReference(tx: TDbLike, table: typeof states | typeof loadStatuses, refs: { field: string; id: number }[] | undefined, message: string) {
  if (!refs?.length) return;
  const ids = unique(refs.map((r) => r.id));
  const rows = await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  const known = new Set(rows.map((r) => r.id));
  const missing = refs.find((r) => !known.has(r.id));
  if (missing) throw badRequest(missing.field, message);
}
