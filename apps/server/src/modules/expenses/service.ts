import { expenseOccurrences, SETTLEMENT_TEXT, type TExpenseFormOutput, toCents } from '@haulboard/contract';
import { and, eq } from 'drizzle-orm';
import type { TActor } from '../../access/actor';
import { assertCompanyRefs, lockOwnedRow } from '../../access/tenancy';
import type { TDbLike } from '../../db/client';
import { expenses, expenseTypes, frequencyTypes } from '../../db/schema';
import { closedWeekName, closedWeeks } from '../../lib/closed-weeks';
import { badRequest, refuse } from '../../lib/errors';
import { nowMs } from '../../lib/rows';

type TPayRule = { userId: number | null; expenseTypeId: number; amount: string; frequencyTypeId: number; occurrences: number | null; expenseDate: string | null; startDate: string | null; endDate: string | null };

/**
 * What a driver's expense puts into closed settlement weeks: its occurrences there with what they
 * charge. A change or deletion that alters this is refused, naming the first such week; a company
 * expense (no receiver) is in no settlement.
 */
async function refuseIfClosedWeeksChange(tx: TDbLike, companyId: number, before: TPayRule | null, after: TPayRule | null) {
  if (!before?.userId && !after?.userId) return;
  const weeks = await closedWeeks(tx, companyId);
  if (!weeks.length) return;
  const charged = (r: TPayRule | null) =>
    !r?.userId
      ? []
      : expenseOccurrences(
          { frequencyTypeId: r.frequencyTypeId, occurences: r.occurrences, expenseDate: r.expenseDate, expenseStartDate: r.startDate, expenseEndDate: r.endDate },
          weeks,
        ).map((o) => ({ week: o.week, key: `${o.date}|${r.userId}|${r.expenseTypeId}|${toCents(r.amount)}` }));
  const was = charged(before);
  const will = charged(after);
  const wasKeys = new Set(was.map((o) => o.key));
  const willKeys = new Set(will.map((o) => o.key));
  const changed = [...was.filter((o) => !willKeys.has(o.key)), ...will.filter((o) => !wasKeys.has(o.key))];
  if (!changed.length) return;
  const first = changed.sort((a, b) => (a.week.startDate < b.week.startDate ? -1 : 1))[0].week;
  throw refuse(SETTLEMENT_TEXT.weekClosed(closedWeekName(first)).replace(/^ERROR /, ''));
}

/** Expense and frequency types are shared reference data: an unknown id is a field error. */
async function assertTypes(tx: TDbLike, form: TExpenseFormOutput) {
  const [type] = await tx.select({ id: expenseTypes.id }).from(expenseTypes).where(eq(expenseTypes.id, form.expenseTypeId));
  if (!type) throw badRequest('expenseTypeId', 'Choose an expense type from the list');
  const [frequency] = await tx.select({ id: frequencyTypes.id }).from(frequencyTypes).where(eq(frequencyTypes.id, form.frequencyTypeId));
  if (!frequency) throw badRequest('frequencyTypeId', 'Choose a frequency from the list');
}

/**
 * Adds (no companyExpenseId) or edits an expense of the actor's company. The receiver must be an
 * active driver of the company (or stay the one the expense already has); another company's
 * person answers like a missing one.
 */
export async function upsertExpense(tx: TDbLike, actor: TActor, form: TExpenseFormOutput) {
  const { companyId } = actor;
  await assertTypes(tx, form);
  const current = form.companyExpenseId
    ? await lockOwnedRow(tx, expenses, { id: form.companyExpenseId, companyId, version: form.updatedOn, what: 'expense' })
    : null;
  if (form.expenseUserId) {
    await assertCompanyRefs(tx, companyId, {
      driverIds: [form.expenseUserId],
      keptDriverIds: current?.userId ? [current.userId] : [],
    });
  }
  const values = {
    expenseTypeId: form.expenseTypeId,
    name: form.expenseName,
    amount: form.amount,
    frequencyTypeId: form.frequencyTypeId,
    occurrences: form.occurences,
    expenseDate: form.expenseDate,
    startDate: form.expenseStartDate,
    endDate: form.expenseEndDate,
    userId: form.expenseUserId,
    comments: form.comments,
    updatedBy: actor.userId,
    updatedOn: nowMs() as any,
  };
  await refuseIfClosedWeeksChange(tx, companyId, current, values);
  if (!current) {
    const [row] = await tx
      .insert(expenses)
      .values({ ...values, companyId, createdBy: actor.userId })
      .returning({ id: expenses.id });
    return row.id;
  }
  await tx
    .update(expenses)
    .set(values)
    .where(and(eq(expenses.id, current.id), eq(expenses.companyId, companyId)));
  return current.id;
}

/** Deletes an expense of the actor's company; its occurrences go with it (they were never stored). */
export async function deleteExpense(tx: TDbLike, actor: TActor, id: number) {
  const { companyId } = actor;
  const row = await lockOwnedRow(tx, expenses, { id, companyId, what: 'expense' });
  await refuseIfClosedWeeksChange(tx, companyId, row, null);
  await tx.delete(expenses).where(and(eq(expenses.id, row.id), eq(expenses.companyId, companyId)));
}
