import { FUEL_LIST_HINT } from '@haulboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, EMAIL, type TTestApp } from './helpers';

/**
 * Issue 18: the Fuel Import page's totals are summed over everything the filter selects, in SQL,
 * not over the first 5,000 lines the list shows; "choose a quarter" is advised only when none is chosen.
 */

const LINES = 5_300;
/** Line i: 2025 Q3, a DEF line every tenth, gallons and amounts that vary, in thousandths and cents. */
const line = (i: number) => ({
  day: `2025-${String(7 + (i % 3)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
  product: i % 10 === 0 ? 'def' : 'diesel',
  thousandths: 100_000 + (i % 7) * 125,
  cents: 35_000 + (i % 13),
});

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
  const companyId = t.ids.companies.demo;
  // The same lines in SQL: i from 0 to LINES - 1.
  await t.db.execute(sql`
    insert into fuel_transactions (company_id, vendor, card_last4, fuel_date, fuel_time, unit_number, state_code, product, is_ifta, quantity, amount, invoice, natural_key)
    select ${companyId}, 'EFS (WEX)', '0001',
      make_date(2025, 7 + (i % 3), 1 + (i % 28)), '06:00', '101', 'TX',
      case when i % 10 = 0 then 'def' else 'diesel' end, i % 10 <> 0,
      (100000 + (i % 7) * 125) / 1000.0, (35000 + (i % 13)) / 100.0, i::text, 'totals|' || i
    from generate_series(0, ${LINES - 1}) as i`);
});
afterAll(() => t.close());

const quarter = { year: 2025, quarter: 3, weekId: 0 };
const text = (scaled: bigint, places: number) => `${scaled / 10n ** BigInt(places)}.${(scaled % 10n ** BigInt(places)).toString().padStart(places, '0')}`;

describe('Fuel Import totals', () => {
  it(`sums all ${LINES.toLocaleString('en-US')} lines of the quarter, per product too, while the list stops at 5,000`, async () => {
    const all = Array.from({ length: LINES }, (_, i) => line(i));
    const sum = (rows: typeof all, pick: (r: (typeof all)[number]) => number) => rows.reduce((n, r) => n + BigInt(pick(r)), 0n);
    const diesel = all.filter((r) => r.product === 'diesel');
    const def = all.filter((r) => r.product === 'def');

    const list = await t.call({ method: 'POST', url: '/api/Accounting/GetFuel', payload: quarter, as: EMAIL.admin });
    expect(list.body.length).toBe(5000);

    const res = await t.call({ method: 'POST', url: '/api/Accounting/GetFuelTotals', payload: quarter, as: EMAIL.admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      lines: LINES,
      iftaGallons: text(sum(diesel, (r) => r.thousandths), 3),
      amount: text(sum(all, (r) => r.cents), 2),
      byProduct: [
        { product: 'diesel', productName: 'Diesel', lines: diesel.length, gallons: text(sum(diesel, (r) => r.thousandths), 3), amount: text(sum(diesel, (r) => r.cents), 2) },
        { product: 'def', productName: 'DEF', lines: def.length, gallons: text(sum(def, (r) => r.thousandths), 3), amount: text(sum(def, (r) => r.cents), 2) },
      ],
    });
  });

  it('a week sums its own days; another quarter, or a week of another company, sums nothing', async () => {
    const weekLines = Array.from({ length: LINES }, (_, i) => line(i)).filter((r) => r.day >= '2025-07-07' && r.day <= '2025-07-13');
    const [week] = (
      (await t.db.execute(sql`insert into work_weeks (company_id, year, number, start_date, end_date)
        values (${t.ids.companies.demo}, 2025, 28, '2025-07-07', '2025-07-13') returning id`)) as any
    ).rows ?? [];
    const byWeek = await t.call({ method: 'POST', url: '/api/Accounting/GetFuelTotals', payload: { weekId: week.id }, as: EMAIL.admin });
    expect(byWeek.body.lines).toBe(weekLines.length);
    expect(byWeek.body.amount).toBe(text(weekLines.reduce((n, r) => n + BigInt(r.cents), 0n), 2));
    const other = await t.call({ method: 'POST', url: '/api/Accounting/GetFuelTotals', payload: { year: 2025, quarter: 4 }, as: EMAIL.admin });
    expect(other.body).toEqual({ lines: 0, iftaGallons: '0.000', amount: '0.00', byProduct: [] });
    const stranger = await t.call({ method: 'POST', url: '/api/Accounting/GetFuelTotals', payload: { weekId: week.id }, as: EMAIL.secondAdmin });
    expect(stranger.body.lines).toBe(0);
  });

  it('advises choosing a quarter only when no quarter is chosen', async () => {
    const byQuarter = await t.call({ method: 'POST', url: '/api/Accounting/GetFuel', payload: quarter, as: EMAIL.admin });
    expect(byQuarter.headers['x-info']).toBe(`INFO Showing the newest 5,000 of 5,300 fuel lines. ${FUEL_LIST_HINT.quarter}`);
    expect(byQuarter.headers['x-info']).not.toMatch(/choose a quarter/i);
    const byYear = await t.call({ method: 'POST', url: '/api/Accounting/GetFuel', payload: { year: 2025, quarter: 0, weekId: 0 }, as: EMAIL.admin });
    expect(byYear.headers['x-info']).toBe(`INFO Showing the newest 5,000 of 5,300 fuel lines. ${FUEL_LIST_HINT.noQuarter}`);
  });
});
