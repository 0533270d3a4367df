import { centsToText, type TStatement, toCents, usStates } from '@haulboard/contract';
import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, EMAIL, type TTestApp } from '../../../test/helpers';
import { brokers, fuelTransactions, loadDrivers, loads, userCompanies, workWeeks } from '../../db/schema';
import { BOARD_DEMO_STEPS } from '../../db/seed/demo-board';
import { liveStatement, weekOf } from './statements';

/**
 * The year to date of a statement is summed in SQL; a week's own statement in Node, line by line.
 * Over random loads (teams of up to three with gaps in their positions, odd cents, any status),
 * fuel and pay terms, the year to date of the third week is the sum of the three weeks' statements.
 */
let t: TTestApp;
let companyId = 0;
let brokerId = 0;
let weekIds: number[] = [];
let drivers: number[] = [];
const TX = usStates.find((s) => s.code === 'TX')!.id;
const WEEKS = [
  { number: 1, startDate: '2034-01-02', endDate: '2034-01-08' },
  { number: 2, startDate: '2034-01-09', endDate: '2034-01-15' },
  { number: 3, startDate: '2034-01-16', endDate: '2034-01-22' },
];

beforeAll(async () => {
  t = await createTestApp({ steps: BOARD_DEMO_STEPS.slice(0, 1) });
  companyId = t.ids.companies.demo;
  drivers = [EMAIL.driver, 'driver2@demo.haulboard.test', 'driver3@demo.haulboard.test'].map((e) => t.ids.users[e]);
  const weeks = await t.db
    .insert(workWeeks)
    .values(WEEKS.map((w) => ({ companyId, year: 2034, ...w })))
    .returning();
  weekIds = weeks.map((w) => w.id);
  const [broker] = await t.db
    .insert(brokers)
    .values({ companyId, name: 'YTD Broker', address: '1 Main St', city: 'Dallas', stateId: TX, zipCode: '75201', phoneNumber: '', email: '' })
    .returning();
  brokerId = broker.id;
  await t.db.update(userCompanies).set({ unitNumber: 'Y1' }).where(and(eq(userCompanies.companyId, companyId), eq(userCompanies.userId, drivers[0])));
}, 60_000);
afterAll(() => t?.close());

describe('the year to date of a statement', () => {
  it('is the sum of the weekly statements through the week, to the cent', async () => {
    const load = fc.record({
      week: fc.integer({ min: 0, max: 2 }),
      payoutCents: fc.integer({ min: 0, max: 50_000_00 }),
      status: fc.integer({ min: 1, max: 8 }),
      crew: fc.uniqueArray(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 3 }),
      gap: fc.boolean(),
    });
    const fuel = fc.record({ day: fc.integer({ min: 0, max: 20 }), amountCents: fc.integer({ min: 1, max: 900_00 }) });
    const terms = fc.oneof(
      fc.record({ serviceFeeType: fc.constant('percent'), serviceFee: fc.constantFrom('0', '7.5', '10', '12.345') }),
      fc.record({ serviceFeeType: fc.constant('flat'), serviceFee: fc.constantFrom('0', '125.00', '99.99') }),
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(load, { maxLength: 10 }), fc.array(fuel, { maxLength: 6 }), terms, async (loadList, fuelList, term) => {
        run++;
        await t.db.delete(loads).where(and(eq(loads.companyId, companyId), inArray(loads.weekId, weekIds)));
        await t.db.delete(fuelTransactions).where(and(eq(fuelTransactions.companyId, companyId), eq(fuelTransactions.unitNumber, 'Y1')));
        await t.db.update(userCompanies).set(term).where(and(eq(userCompanies.companyId, companyId), eq(userCompanies.userId, drivers[0])));
        for (const [i, l] of loadList.entries()) {
          const day = WEEKS[l.week].startDate;
          const [row] = await t.db
            .insert(loads)
            .values({
              companyId,
              loadNumber: `YTD-${run}-${i}`,
              brokerId,
              loadStartDate: `${day}T08:00:00Z`,
              loadEndDate: `${day}T20:00:00Z`,
              weekId: weekIds[l.week],
              originStateId: TX,
              originCity: 'Dallas',
              destinationStateId: TX,
              destinationCity: 'Houston',
              tripLength: '240.0',
              numberOfStops: 2,
              pricePerMile: '2.5000',
              payout: centsToText(l.payoutCents),
              loadStatusId: l.status,
            })
            .returning({ id: loads.id });
          // Positions with gaps (1, 3, 5) are ordered like 1, 2, 3.
          await t.db.insert(loadDrivers).values(l.crew.map((d, j) => ({ loadId: row.id, userId: drivers[d], position: l.gap ? 2 * j + 1 : j + 1 })));
        }
        for (const [i, f] of fuelList.entries()) {
          const date = new Date(Date.parse(`${WEEKS[0].startDate}T00:00:00Z`) + f.day * 86_400_000).toISOString().slice(0, 10);
          await t.db.insert(fuelTransactions).values({
            companyId,
            vendor: 'EFS',
            cardLast4: '0001',
            fuelDate: date,
            fuelTime: '06:00',
            unitNumber: 'Y1',
            location: 'PILOT',
            city: 'AMARILLO',
            stateCode: 'TX',
            product: 'diesel',
            productCode: 'ULSD',
            isIfta: true,
            quantity: '10.000',
            amount: centsToText(f.amountCents),
            naturalKey: `ytd|${run}|${i}`,
          });
        }
        for (const driverId of drivers) {
          const statements: TStatement[] = [];
          for (const id of weekIds) statements.push(await liveStatement(t.db, companyId, await weekOf(t.db, companyId, id), driverId));
          const sum = (pick: (s: TStatement) => string) => centsToText(statements.reduce((a, s) => a + (toCents(pick(s)) ?? 0), 0));
          expect(statements[2].ytd).toMatchObject({
            gross: sum((s) => s.gross),
            additions: sum((s) => s.totalAdditions),
            deductions: sum((s) => s.totalDeductions),
            net: sum((s) => s.net),
          });
        }
      }),
      { numRuns: 20 },
    );
  }, 180_000);
});
