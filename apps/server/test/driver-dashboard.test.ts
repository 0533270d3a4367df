import { usStates } from '@haulboard/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokers, expenses, fuelTransactions, loadDrivers, loads, userCompanies, workWeeks } from '../src/db/schema';
import { BOARD_DEMO_STEPS } from '../src/db/seed/demo-board';
import { createTestApp, EMAIL, type TTestApp } from './helpers';

/**
 * A week of its own (2031 week 1, Monday 2031-01-06 to Sunday 2031-01-12) with loads worked by
 * hand, so every figure below can be checked with a pencil.
 */
let t: TTestApp;
let weekId: number;
let otherWeekId: number;
let driverId: number;
let teammateId: number;
const WEEK = { start: '2031-01-06', end: '2031-01-12' };
const TX = usStates.find((s) => s.code === 'TX')!.id;
const STATUS = { Booked: 1, Delivered: 4, Paid: 6, Cancelled: 7, TONU: 8 };

beforeAll(async () => {
  t = await createTestApp({ steps: BOARD_DEMO_STEPS });
  const demo = t.ids.companies.demo;
  driverId = t.ids.users[EMAIL.driver];
  teammateId = t.ids.users['driver2@demo.haulboard.test'];
  const [week] = await t.db.insert(workWeeks).values({ companyId: demo, year: 2031, number: 1, startDate: WEEK.start, endDate: WEEK.end }).returning();
  weekId = week.id;
  const [other] = await t.db
    .insert(workWeeks)
    .values({ companyId: t.ids.companies.second, year: 2031, number: 1, startDate: WEEK.start, endDate: WEEK.end })
    .returning();
  otherWeekId = other.id;
  const [broker] = await t.db.select().from(brokers).where(eq(brokers.companyId, demo)).limit(1);
  const load = async (loadNumber: string, payout: string, status: number, drivers: number[], day = '2031-01-07') => {
    const [row] = await t.db
      .insert(loads)
      .values({
        companyId: demo,
        loadNumber,
        brokerId: broker.id,
        loadStartDate: `${day}T08:00:00Z`,
        loadEndDate: `${day}T20:00:00Z`,
        weekId,
        originStateId: TX,
        originCity: 'Dallas',
        destinationStateId: TX,
        destinationCity: 'Houston',
        tripLength: '240.0',
        numberOfStops: 2,
        pricePerMile: '2.5000',
        payout,
        loadStatusId: status,
      })
      .returning();
    if (drivers.length) await t.db.insert(loadDrivers).values(drivers.map((userId, i) => ({ loadId: row.id, userId, position: i + 1 })));
  };
  await load('P-SOLO', '1200.00', STATUS.Delivered, [driverId]);
  // A team load: 1000.01 splits 500.01 to the first driver, 500.00 to the second.
  await load('P-TEAM', '1000.01', STATUS.Paid, [driverId, teammateId], '2031-01-08');
  await load('P-TONU', '150.00', STATUS.TONU, [driverId], '2031-01-09');
  // Not earned: neither counts.
  await load('P-BOOKED', '900.00', STATUS.Booked, [driverId]);
  await load('P-CANCELLED', '700.00', STATUS.Cancelled, [driverId]);
  // Earned but nobody drove it: no driver's pay, and not in company gross either.
  await load('P-NODRIVER', '333.00', STATUS.Delivered, []);

  await t.db.update(userCompanies).set({ unitNumber: '101', serviceFee: '10', serviceFeeType: 'percent' }).where(and(eq(userCompanies.userId, driverId), eq(userCompanies.companyId, demo)));
  await t.db.insert(expenses).values([
    { companyId: demo, expenseTypeId: 1, name: 'Cargo insurance', amount: '45.50', frequencyTypeId: 1, expenseDate: '2031-01-08', userId: driverId },
    { companyId: demo, expenseTypeId: 12, name: 'Scale ticket', amount: '12.25', frequencyTypeId: 1, expenseDate: '2031-01-09', userId: driverId },
    // Next week: not in this one.
    { companyId: demo, expenseTypeId: 1, name: 'Later insurance', amount: '99.00', frequencyTypeId: 1, expenseDate: '2031-01-13', userId: driverId },
  ]);
  const fuel = (day: string, amount: string, unit = '101') => ({
    companyId: demo,
    vendor: 'EFS',
    cardLast4: '0001',
    fuelDate: day,
    fuelTime: '06:42',
    unitNumber: unit,
    stateCode: 'TX',
    product: 'diesel',
    productCode: 'ULSD',
    isIfta: true,
    quantity: '100.000',
    amount,
    naturalKey: `dash|${unit}|${day}|${amount}`,
  });
  await t.db.insert(fuelTransactions).values([fuel('2031-01-07', '380.40'), fuel('2031-01-10', '120.05'), fuel('2031-01-08', '500.00', '999')]);
});
afterAll(() => t.close());

