import { EXPENSE_TYPES, FREQUENCY_TYPES, ROLE_NAMES, usStates } from '@haulboard/contract';
import { sql } from 'drizzle-orm';
import type { TDbLike } from './client';
import { expenseTypes, frequencyTypes, loadStatuses, roles, states } from './schema';

export const LOAD_STATUSES = ['Booked', 'Dispatched', 'In transit', 'Delivered', 'Invoiced', 'Paid', 'Cancelled', 'TONU'];
/** Statuses whose payout is earned: they count in the driver dashboard's gross and the settlements. */
export const REVENUE_STATUSES = new Set(['Delivered', 'Invoiced', 'Paid', 'TONU']);

/** Lookup rows every database needs; safe to run at every start. */
export async function ensureReferenceData(db: TDbLike) {
  await db
    .insert(roles)
    .values(Object.entries(ROLE_NAMES).map(([id, name]) => ({ id: Number(id), name })))
    .onConflictDoUpdate({ target: roles.id, set: { name: sql`excluded.name` } });
  await db
    .insert(states)
    .values(usStates.map((s) => ({ id: s.id, name: s.name, code: s.code })))
    .onConflictDoNothing();
  await db
    .insert(loadStatuses)
    .values(LOAD_STATUSES.map((name, i) => ({ id: i + 1, name, sortOrder: i + 1, countsAsRevenue: REVENUE_STATUSES.has(name) })))
    .onConflictDoUpdate({ target: loadStatuses.id, set: { countsAsRevenue: sql`excluded.counts_as_revenue` } });
  await db
    .insert(expenseTypes)
    .values(EXPENSE_TYPES.map((t, i) => ({ id: t.id, name: t.name, isReimbursement: t.isReimbursement, sortOrder: i + 1 })))
    .onConflictDoUpdate({
      target: expenseTypes.id,
      set: { name: sql`excluded.name`, isReimbursement: sql`excluded.is_reimbursement`, sortOrder: sql`excluded.sort_order` },
    });
  await db
    .insert(frequencyTypes)
    .values(FREQUENCY_TYPES.map((f, i) => ({ id: f.id, name: f.name, sortOrder: i + 1 })))
    .onConflictDoUpdate({ target: frequencyTypes.id, set: { name: sql`excluded.name`, sortOrder: sql`excluded.sort_order` } });
}
