import fs from 'node:fs';
import path from 'node:path';
import { CLOSE_CHECK_KINDS } from '@haulboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../src/db/client';
import { rowsOf } from '../src/db/rows';
import { expenses, workWeeks } from '../src/db/schema';
import { asCompany, asSystem } from '../src/db/scope';
import { BOARD_DEMO_STEPS } from '../src/db/seed/demo-board';
import { nextNumbers } from '../src/lib/sequences';
import { createTestApp, EMAIL, type TTestApp } from './helpers';

/**
 * Statement numbers come from the company's 'statement' sequence (lib/sequences.ts): weeks of
 * their own in 2040, closed as each company's administrator. Every active driver gets a statement
 * each week, so a close takes as many numbers as the company has drivers.
 */
let t: TTestApp;
let demo = 0;
let second = 0;
const weeks: Record<string, number> = {};
const ALL = [...CLOSE_CHECK_KINDS];

const close = (weekId: number, as: string = EMAIL.admin) => t.call({ method: 'POST', url: '/api/Settlement/CloseWeek', payload: { weekId, confirmed: ALL }, as });
const reopen = (weekId: number) => t.call({ method: 'POST', url: '/api/Settlement/ReopenWeek', payload: { weekId }, as: EMAIL.admin });

/** The statement numbers of a week, by driver. */
async function numbersOf(companyId: number, weekId: number): Promise<Map<number, number>> {
  const rows = rowsOf<{ user_id: number; n: number }>(
    await asSystem(() =>
      t.db.execute(sql`select distinct user_id, statement_number as n from settlement_statements where company_id = ${companyId} and week_id = ${weekId}`),
    ),
  );
  return new Map(rows.map((r) => [Number(r.user_id), Number(r.n)]));
}

const nextValue = async (companyId: number) =>
  Number(
    rowsOf<{ v: string }>(await asSystem(() => t.db.execute(sql`select next_value as v from company_sequences where company_id = ${companyId} and name = 'statement'`)))[0]
      ?.v ?? 1,
  );

const sorted = (m: Map<number, number>) => [...m.values()].sort((a, b) => a - b);
const consecutive = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

beforeAll(async () => {
  t = await createTestApp({ steps: BOARD_DEMO_STEPS });
  demo = t.ids.companies.demo;
  second = t.ids.companies.second;
  const week = (companyId: number, number: number) => ({
    companyId,
    year: 2040,
    number,
    startDate: `2040-02-${String(number * 7 - 6).padStart(2, '0')}`,
    endDate: `2040-02-${String(number * 7).padStart(2, '0')}`,
  });
  const made = await t.db.insert(workWeeks).values([week(demo, 1), week(demo, 2), week(demo, 3), week(demo, 4), week(second, 1), week(second, 2)]).returning();
  [weeks.a, weeks.b, weeks.c, weeks.last, weeks.second] = made.map((w) => w.id);
}, 60_000);
afterAll(() => t?.close());

describe('statement numbers from the company sequence', () => {
  it('gives two weeks closed at once distinct consecutive numbers, one block per week', async () => {
    const before = await nextValue(demo);
    const [a, b] = await Promise.all([close(weeks.a), close(weeks.b)]);
    expect([a.status, a.text]).toEqual([200, expect.stringMatching(/closed/)]);
    expect([b.status, b.text]).toEqual([200, expect.stringMatching(/closed/)]);
    const [na, nb] = [sorted(await numbersOf(demo, weeks.a)), sorted(await numbersOf(demo, weeks.b))];
    expect(na.length).toBeGreaterThan(1);
    expect(nb.length).toBe(na.length);
    // Whichever committed first took the first block.
    const [first, then] = na[0] < nb[0] ? [na, nb] : [nb, na];
    expect(first).toEqual(consecutive(before, na.length));
    expect(then).toEqual(consecutive(before + na.length, nb.length));
    expect(await nextValue(demo)).toBe(before + 2 * na.length);
  });

  it('keeps a company of its own: the other company counts from its own numbers', async () => {
    const demoNext = await nextValue(demo);
    const before = await nextValue(second);
    expect((await close(weeks.second, EMAIL.secondAdmin)).text).not.toMatch(/^ERROR/);
    const numbers = sorted(await numbersOf(second, weeks.second));
    expect(numbers).toEqual(consecutive(before, numbers.length));
    expect(await nextValue(demo)).toBe(demoNext);
    // Directly too: reserving for one company leaves the other's sequence where it was.
    const reserved = await asCompany(second, () => t.db.transaction((tx) => nextNumbers(tx, second, 'invoice', 3)));
    expect(reserved).toEqual([1, 2, 3]);
    expect(await asCompany(demo, () => t.db.transaction((tx) => nextNumbers(tx, demo, 'invoice', 2)))).toEqual([1, 2]);
    expect(await asCompany(second, () => t.db.transaction((tx) => nextNumbers(tx, second, 'invoice', 1)))).toEqual([4]);
  });

  it('does not use up numbers in a close that fails', async () => {
    const before = await nextValue(demo);
    // A negative balance in the company's last week has no week to carry to: the close is refused after numbering.
    const driverId = t.ids.users[EMAIL.driver];
    await t.db
      .insert(expenses)
      .values({ companyId: demo, expenseTypeId: 12, name: 'Big repair', amount: '5000.00', frequencyTypeId: 1, expenseDate: '2040-02-23', userId: driverId });
    const failed = await close(weeks.last);
    expect(failed.text).toMatch(/^ERROR .*no later open work week/);
    expect(await nextValue(demo)).toBe(before);
    expect((await numbersOf(demo, weeks.last)).size).toBe(0);
    expect((await close(weeks.c)).text).not.toMatch(/^ERROR/);
    const numbers = sorted(await numbersOf(demo, weeks.c));
    expect(numbers).toEqual(consecutive(before, numbers.length));
  });

  it('keeps the numbers of a reopened week when it is closed again, and takes no new ones', async () => {
    // The latest closed week: an earlier one may have carried a balance into a closed week.
    const numbers = await numbersOf(demo, weeks.c);
    const before = await nextValue(demo);
    expect((await reopen(weeks.c)).text).not.toMatch(/^ERROR/);
    expect((await close(weeks.c)).text).not.toMatch(/^ERROR/);
    const revisions = rowsOf<{ user_id: number; n: number; revision: number }>(
      await asSystem(() =>
        t.db.execute(sql`select user_id, statement_number as n, revision from settlement_statements where company_id = ${demo} and week_id = ${weeks.c} and revision = 2`),
      ),
    );
    expect(new Map(revisions.map((r) => [Number(r.user_id), Number(r.n)]))).toEqual(numbers);
    expect(await nextValue(demo)).toBe(before);
  });

  it('seeds each company from its highest statement number (the migration)', async () => {
    const migration = fs.readFileSync(path.join(migrationsFolder, '0026_company_sequences.sql'), 'utf8');
    const seed = migration.split('--> statement-breakpoint').find((s) => /INSERT INTO "company_sequences"/.test(s));
    expect(seed).toBeDefined();
    const expected = [await nextValue(demo), await nextValue(second)];
    // The numbers in use as if the table were new: drop the rows and run the migration's insert.
    await asSystem(() =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`delete from company_sequences`);
        await tx.execute(sql.raw(seed as string));
      }),
    );
    expect([await nextValue(demo), await nextValue(second)]).toEqual(expected);
  });
});
