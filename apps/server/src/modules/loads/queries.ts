import type { TLoad, TLoadSortColumn } from '@haulboard/contract';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { alias } from 'drizzle-orm/pg-core';
import type { TDbLike } from '../../db/client';
import { brokers, companies, loadDrivers, loadStatuses, loads, states, users, workWeeks } from '../../db/schema';
import { isoOf } from '../../lib/rows';

/**
 * The board's read queries. Every function takes the company explicitly: no query here can run
 * without a tenant. One SQL statement answers the rows (names joined, drivers aggregated in
 * correlated subqueries on the load_drivers primary key, no N+1); count and payout total are one
 * more statement over the same filter.
 */

/** What the board and the history may filter by; null or absent means "any". */
export type TLoadQueryFilter = {
  loadNumber?: string | null;
  weekId?: number | null;
  driverId?: number | null;
  /** Calendar days 'YYYY-MM-DD', selecting by the load's start date (UTC), both ends included. */
  startDate?: string | null;
  endDate?: string | null;
  /** Origin state. */
  stateId?: number | null;
  /** Work year: loads in that year's work weeks. */
  year?: number | null;
};

/** Who reads: without DenyDelete on DriverDashboardPage a user sees only the loads they drive. */
export type TLoadViewer = { userId: number; seesAllDrivers: boolean };

export type TLoadPaging = { page: number; pageSize: number; sortBy: TLoadSortColumn; sortDir: 'asc' | 'desc' };

export type TLoadsPageResult = { rows: TLoad[]; total: number; totalPayout: string; page: number; pageSize: number };

const originState = alias(states, 'origin_state');
const destinationState = alias(states, 'destination_state');
const creator = alias(users, 'creator');
const updater = alias(users, 'updater');

/** A person's display name in SQL, the same rule as fullNameOf(). */
const nameOf = (u: string) =>
  sql.raw(`coalesce(nullif(concat_ws(' ', nullif(${u}.first_name, ''), nullif(${u}.last_name, '')), ''), ${u}.display_name, ${u}.email)`);

const loadColumns = {
  loadId: loads.id,
  loadNumber: loads.loadNumber,
  brokerId: loads.brokerId,
  brokerName: brokers.name,
  loadStartDate: isoOf(loads.loadStartDate),
  loadEndDate: isoOf(loads.loadEndDate),
  weekId: loads.weekId,
  originStateId: loads.originStateId,
  originCity: loads.originCity,
  originStateName: originState.name,
  destinationStateId: loads.destinationStateId,
  destinationCity: loads.destinationCity,
  destinationStateName: destinationState.name,
  tripLength: loads.tripLength,
  numberOfStops: loads.numberOfStops,
  pricePerMile: loads.pricePerMile,
  payout: loads.payout,
  loadStatusId: loads.loadStatusId,
  loadStatusName: loadStatuses.name,
  loadDrivers: sql<number[]>`coalesce((select array_agg(d.user_id order by d.position) from load_drivers d where d.load_id = ${loads.id}), '{}')`,
  loadDriverNames: sql<string>`coalesce((select string_agg(${nameOf('u')}, ', ' order by d.position) from load_drivers d join users u on u.id = d.user_id where d.load_id = ${loads.id}), '')`,
  isDispute: loads.isDispute,
  comments: loads.comments,
  companyName: companies.name,
  createdBy: sql<string | null>`${nameOf('creator')}`,
  createdOn: isoOf(loads.createdOn),
  updatedBy: sql<string | null>`${nameOf('updater')}`,
  updatedOn: isoOf(loads.updatedOn),
};

