import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { owningCompany } from './companies';

/**
 * A company's running numbers, one row per kind ('statement', later 'invoice'): `next_value` is
 * the next number to hand out. Reserved with one upsert (lib/sequences.ts), so two transactions
 * of one company take turns on this row alone, and a rolled-back one hands its numbers back.
 */
export const companySequences = pgTable(
  'company_sequences',
  {
    companyId: owningCompany(),
    name: text('name').notNull(),
    nextValue: bigint('next_value', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.name] })],
);
