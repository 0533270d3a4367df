import { expenseOccurrencesBetween, expenseSchedule, FREQUENCY, type TExpense } from '@haulboard/contract';
import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { TDbLike } from '../../db/client';
import { expenses, expenseTypes, frequencyTypes, users } from '../../db/schema';
import { fullNameOf } from '../../lib/people';
import { isoOf } from '../../lib/rows';

const columns = {
  expense: expenses,
  typeName: expenseTypes.name,
  isReimbursement: expenseTypes.isReimbursement,
  frequencyName: frequencyTypes.name,
  receiver: { firstName: users.firstName, lastName: users.lastName, displayName: users.displayName, email: users.email },
  updatedOn: isoOf(expenses.updatedOn),
};

/** The fields of the occurrence rule, as the contract names them. */
export const ruleOf = (e: typeof expenses.$inferSelect) => ({
  frequencyTypeId: e.frequencyTypeId,
  occurences: e.occurrences,
  expenseDate: e.expenseDate,
  expenseStartDate: e.startDate,
  expenseEndDate: e.endDate,
});

/** Expenses of a company, newest first (at most `limit`), each with its next occurrence from `today` and how many remain. */
export async function findExpenses(db: TDbLike, companyId: number, today: string, limit: number): Promise<TExpense[]> {
  const rows = await db
    .select(columns)
    .from(expenses)
    .innerJoin(expenseTypes, eq(expenseTypes.id, expenses.expenseTypeId))
    .innerJoin(frequencyTypes, eq(frequencyTypes.id, expenses.frequencyTypeId))
    .leftJoin(users, eq(users.id, expenses.userId))
    .where(eq(expenses.companyId, companyId))
    .orderBy(desc(sql`coalesce(${expenses.startDate}, ${expenses.expenseDate})`), desc(expenses.id))
    .limit(limit);
  return rows.map(({ expense: e, typeName, isReimbursement, frequencyName, receiver, updatedOn }) => ({
    companyExpenseId: e.id,
    expenseTypeId: e.expenseTypeId,
    expenseTypeName: typeName,
    isReimbursement,
    expenseName: e.name,
    amount: e.amount,
    frequencyTypeId: e.frequencyTypeId,
    frequencyTypeName: frequencyName,
    occurences: e.occurrences,
    expenseDate: e.expenseDate,
    expenseStartDate: e.startDate,
    expenseEndDate: e.endDate,
    expenseUserId: e.userId,
    expenseUserName: e.userId && receiver?.email ? fullNameOf(receiver) : null,
    comments: e.comments,
    ...expenseSchedule(ruleOf(e), today),
    updatedOn,
  }));
}

export type TExpenseLine = {
  expenseId: number;
  expenseName: string;
  expenseTypeName: string;
  /** A reimbursement adds to pay; every other line is deducted. */
  isReimbursement: boolean;
  amount: string;
  /** The occurrence's date and its number (1 for the first). */
  expenseDate: string;
  occurrence: number;
  /** The receiver; null for a company expense. */
  userId: number | null;
  /** A recurring rule's occurrence (weekly, every two weeks, monthly); false for a one-time expense. */
  recurring: boolean;
};

/**
 * Every occurrence of a company's expenses dated from `from` through `to`, derived by the
 * contract's rule (one-time expenses are their single occurrence). `userId` narrows to one
 * receiver; `null` asks for company expenses only; absent, for all. For the driver dashboard and
 * the settlements.
 */
export async function findExpenseLines(
  db: TDbLike,
  companyId: number,
  { from, to, userId }: { from: string; to: string; userId?: number | null },
): Promise<TExpenseLine[]> {
  const rows = await db
    .select({ expense: expenses, typeName: expenseTypes.name, isReimbursement: expenseTypes.isReimbursement })
    .from(expenses)
    .innerJoin(expenseTypes, eq(expenseTypes.id, expenses.expenseTypeId))
    .where(
      and(
        eq(expenses.companyId, companyId),
        userId === undefined ? undefined : userId === null ? isNull(expenses.userId) : eq(expenses.userId, userId),
        // Only rules that can reach the period: starting by its end, not ended before its start.
        sql`least(${expenses.startDate}, ${expenses.expenseDate}) <= ${to}`,
        or(isNull(expenses.endDate), sql`${expenses.endDate} >= ${from}`),
      ),
    )
    .orderBy(asc(expenses.id));
  const lines: TExpenseLine[] = [];
  for (const { expense: e, typeName, isReimbursement } of rows) {
    for (const o of expenseOccurrencesBetween(ruleOf(e), from, to)) {
      lines.push({
        expenseId: e.id,
        expenseName: e.name,
        expenseTypeName: typeName,
        isReimbursement,
        amount: e.amount,
        expenseDate: o.date,
        occurrence: o.number,
        userId: e.userId,
        recurring: e.frequencyTypeId !== FREQUENCY.OneTime,
      });
    }
  }
  return lines.sort((a, b) => (a.expenseDate < b.expenseDate ? -1 : a.expenseDate > b.expenseDate ? 1 : a.expenseId - b.expenseId));
}

