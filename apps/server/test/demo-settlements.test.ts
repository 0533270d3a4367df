import { addDays, CLOSE_CHECK_KINDS } from '@haulboard/contract';
import { and, eq, gte, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuelTransactions, userCompanies, workWeeks } from '../src/db/schema';
import { BOARD_DEMO_STEPS } from '../src/db/seed/demo-board';
import { EXPENSE_DEMO_STEPS, mondayOf } from '../src/db/seed/demo-expenses';
import { DEMO_PERCENT_FEE_DRIVER, SETTLEMENT_DEMO_STEPS } from '../src/db/seed/demo-settlements';
import { createTestApp, EMAIL, type TTestApp } from './helpers';

/** The settlements demo: pay terms, fuel-card lines with DEF and a cash advance, the last full week closed. */
let t: TTestApp;
let lastWeekId = 0;
const lastWeekDay = addDays(mondayOf(new Date().toISOString().slice(0, 10)), -7);

beforeAll(async () => {
  t = await createTestApp({ steps: [...BOARD_DEMO_STEPS, ...EXPENSE_DEMO_STEPS, ...SETTLEMENT_DEMO_STEPS] });
  const [week] = await t.db
    .select()
    .from(workWeeks)
    .where(and(eq(workWeeks.companyId, t.ids.companies.demo), lte(workWeeks.startDate, lastWeekDay), gte(workWeeks.endDate, lastWeekDay)));
  lastWeekId = week.id;
}, 120_000);

afterAll(() => t?.close());

describe('the settlements demo', () => {
  it('puts one driver on a 10 % fee and keeps Sam Carter on his flat weekly fee', async () => {
    const rows = await t.db.select().from(userCompanies).where(eq(userCompanies.companyId, t.ids.companies.demo));
    const of = (email: string) => rows.find((r) => r.userId === t.ids.users[email])!;
    expect(of(DEMO_PERCENT_FEE_DRIVER)).toMatchObject({ serviceFeeType: 'percent', serviceFee: '10.00' });
    expect(of(EMAIL.driver)).toMatchObject({ serviceFeeType: 'flat', serviceFee: '150.00' });
  });

  it('has fuel-card lines for the units, each once, with diesel, DEF and a cash advance', async () => {
    const rows = await t.db.select().from(fuelTransactions).where(eq(fuelTransactions.companyId, t.ids.companies.demo));
    expect(new Set(rows.map((r) => r.unitNumber))).toEqual(new Set(['101', '102', '103', '104', '105', '106']));
    expect(new Set(rows.map((r) => r.naturalKey)).size).toBe(rows.length);
    const products = new Set(rows.map((r) => r.product));
    for (const p of ['diesel', 'def', 'cash_advance']) expect(products).toContain(p);
    for (const r of rows.filter((x) => x.product === 'diesel')) {
      // amount = gallons × paid price, to the cent (half-up), worked in whole units.
      const thousandths = Math.round(Number(r.quantity) * 1000);
      const tenThousandths = Math.round(Number(r.paidPrice) * 10_000);
      expect(Math.round(Number(r.amount) * 100)).toBe(Math.floor((thousandths * tenThousandths + 50_000) / 100_000));
      expect(r.isIfta).toBe(true);
    }
    expect(rows.every((r) => r.fuelDate < new Date().toISOString().slice(0, 10))).toBe(true);
  });

  it('closes the last full week: Sam’s statement is numbered and lists his DEF line and cash advance', async () => {
    const week = await t.call({ method: 'GET', url: `/api/Settlement/Week?weekId=${lastWeekId}`, as: EMAIL.admin });
    expect(week.body.isClosed).toBe(true);
    expect(week.body.history).toEqual([expect.objectContaining({ action: 'closed', by: 'Alex Morgan', revision: 1 })]);
    const s = await t.call({ method: 'GET', url: `/api/Settlement/Statement?weekId=${lastWeekId}`, as: EMAIL.driver });
    expect(s.body.statementNumber).toMatch(/^S-\d{6}$/);
    const products = s.body.fuel.map((f: { productName: string }) => f.productName);
    expect(products).toContain('DEF');
    expect(s.body.fuel).toContainEqual(expect.objectContaining({ productName: 'Cash advance', amount: '200.00' }));
  });

  it('can be reopened and closed again by the administrator (revision 2)', async () => {
    const reopen = await t.call({ method: 'POST', url: '/api/Settlement/ReopenWeek', payload: { weekId: lastWeekId }, as: EMAIL.admin });
    expect(reopen.status).toBe(200);
    const again = await t.call({ method: 'POST', url: '/api/Settlement/CloseWeek', payload: { weekId: lastWeekId, confirmed: [...CLOSE_CHECK_KINDS] }, as: EMAIL.admin });
    expect(again.text).toMatch(/^Week .* closed: \d+ statements? frozen$/);
    const s = await t.call({ method: 'GET', url: `/api/Settlement/Statement?weekId=${lastWeekId}`, as: EMAIL.driver });
    expect(s.body.revision).toBe(2);
  });
});
