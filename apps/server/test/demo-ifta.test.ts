import { quarterOf } from '@haulboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_DEMO_STEPS } from '../src/db/seed/demo-board';
import { EXPENSE_DEMO_STEPS } from '../src/db/seed/demo-expenses';
import { seedIfta } from '../src/db/seed/demo-ifta';
import { SETTLEMENT_DEMO_STEPS } from '../src/db/seed/demo-settlements';
import { createTestApp, EMAIL, type TTestApp } from './helpers';

/** The IFTA demo: miles and fuel for every unit for the last full quarter and this one, and the sample matrix. */
let t: TTestApp;
const today = new Date().toISOString().slice(0, 10);
const year = Number(today.slice(0, 4));
const quarter = quarterOf(today);
const last = quarter === 1 ? { year: year - 1, quarter: 4 } : { year, quarter: quarter - 1 };
const UNITS = ['101', '102', '103', '104', '105', '106'];

beforeAll(async () => {
  t = await createTestApp({ steps: [...BOARD_DEMO_STEPS, ...EXPENSE_DEMO_STEPS, ...SETTLEMENT_DEMO_STEPS, seedIfta] });
}, 180_000);
afterAll(() => t?.close());

const report = (q: { year: number; quarter: number }) => t.call({ method: 'POST', url: '/api/Accounting/GetIftaReport', payload: { ...q, weekId: 0 }, as: EMAIL.admin });

describe('the IFTA demo', () => {
  for (const [name, q] of [
    ['the last full quarter', last],
    ['this quarter so far', { year, quarter }],
  ] as const) {
    it(`gives every unit miles and fuel in ${name}, at an MPG near 6.5, with no unit or state check`, async () => {
      const res = await report(q);
      expect(res.status).toBe(200);
      const units = new Map<string, { miles: number; gallons: number }>();
      for (const r of res.body.unitReports) {
        const u = units.get(r.unitNumber) ?? { miles: 0, gallons: 0 };
        u.miles += r.miles;
        u.gallons += r.gallons;
        units.set(r.unitNumber, u);
      }
      if (q.quarter === quarter && today.slice(5) <= `${String((quarter - 1) * 3 + 1).padStart(2, '0')}-03`) return; // a quarter a day old has no fuel yet
      expect([...units.keys()].sort()).toEqual(UNITS);
      for (const u of units.values()) {
        expect(u.miles / u.gallons).toBeGreaterThan(6.1);
        expect(u.miles / u.gallons).toBeLessThan(7.0);
      }
      expect(res.body.checks.filter((c: string) => c.startsWith('Unit '))).toEqual([]);
    });
  }

  it('has the SAMPLE matrix for the last full quarter, so the worksheet shows a total and says not to file it', async () => {
    const res = await t.call({ method: 'POST', url: '/api/Accounting/GetIftaReturn', payload: last, as: EMAIL.admin });
    expect(res.status).toBe(200);
    expect(res.body.rates).toMatchObject({ isSample: true, jurisdictions: 58 });
    expect(res.body.grandTotal).toMatch(/^-?\d+\.\d\d$/);
    expect(res.body.lines.length).toBeGreaterThan(5);
    expect(res.body.checks[0]).toBe('The rates are the synthetic SAMPLE matrix, not real rates: do not file this return.');
  });
});
