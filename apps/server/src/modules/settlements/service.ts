import { CLOSE_CHECK_TITLES, centsToText, fuelSplit, LINE_LIST_CAP, SETTLEMENT_TEXT, sumCents, type TCloseCheckKind, type TSettlementWeek, type TStatement, type TStatementReply, toCents } from '@haulboard/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { actorCan, type TActor } from '../../access/actor';
import type { TDbLike, TTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { settlementClosures, settlementStatements, users, workWeeks } from '../../db/schema';
import { closedWeekName } from '../../lib/closed-weeks';
import { badRequest, refuse } from '../../lib/errors';
import { isoOf } from '../../lib/rows';
import { nextNumbers } from '../../lib/sequences';
import { openItems } from './checklist';
import { CARRIED_BALANCE, driversOfWeek, liveStatement, openClosureOf, statementOf, type TWeek, weekOf, weekStatements } from './statements';

const nameOfWeek = (w: TWeek) => closedWeekName({ id: w.weekId, ...w });
const statementNo = (n: number) => `S-${String(n).padStart(6, '0')}`;

/** The driver a statement is for: a driver always gets their own. */
export function statementDriver(actor: TActor, driverId: number | null): number {
  if (!actorCan(actor, 'DriverDashboardPage', 'DenyDelete')) {
    if (!actor.userId) throw badRequest('driverId', 'Choose a driver');
    return actor.userId;
  }
  if (!driverId) throw badRequest('driverId', 'Choose a driver');
  return driverId;
}

export async function getStatement(db: TDbLike, actor: TActor, q: { weekId: number; driverId: number | null }): Promise<TStatement> {
  return statementOf(db, actor.companyId, q.weekId, statementDriver(actor, q.driverId));
}

/** The statement as the API answers it: each list cut to LINE_LIST_CAP lines beside its full count (totals unchanged). */
export function boundStatement(s: TStatement): TStatementReply {
  const cut = <T>(lines: T[]) => lines.slice(0, LINE_LIST_CAP);
  return {
    ...s,
    // Split over every line, before the list is cut.
    fuelSplit: fuelSplit(s.fuel),
    loads: cut(s.loads),
    additions: cut(s.additions),
    expenses: cut(s.expenses),
    fuel: cut(s.fuel),
    lineCounts: { loads: s.loads.length, additions: s.additions.length, expenses: s.expenses.length, fuel: s.fuel.length },
  };
}

export async function weekSummary(db: TDbLike, actor: TActor, weekId: number): Promise<TSettlementWeek> {
  const { week, statements } = await weekStatements(db, actor.companyId, weekId);
  const c = settlementClosures;
  const person = (col: AnyPgColumn) =>
    sql<string | null>`(select coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email) from ${users} u where u.id = ${col})`;
  const closures = await db
    .select({ revision: c.revision, closedOn: isoOf(c.closedOn), reopenedOn: c.reopenedOn, closedBy: person(c.closedBy), reopenedBy: person(c.reopenedBy) })
    .from(c)
    .where(and(eq(c.companyId, actor.companyId), eq(c.weekId, week.weekId)))
    .orderBy(asc(c.revision));
  const history: TSettlementWeek['history'] = [];
  for (const k of closures) {
    history.push({ action: 'closed', on: k.closedOn, by: k.closedBy, revision: k.revision });
    if (k.reopenedOn) history.push({ action: 'reopened', on: new Date(k.reopenedOn).toISOString(), by: k.reopenedBy, revision: k.revision });
  }
  const sum = (pick: (s: TStatement) => string) => centsToText(sumCents(statements.map(pick)));
  return {
    week,
    isClosed: closures.some((k) => !k.reopenedOn),
    history,
    drivers: statements.map((s) => ({
      userId: s.payee.userId,
      name: s.payee.name,
      unitNumber: s.unitNumber,
      statementNumber: s.statementNumber,
      gross: s.gross,
      totalDeductions: s.totalDeductions,
      totalAdditions: s.totalAdditions,
      net: s.net,
    })),
    totals: { gross: sum((s) => s.gross), totalDeductions: sum((s) => s.totalDeductions), totalAdditions: sum((s) => s.totalAdditions), net: sum((s) => s.net) },
  };
}

/**
 * Closes a week: the week row is locked (writes that touch it wait, then see it closed), and every
 * driver's statement is frozen under the next revision, numbered from the company's 'statement'
 * sequence (lib/sequences.ts). The checklist's open items must each be confirmed; a negative net
 * is carried to the driver's next open week (an addition here brings the net to 0.00, the same
 * amount is deducted there; that week's row is locked too), so no balance is lost and no closed
 * figure changes afterwards.
 */
export async function closeWeek(
  tx: TTx,
  actor: TActor,
  input: { weekId: number; confirmed?: TCloseCheckKind[] },
  today = new Date().toISOString().slice(0, 10),
): Promise<string> {
  const { companyId } = actor;
  const week = await weekOf(tx, companyId, input.weekId);
  await tx.select({ id: workWeeks.id }).from(workWeeks).where(and(eq(workWeeks.companyId, companyId), eq(workWeeks.id, week.weekId))).for('update');
  if (await openClosureOf(tx, companyId, week.weekId)) throw refuse(SETTLEMENT_TEXT.alreadyClosed(nameOfWeek(week)).replace(/^ERROR /, ''));
  const confirmed = new Set(input.confirmed ?? []);
  const unconfirmed = (await openItems(tx, actor, week, today)).filter((i) => !confirmed.has(i.kind));
  if (unconfirmed.length) {
    throw refuse(
      SETTLEMENT_TEXT.unconfirmed(
        nameOfWeek(week),
        unconfirmed.map((i) => CLOSE_CHECK_TITLES[i.kind]),
      ).replace(/^ERROR /, ''),
    );
  }
  const c = settlementClosures;
  const [{ last }] = await tx
    .select({ last: sql<number>`coalesce(max(${c.revision}), 0)::int` })
    .from(c)
    .where(and(eq(c.companyId, companyId), eq(c.weekId, week.weekId)));
  const revision = Number(last) + 1;
  const [closure] = await tx.insert(c).values({ companyId, weekId: week.weekId, revision, closedBy: actor.userId }).returning();
  const [closer] = actor.userId ? await tx.select().from(users).where(eq(users.id, actor.userId)) : [];
  const closedBy = closer ? [closer.firstName, closer.lastName].filter(Boolean).join(' ') || closer.email : null;

  const s = settlementStatements;
  const drivers = await driversOfWeek(tx, companyId, week.weekId);
  const frozen: { userId: number; data: TStatement }[] = [];
  let carryWeek: TWeek | null | undefined;
  for (const d of drivers) {
    const live = await liveStatement(tx, companyId, week, d.userId);
    let data: TStatement = { ...live, revision, closed: { closedOn: new Date(closure.closedOn).toISOString(), closedBy } };
    const netCents = toCents(live.net) ?? 0;
    if (netCents < 0) {
      if (carryWeek === undefined) carryWeek = await nextOpenWeek(tx, companyId, week);
      if (!carryWeek) throw refuse(SETTLEMENT_TEXT.noWeekToCarryTo(nameOfWeek(week), live.payee.name).replace(/^ERROR /, ''));
      data = carriedOut(data, carryWeek, -netCents);
    }
    frozen.push({ userId: d.userId, data });
  }
  // A driver keeps the number of their earlier revision; the others take the company's next ones.
  // Numbers are reserved last: the sequence row is the last lock taken (weeks are locked forward in
  // time before it), so two closes cannot wait on each other.
  const kept = new Map(
    (await tx.select({ userId: s.userId, n: s.statementNumber }).from(s).where(and(eq(s.companyId, companyId), eq(s.weekId, week.weekId)))).map((r) => [
      r.userId,
      r.n,
    ]),
  );
  const fresh = await nextNumbers(tx, companyId, 'statement', frozen.filter((f) => !kept.has(f.userId)).length);
  for (const f of frozen) {
    const number = kept.get(f.userId) ?? (fresh.shift() as number);
    const data: TStatement = { ...f.data, statementNumber: statementNo(number) };
    await tx.insert(s).values({ companyId, closureId: closure.id, weekId: week.weekId, userId: f.userId, statementNumber: number, revision, data });
  }
  return SETTLEMENT_TEXT.closed(nameOfWeek(week), drivers.length);
}

/**
 * The first work week after this one that is not closed, or null, locked as its own close locks it:
 * a close of that week running meanwhile either commits first (and the week after is the answer)
 * or waits for this one and then sees the balance carried into it.
 */
async function nextOpenWeek(tx: TDbLike, companyId: number, week: TWeek): Promise<TWeek | null> {
  const w = workWeeks;
  for (;;) {
    const [row] = await tx
      .select({ weekId: w.id, year: w.year, number: w.number, startDate: w.startDate, endDate: w.endDate })
      .from(w)
      .where(
        and(
          eq(w.companyId, companyId),
          sql`${w.startDate} > ${week.startDate}`,
          sql`not exists (select 1 from ${settlementClosures} k where k.company_id = ${companyId} and k.week_id = ${w.id} and k.reopened_on is null)`,
        ),
      )
      .orderBy(asc(w.startDate))
      .limit(1);
    if (!row) return null;
    await tx.select({ id: w.id }).from(w).where(and(eq(w.companyId, companyId), eq(w.id, row.weekId))).for('update');
    if (!(await openClosureOf(tx, companyId, row.weekId))) return row;
  }
}

/** The statement with its negative net carried to a later week: an addition line brings the net to 0.00. */
function carriedOut(s: TStatement, to: TWeek, cents: number): TStatement {
  const add = (text: string) => centsToText((toCents(text) ?? 0) + cents);
  const toWeek = nameOfWeek(to);
  return {
    ...s,
    additions: [
      ...s.additions,
      {
        expenseId: 0,
        expenseName: SETTLEMENT_TEXT.carriedTo(toWeek),
        expenseTypeName: CARRIED_BALANCE,
        amount: centsToText(cents),
        expenseDate: to.startDate,
        isReimbursement: true,
        occurrence: null,
      },
    ],
    totalAdditions: add(s.totalAdditions),
    net: add(s.net),
    ytd: { ...s.ytd, additions: add(s.ytd.additions), net: add(s.ytd.net) },
    carry: { toWeekId: to.weekId, toWeek, amount: centsToText(cents) },
  };
}

export async function reopenWeek(tx: TTx, actor: TActor, weekId: number): Promise<string> {
  const { companyId } = actor;
  const week = await weekOf(tx, companyId, weekId);
  await tx.select({ id: workWeeks.id }).from(workWeeks).where(and(eq(workWeeks.companyId, companyId), eq(workWeeks.id, week.weekId))).for('update');
  const open = await openClosureOf(tx, companyId, week.weekId);
  if (!open) throw refuse(SETTLEMENT_TEXT.notClosed(nameOfWeek(week)).replace(/^ERROR /, ''));
  // A balance carried into a week that is now closed is part of that week's paid figures.
  const [later] = await tx.execute(sql`
    select distinct w.id, w.year, w.number, w.start_date::text as start_date, w.end_date::text as end_date
    from ${settlementStatements} s
    join ${workWeeks} w on w.company_id = s.company_id and w.id = (s.data->'carry'->>'toWeekId')::int
    where s.company_id = ${companyId} and s.closure_id = ${open.id}
      and exists (select 1 from ${settlementClosures} k where k.company_id = ${companyId} and k.week_id = w.id and k.reopened_on is null)
    limit 1`).then((r) => rowsOf<{ id: number; year: number; number: number; start_date: string; end_date: string }>(r));
  if (later) {
    const laterName = closedWeekName({ id: later.id, year: later.year, number: later.number, startDate: later.start_date, endDate: later.end_date });
    throw refuse(SETTLEMENT_TEXT.carriedIntoClosed(nameOfWeek(week), laterName).replace(/^ERROR /, ''));
  }
  await tx
    .update(settlementClosures)
    .set({ reopenedBy: actor.userId, reopenedOn: sql`now()` })
    .where(and(eq(settlementClosures.companyId, companyId), eq(settlementClosures.id, open.id)));
  return SETTLEMENT_TEXT.reopened(nameOfWeek(week));
}

