import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuelTransactions, iftaMiles } from '../src/db/schema';
import { BOARD_DEMO_STEPS } from '../src/db/seed/demo-board';
import { createTestApp, EMAIL, type TTestApp } from './helpers';

let t: TTestApp;

const fuel = (companyId: number, unit: string, state: string, day: string, quantity: string, over: Partial<typeof fuelTransactions.$inferInsert> = {}) => ({
  companyId,
  vendor: 'EFS',
  cardLast4: '0001',
  fuelDate: day,
  fuelTime: '06:42',
  unitNumber: unit,
  stateCode: state,
  product: 'diesel',
  productCode: 'ULSD',
  isIfta: true,
  quantity,
  amount: '100.00',
  naturalKey: `EFS|0001|${day}|${unit}|${state}|${quantity}|${over.product ?? 'diesel'}`,
  ...over,
});
const miles = (companyId: number, unit: string, state: string, total: string) => ({
  companyId,
  year: 2025,
  quarter: 3,
  unitNumber: unit,
  stateCode: state,
  totalMiles: total,
  taxableMiles: total,
  source: 'ELD',
  naturalKey: `miles|${unit}|${state}|2025Q3|ELD`,
});

beforeAll(async () => {
  t = await createTestApp({ steps: BOARD_DEMO_STEPS });
  const demo = t.ids.companies.demo;
  const second = t.ids.companies.second;
  await t.db.insert(fuelTransactions).values([
    fuel(demo, '101', 'TX', '2025-07-14', '120.500', { amount: '421.63' }),
    fuel(demo, '101', 'TX', '2025-08-02', '500.000'),
    fuel(demo, '101', 'OK', '2025-09-30', '300.250'),
    fuel(demo, '101', 'TX', '2025-07-14', '8.200', { product: 'def', productCode: 'DEFD', isIfta: false, amount: '32.79' }),
    fuel(demo, '102', 'NM', '2025-08-20', '310.400'),
    // Outside the quarter: counts in neither report nor Q3 list.
    fuel(demo, '101', 'TX', '2025-10-01', '999.000'),
    fuel(second, '201', 'TX', '2025-08-01', '800.000'),
  ]);
  await t.db.insert(iftaMiles).values([
    miles(demo, '101', 'TX', '4212.4'),
    miles(demo, '101', 'OK', '1890.7'),
    miles(demo, '102', 'TX', '1000.5'),
    miles(demo, '102', 'NM', '999.5'),
    miles(second, '201', 'TX', '5000.0'),
  ]);
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, as: string = EMAIL.admin) => t.call({ method: 'POST', url, payload: payload as any, as });
const Q3 = { year: 2025, quarter: 3, weekId: 0 };

describe('POST /api/Accounting/GetFuel', () => {
  it("lists the quarter's fuel lines newest first with date, unit, quantity, amount and state, DEF kept as non-IFTA", async () => {
    const res = await post('/api/Accounting/GetFuel', Q3);
    expect(res.status).toBe(200);
    expect(res.body.map((f: any) => f.fuelDate)).toEqual(['2025-09-30', '2025-08-20', '2025-08-02', '2025-07-14', '2025-07-14']);
    const first = res.body.find((f: any) => f.amount === '421.63');
    expect(first).toMatchObject({ unitNumber: '101', quantity: '120.500', fuelStateName: 'Texas', productName: 'Diesel', isIfta: true, driverName: 'Sam Carter' });
    const def = res.body.find((f: any) => f.product === 'def');
    expect(def).toMatchObject({ isIfta: false, productName: 'DEF', quantity: '8.200' });
  });

  it('shows another company none of it', async () => {
    const res = await post('/api/Accounting/GetFuel', Q3, EMAIL.secondAdmin);
    expect(res.body.map((f: any) => f.unitNumber)).toEqual(['201']);
  });

  it('refuses a driver, and a quarter of 5', async () => {
    expect((await post('/api/Accounting/GetFuel', Q3, EMAIL.driver)).status).toBe(403);
    const bad = await post('/api/Accounting/GetFuel', { year: 2025, quarter: 5 });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Choose a quarter from 1 to 4');
  });
});

describe('POST /api/Accounting/GetIftaMiles', () => {
  it('lists miles per unit and state for the quarter', async () => {
    const res = await post('/api/Accounting/GetIftaMiles', Q3);
    expect(res.status).toBe(200);
    expect(res.body.map((m: any) => `${m.unitNumber} ${m.stateName} ${m.miles}`)).toEqual([
      '101 Oklahoma 1890.7',
      '101 Texas 4212.4',
      '102 New Mexico 999.5',
      '102 Texas 1000.5',
    ]);
    expect(res.body[0]).toMatchObject({ year: 2025, quarter: 3 });
  });
});

describe('POST /api/Accounting/GetIftaReport and GetIftaReportSummary', () => {
  // Worked by hand: unit 101 drove 4212.4 + 1890.7 = 6103.1 mi on 120.5 + 500 + 300.25 = 920.75 gal
  // (DEF and October excluded); unit 102 drove 1000.5 + 999.5 = 2000 mi on 310.4 gal.
  // Fleet: 8103.1 mi, 1231.15 gal, 8103.1 / 1231.15 = 6.5817… → 6.58 MPG.
  it('totals miles and gallons to whole numbers and MPG to 2 decimals, from unrounded sums', async () => {
    const res = await post('/api/Accounting/GetIftaReport', Q3);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalMiles: 8103, totalGallons: 1231, averageMPG: 6.58 });
    const rows = res.body.unitReports.map((r: any) => [r.unitNumber, r.stateCode, r.miles, r.gallons, r.mpg]);
    expect(rows).toEqual([
      ['101', 'OK', 1891, 300, 6.3],
      ['101', 'TX', 4212, 621, 6.79],
      ['102', 'NM', 1000, 310, 3.22],
      ['102', 'TX', 1001, 0, null],
    ]);
  });

  it('sums every unit per state in the summary, whose rows have no unit', async () => {
    const res = await post('/api/Accounting/GetIftaReportSummary', Q3);
    expect(res.body.unitReports.map((r: any) => [r.unitNumber, r.stateName, r.miles, r.gallons])).toEqual([
      [null, 'New Mexico', 1000, 310],
      [null, 'Oklahoma', 1891, 300],
      [null, 'Texas', 5213, 621],
    ]);
    expect(res.body.totalMiles).toBe(8103);
  });

  it('narrows to the chosen drivers (by their unit) and to a state', async () => {
    const drivers = (await t.call({ method: 'GET', url: '/api/Lookup/GetIftaDrivers', as: EMAIL.admin })).body as any[];
    const maria = drivers.find((d) => d.unitNumber === '102');
    expect(maria.label).toBe('102 - Maria Lopez');
    const mine = await post('/api/Accounting/GetIftaReport', { ...Q3, driverIdList: [maria.value] });
    expect(mine.body).toMatchObject({ totalMiles: 2000, totalGallons: 310, averageMPG: 6.44 });
    const texas = await post('/api/Accounting/GetIftaReportSummary', { ...Q3, stateId: 45 });
    expect(texas.body.unitReports).toHaveLength(1);
    expect(texas.body.unitReports[0]).toMatchObject({ stateName: 'Texas', miles: 5213, gallons: 621 });
  });

  it('keeps each company to its own figures', async () => {
    const other = await post('/api/Accounting/GetIftaReport', Q3, EMAIL.secondAdmin);
    expect(other.body).toMatchObject({ totalMiles: 5000, totalGallons: 800, averageMPG: 6.25 });
    expect(other.body.unitReports.map((r: any) => r.unitNumber)).toEqual(['201']);
  });

  it('refuses a driver', async () => {
    expect((await post('/api/Accounting/GetIftaReport', Q3, EMAIL.driver)).status).toBe(403);
  });
});
