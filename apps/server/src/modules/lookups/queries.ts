import { ROLE, weekLabel } from '@haulboard/contract';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { TDbLike } from '../../db/client';
import { brokers, companies, expenseTypes, frequencyTypes, loadStatuses, settlementClosures, states, userCompanies, userRoles, users, workWeeks } from '../../db/schema';
import { fullNameOf } from '../../lib/people';

/** The select lists of spec §3 Lookups: label/value pairs, of the actor's company where they are company data. */

/** Companies by name (only `ids` when given), at most `limit` of them. */
export async function findCompanyOptions(db: TDbLike, ids: number[] | undefined, limit: number) {
  if (ids && !ids.length) return [];
  const rows = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(ids ? inArray(companies.id, ids) : undefined)
    .orderBy(asc(companies.name), asc(companies.id))
    .limit(limit);
  return rows.map((c) => ({ label: c.name, value: c.id }));
}

export async function findStateOptions(db: TDbLike) {
  const rows = await db.select().from(states).orderBy(asc(states.id));
  return rows.map((s) => ({ label: s.name, value: s.id }));
}

export async function findLoadStatusOptions(db: TDbLike) {
  const rows = await db.select().from(loadStatuses).orderBy(asc(loadStatuses.sortOrder));
  return rows.map((s) => ({ label: s.name, value: s.id }));
}

/** The brokers the broker list offers: the active ones, and `includeId` even when inactive (editing an old load). */
export const brokerOptionsWhere = (companyId: number, includeId?: number) =>
  and(eq(brokers.companyId, companyId), includeId ? or(eq(brokers.isActive, true), eq(brokers.id, includeId)) : eq(brokers.isActive, true));

/** Active brokers by name, at most `limit`; `includeId` adds that broker even when inactive. */
export async function findBrokerOptions(db: TDbLike, companyId: number, includeId: number | undefined, limit: number) {
  const rows = await db
    .select({ id: brokers.id, name: brokers.name, isActive: brokers.isActive })
    .from(brokers)
    .where(brokerOptionsWhere(companyId, includeId))
    .orderBy(asc(sql`lower(${brokers.name})`), asc(brokers.id))
    .limit(limit);
  return rows.map((b) => ({ label: b.isActive ? b.name : `${b.name} (inactive)`, value: b.id }));
}

/** Active drivers of a company by unit number, label '101 - Sam Carter'. */
export async function findDriverOptions(db: TDbLike, companyId: number) {
  const rows = await db
    .select({ user: users, unitNumber: userCompanies.unitNumber })
    .from(userCompanies)
    .innerJoin(users, eq(users.id, userCompanies.userId))
    .innerJoin(
      userRoles,
      and(eq(userRoles.userId, userCompanies.userId), eq(userRoles.companyId, userCompanies.companyId), eq(userRoles.roleId, ROLE.Driver)),
    )
    .where(and(eq(userCompanies.companyId, companyId), eq(userCompanies.isActive, true)));
  return rows
    .map((r) => ({ unit: r.unitNumber ?? '', name: fullNameOf(r.user), value: r.user.id }))
    .sort((a, b) => (a.unit || '\uffff').localeCompare(b.unit || '\uffff', 'en', { numeric: true }) || a.name.localeCompare(b.name))
    .map((d) => ({ label: d.unit ? `${d.unit} - ${d.name}` : d.name, value: d.value, unitNumber: d.unit || null }));
}

export async function findWeekOptions(db: TDbLike, companyId: number, year: number) {
  const rows = await db
    .select({
      week: workWeeks,
      isClosed: sql<boolean>`exists (select 1 from ${settlementClosures} c where c.company_id = ${companyId} and c.week_id = "work_weeks"."id" and c.reopened_on is null)`,
    })
    .from(workWeeks)
    .where(and(eq(workWeeks.companyId, companyId), eq(workWeeks.year, year)))
    .orderBy(asc(workWeeks.startDate));
  return rows.map(({ week: w, isClosed }) => ({
    label: weekLabel(w),
    value: w.id,
    year: w.year,
    number: w.number,
    startDate: w.startDate,
    endDate: w.endDate,
    isClosed: Boolean(isClosed),
  }));
}

/** Expense types in their order, with whether each adds to pay (a reimbursement). */
export async function findExpenseTypeOptions(db: TDbLike) {
  const rows = await db.select().from(expenseTypes).orderBy(asc(expenseTypes.sortOrder));
  return rows.map((t) => ({ label: t.name, value: t.id, isReimbursement: t.isReimbursement }));
}

export async function findFrequencyTypeOptions(db: TDbLike) {
  const rows = await db.select().from(frequencyTypes).orderBy(asc(frequencyTypes.sortOrder));
  return rows.map((f) => ({ label: f.name, value: f.id }));
}