const dashboard = (query: string, as: string = EMAIL.admin) => t.call({ method: 'GET', url: `/api/DriverDashboard/GetDriversGrossIncome?${query}`, as });

describe('GET /api/DriverDashboard/GetDriversGrossIncome', () => {
  // Gross: 1200.00 + 500.01 + 150.00 = 1850.01. Fee: 10% of 1850.01 = 185.001 → 185.00.
  // Additions 12.25, expenses 45.50, fuel 380.40 + 120.05 = 500.45.
  // Net: 1850.01 + 12.25 − 45.50 − 500.45 − 185.00 = 1131.31.
  it("works out a driver's week to the cent: team share, revenue statuses, fee, expenses, fuel and net", async () => {
    const res = await dashboard(`week=${weekId}&driverId=${driverId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      totalGross: '1850.01',
      totalAdditions: '12.25',
      totalExpense: '45.50',
      totalFuel: '500.45',
      administrationFee: '185.00',
      netIncome: '1131.31',
      feeBasis: '10% of $1,850.01 gross',
      period: 'Week 1 (01/06/2031 - 01/12/2031)',
    });
    expect(res.body.driver).toMatchObject({ userId: driverId, unitNumber: '101' });
    expect(res.body.driverLoadList.map((l: any) => [l.loadNumber, l.payout, l.loadPayout])).toEqual([
      ['P-SOLO', '1200.00', '1200.00'],
      ['P-TEAM', '500.01', '1000.01'],
      ['P-TONU', '150.00', '150.00'],
    ]);
    expect(res.body.driverLoadList[1].teammate).toBeTruthy();
    expect(res.body.driverExpenseList.map((e: any) => [e.expenseName, e.amount, e.isReimbursement])).toEqual([
      ['Cargo insurance', '45.50', false],
      ['Scale ticket', '12.25', true],
    ]);
    expect(res.body.driverFuelList.map((f: any) => f.amount)).toEqual(['380.40', '120.05']);
  });

  it('gives the teammate the other half, and the company gross sums every driven, earned load once', async () => {
    const res = await dashboard(`week=${weekId}&driverId=${teammateId}`);
    expect(res.body.driverLoadList.map((l: any) => [l.loadNumber, l.payout])).toEqual([['P-TEAM', '500.00']]);
    // 1200.00 + 1000.01 + 150.00
    expect(res.body.companyGrossList).toEqual([{ companyId: t.ids.companies.demo, companyName: expect.any(String), gross: '2350.01' }]);
  });

  it('charges a flat fee once per work week', async () => {
    await t.db.update(userCompanies).set({ serviceFee: '150', serviceFeeType: 'flat' }).where(eq(userCompanies.userId, driverId));
    const res = await dashboard(`week=${weekId}&driverId=${driverId}`);
    expect(res.body).toMatchObject({ administrationFee: '150.00', feeBasis: '$150.00 per week × 1 week', netIncome: '1166.31' });
    await t.db.update(userCompanies).set({ serviceFee: '10', serviceFeeType: 'percent' }).where(eq(userCompanies.userId, driverId));
  });

  it('picks loads by their end date for a date range', async () => {
    const res = await dashboard(`startDate=2031-01-08&endDate=2031-01-08&driverId=${driverId}`);
    expect(res.body.driverLoadList.map((l: any) => l.loadNumber)).toEqual(['P-TEAM']);
    expect(res.body.period).toBe('01/08/2031 - 01/08/2031');
  });

  it('gives a driver their own figures whatever driverId says, and no company gross', async () => {
    const res = await dashboard(`week=${weekId}&driverId=${teammateId}`, EMAIL.driver);
    expect(res.status).toBe(200);
    expect(res.body.driver.userId).toBe(driverId);
    expect(res.body.totalGross).toBe('1850.01');
    expect(res.body.companyGrossList).toEqual([]);
  });

  it('answers zeros and no driver when none is chosen', async () => {
    const res = await dashboard(`week=${weekId}`);
    expect(res.body).toMatchObject({ driver: null, totalGross: '0.00', netIncome: '0.00', driverLoadList: [] });
  });

  it("treats another company's week or driver as missing", async () => {
    expect((await dashboard(`week=${otherWeekId}&driverId=${driverId}`)).status).toBe(404);
    const stranger = t.ids.users[EMAIL.secondAdmin];
    expect((await dashboard(`week=${weekId}&driverId=${stranger}`)).status).toBe(404);
  });

  it('refuses a reversed date range with a message, never a 500', async () => {
    const res = await dashboard('startDate=2031-01-09&endDate=2031-01-08');
    expect(res.status).toBe(400);
    expect(res.text).toContain('The start date must be on or before the end date');
    for (const q of ['year=', 'week=0', 'startDate=', 'year=0', 'unexpected=1']) expect((await dashboard(q)).status).toBeLessThan(500);
  });
});
