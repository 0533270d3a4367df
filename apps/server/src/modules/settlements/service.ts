import { centsToText, LINE_LIST_CAP, SETTLEMENT_TEXT, sumCents, type TSettlementWeek, type TStatement, type TStatementReply } from '@haulboard/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { actorCan, type TActor } from '../../access/actor';
import type { TDbLike, TTx } from '../../db/client';
import { companies, settlementClosures, settlementStatements, users, workWeeks } from '../../db/schema';
import { closedWeekName } from '../../lib/closed-weeks';
import { badRequest, refuse } from '../../lib/errors';
import { isoOf } from '../../lib/rows';
import { driversOfWeek, frozenStatement, liveStatement, openClosureOf, statementOf, type TWeek, weekOf } from './statements';

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
    loads: cut(s.loads),
    additions: cut(s.additions),
    expenses: cut(s.expenses),
    fuel: cut(s.fuel),
    lineCounts: { loads: s.loads.length, additions: s.additions.length, expenses: s.expenses.length, fuel: s.fuel.length },
  };
}

/** Every driver's statement of the week (frozen when closed), for the week view and the PDF. */
export async function weekStatements(db: TDbLike, companyId: number, weekId: number): Promise<{ week: TWeek; statements: TStatement[] }> {
  const week = await weekOf(db, companyId, weekId);
  const drivers = await driversOfWeek(db, companyId, week.weekId);
  const statements: TStatement[] = [];
  for (const d of drivers) {
    statements.push((await frozenStatement(db, companyId, week.weekId, d.userId)) ?? (await liveStatement(db, companyId, week, d.userId)));
  }
  // A closed week shows exactly who was frozen, also someone no longer a driver.
  const c = settlementStatements;
  const frozenOthers = await db
    .select({ data: c.data })
    .from(c)
    .innerJoin(settlementClosures, eq(settlementClosures.id, c.closureId))
    .where(and(eq(c.companyId, companyId), eq(c.weekId, week.weekId), sql`${settlementClosures.reopenedOn} is null`));
  for (const f of frozenOthers) if (!statements.some((s) => s.payee.userId === f.data.payee.userId)) statements.push(f.data);
  return { week, statements };
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
 * Closes a week: the week row is locked (writes that touch it wait, then see it closed), the company
 * row too (statement numbers are the company's running sequence), and every driver's statement is
 * frozen under the next revision.
 */
export async function closeWeek(tx: TTx, actor: TActor, weekId: number): Promise<string> {
  const { companyId } = actor;
  const week = await weekOf(tx, companyId, weekId);
  await tx.select({ id: workWeeks.id }).from(workWeeks).where(and(eq(workWeeks.companyId, companyId), eq(workWeeks.id, week.weekId))).for('update');
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
  if (await openClosureOf(tx, companyId, week.weekId)) throw refuse(SETTLEMENT_TEXT.alreadyClosed(nameOfWeek(week)).replace(/^ERROR /, ''));
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
  const [{ top }] = await tx
    .select({ top: sql<number>`coalesce(max(${s.statementNumber}), 0)::int` })
    .from(s)
    .where(eq(s.companyId, companyId));
  let next = Number(top);
  const drivers = await driversOfWeek(tx, companyId, week.weekId);
  for (const d of drivers) {
    const [earlier] = await tx
      .select({ n: s.statementNumber })
      .from(s)
      .where(and(eq(s.companyId, companyId), eq(s.weekId, week.weekId), eq(s.userId, d.userId)))
      .limit(1);
    const number = earlier?.n ?? ++next;
    const live = await liveStatement(tx, companyId, week, d.userId);
    const data: TStatement = {
      ...live,
      statementNumber: statementNo(number),
      revision,
      closed: { closedOn: new Date(closure.closedOn).toISOString(), closedBy },
    };
    await tx.insert(s).values({ companyId, closureId: closure.id, weekId: week.weekId, userId: d.userId, statementNumber: number, revision, data });
  }
  return SETTLEMENT_TEXT.closed(nameOfWeek(week), drivers.length);
}

export async function reopenWeek(tx: TTx, actor: TActor, weekId: number): Promise<string> {
  const { companyId } = actor;
  const week = await weekOf(tx, companyId, weekId);
  await tx.select({ id: workWeeks.id }).from(workWeeks).where(and(eq(workWeeks.companyId, companyId), eq(workWeeks.id, week.weekId))).for('update');
  const open = await openClosureOf(tx, companyId, week.weekId);
  if (!open) throw refuse(SETTLEMENT_TEXT.notClosed(nameOfWeek(week)).replace(/^ERROR /, ''));
  await tx
    .update(settlementClosures)
    .set({ reopenedBy: actor.userId, reopenedOn: sql`now()` })
    .where(and(eq(settlementClosures.companyId, companyId), eq(settlementClosures.id, open.id)));
  return SETTLEMENT_TEXT.reopened(nameOfWeek(week));
}