const SORT_KEYS: Record<TLoadSortColumn, AnyPgColumn | SQL> = {
  loadNumber: loads.loadNumber,
  brokerName: brokers.name,
  loadStartDate: loads.loadStartDate,
  loadEndDate: loads.loadEndDate,
  weekId: loads.weekId,
  originCity: loads.originCity,
  originStateName: originState.name,
  destinationCity: loads.destinationCity,
  destinationStateName: destinationState.name,
  tripLength: loads.tripLength,
  numberOfStops: loads.numberOfStops,
  pricePerMile: loads.pricePerMile,
  payout: loads.payout,
  loadStatusName: loadStatuses.name,
  isDispute: loads.isDispute,
  createdOn: loads.createdOn,
  updatedOn: loads.updatedOn,
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const drives = (userId: number) =>
  sql`exists (select 1 from ${loadDrivers} where ${loadDrivers.loadId} = ${loads.id} and ${loadDrivers.userId} = ${userId})`;

/** The WHERE of every board read: the company first, then the filter, then what the viewer may see. */
export function loadsWhere(companyId: number, filter: TLoadQueryFilter, viewer: TLoadViewer): SQL {
  const conditions: SQL[] = [eq(loads.companyId, companyId)];
  if (filter.loadNumber) conditions.push(sql`${loads.loadNumber} ilike ${`%${escapeLike(filter.loadNumber)}%`}`);
  if (filter.weekId) conditions.push(eq(loads.weekId, filter.weekId));
  if (filter.year) {
    conditions.push(
      sql`${loads.weekId} in (select ${workWeeks.id} from ${workWeeks} where ${workWeeks.companyId} = ${companyId} and ${workWeeks.year} = ${filter.year})`,
    );
  }
  if (filter.stateId) conditions.push(eq(loads.originStateId, filter.stateId));
  if (filter.startDate) conditions.push(sql`${loads.loadStartDate} >= (${filter.startDate}::date)::timestamp at time zone 'UTC'`);
  if (filter.endDate) conditions.push(sql`${loads.loadStartDate} < (${filter.endDate}::date + 1)::timestamp at time zone 'UTC'`);
  if (!viewer.seesAllDrivers) conditions.push(drives(viewer.userId));
  else if (filter.driverId) conditions.push(drives(filter.driverId));
  return and(...conditions)!;
}

type TRawLoad = { [K in keyof typeof loadColumns]: unknown };

function toLoad(r: TRawLoad): TLoad {
  return {
    ...(r as any),
    tripLength: Number(r.tripLength),
    pricePerMile: Number(r.pricePerMile),
    payout: Number(r.payout),
    loadDrivers: ((r.loadDrivers as unknown[]) ?? []).map(Number),
  };
}

function selectLoads(db: TDbLike) {
  return db
    .select(loadColumns)
    .from(loads)
    .innerJoin(brokers, eq(brokers.id, loads.brokerId))
    .innerJoin(originState, eq(originState.id, loads.originStateId))
    .innerJoin(destinationState, eq(destinationState.id, loads.destinationStateId))
    .innerJoin(loadStatuses, eq(loadStatuses.id, loads.loadStatusId))
    .innerJoin(companies, eq(companies.id, loads.companyId))
    .leftJoin(creator, eq(creator.id, loads.createdBy))
    .leftJoin(updater, eq(updater.id, loads.updatedBy));
}

/** Every load the filter selects, newest start first (GetFilteredLoads, GetLoadHistory). */
export async function findLoads(db: TDbLike, companyId: number, filter: TLoadQueryFilter, viewer: TLoadViewer): Promise<TLoad[]> {
  const rows = await selectLoads(db)
    .where(loadsWhere(companyId, filter, viewer))
    .orderBy(desc(loads.loadStartDate), desc(loads.id));
  return rows.map(toLoad);
}

/** One load of the company as the board shows it, or null. */
export async function findLoadById(db: TDbLike, companyId: number, loadId: number): Promise<TLoad | null> {
  const [row] = await selectLoads(db)
    .where(and(eq(loads.companyId, companyId), eq(loads.id, loadId)))
    .limit(1);
  return row ? toLoad(row) : null;
}

/** Count and exact payout total of every load the filter selects. */
export async function sumLoads(db: TDbLike, companyId: number, filter: TLoadQueryFilter, viewer: TLoadViewer) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      totalPayout: sql<string>`coalesce(sum(${loads.payout}), 0)::numeric(16, 2)::text`,
    })
    .from(loads)
    .where(loadsWhere(companyId, filter, viewer));
  return { total: Number(row.total), totalPayout: String(row.totalPayout) };
}

/**
 * One sorted page of the loads the filter selects, with the count and the exact payout total over
 * all of them (GetFilteredLoadsPage, GetLoadHistoryPage; the benchmark calls it directly).
 */
export async function findLoadsPage(
  db: TDbLike,
  companyId: number,
  filter: TLoadQueryFilter,
  paging: TLoadPaging,
  viewer: TLoadViewer,
): Promise<TLoadsPageResult> {
  const where = loadsWhere(companyId, filter, viewer);
  const key = SORT_KEYS[paging.sortBy] ?? loads.loadStartDate;
  const dir = paging.sortDir === 'asc' ? asc : desc;
  const [rows, totals] = await Promise.all([
    selectLoads(db)
      .where(where)
      .orderBy(dir(key), dir(loads.id))
      .limit(paging.pageSize)
      .offset(paging.page * paging.pageSize),
    sumLoads(db, companyId, filter, viewer),
  ]);
  return { rows: rows.map(toLoad), ...totals, page: paging.page, pageSize: paging.pageSize };
}
