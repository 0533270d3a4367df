import { sql } from 'drizzle-orm';
import type { TDbLike } from '../db/client';
import { companySequences } from '../db/schema';

/** The kinds of number a company counts: statements now, invoices next. */
export type TSequenceName = 'statement' | 'invoice';

/**
 * Reserves `count` consecutive numbers of a company's sequence and returns them, first to last
 * (a company's first number is 1). One upsert: a concurrent transaction of the same company waits
 * on the sequence row until this one ends, and a rollback returns the numbers, so the numbers of
 * the transactions that commit have no gaps.
 */
export async function nextNumbers(tx: TDbLike, companyId: number, name: TSequenceName, count: number): Promise<number[]> {
  if (!Number.isSafeInteger(count) || count < 0) throw new Error(`Not a count of numbers: ${count}`);
  if (count === 0) return [];
  const q = companySequences;
  const [row] = await tx
    .insert(q)
    .values({ companyId, name, nextValue: count + 1 })
    .onConflictDoUpdate({ target: [q.companyId, q.name], set: { nextValue: sql`${q.nextValue} + ${count}` } })
    .returning({ first: sql<string>`${q.nextValue} - ${count}` });
  const first = Number(row.first);
  return Array.from({ length: count }, (_, i) => first + i);
}
