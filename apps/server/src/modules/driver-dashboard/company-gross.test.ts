import { ROLE, toCents, usStates } from '@haulboard/contract';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, EMAIL, type TTestApp } from '../../../test/helpers';
import { systemActor, type TActor } from '../../access/actor';
import { brokers, loadDrivers, loads, workWeeks } from '../../db/schema';
import { BOARD_DEMO_STEPS } from '../../db/seed/demo-board';
import { driverDashboard } from './routes';

/**
 * Issue #10's property: over random loads (any status, no driver, one or a team of two, odd cents),
 * the company gross of a week is the sum of its drivers' gross, to the cent.
 */
let t: TTestApp;
let weekId = 0;
let brokerId = 0;
let drivers: number[] = [];
let admin: TActor;
const TX = usStates.find((s) => s.code === 'TX')!.id;

beforeAll(async () => {
  // The demo people plus the board's five more drivers (the first step only: no generated loads).
  t = await createTestApp({ steps: BOARD_DEMO_STEPS.slice(0, 1) });
  const companyId = t.ids.companies.demo;
  drivers = [EMAIL.driver, 'driver2@demo.haulboard.test', 'driver3@demo.haulboard.test', 'driver4@demo.haulboard.test'].map((e) => t.ids.users[e]);
  const [week] = await t.db.insert(workWeeks).values({ companyId, year: 2033, number: 1, startDate: '2033-01-03', endDate: '2033-01-09' }).returning();
  weekId = week.id;
  const [broker] = await t.db
    .insert(brokers)
    .values({ companyId, name: 'Property Broker', address: '1 Main St', city: 'Dallas', stateId: TX, zipCode: '75201', phoneNumber: '', email: '' })
    .returning();
  brokerId = broker.id;
  admin = { ...systemActor(companyId), userId: t.ids.users[EMAIL.admin], roleIds: [ROLE.Administrator] };
}, 60_000);
afterAll(() => t?.close());

describe('the driver dashboard of a week', () => {
  it('company gross = the sum over its drivers, whatever the loads', async () => {
    const load = fc.record({
      payoutCents: fc.integer({ min: 0, max: 500_000_00 }),
      status: fc.integer({ min: 1, max: 8 }),
      crew: fc.uniqueArray(fc.integer({ min: 0, max: 3 }), { maxLength: 2 }),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(load, { maxLength: 12 }), async (list) => {
        run++;
        await t.db.delete(loads).where(and(eq(loads.companyId, t.ids.companies.demo), eq(loads.weekId, weekId)));
        for (const [i, l] of list.entries()) {
          const [row] = await t.db
            .insert(loads)
            .values({
              companyId: t.ids.companies.demo,
              loadNumber: `PROP-${run}-${i}`,
              brokerId,
              loadStartDate: '2033-01-04T08:00:00Z',
              loadEndDate: '2033-01-04T20:00:00Z',
              weekId,
              originStateId: TX,
              originCity: 'Dallas',
              destinationStateId: TX,
              destinationCity: 'Houston',
              tripLength: '240.0',
              numberOfStops: 2,
              pricePerMile: '2.5000',
              payout: (l.payoutCents / 100).toFixed(2),
              loadStatusId: l.status,
            })
            .returning({ id: loads.id });
          if (l.crew.length) await t.db.insert(loadDrivers).values(l.crew.map((d, j) => ({ loadId: row.id, userId: drivers[d], position: j + 1 })));
        }
        const ask = (driverId: number | null) => driverDashboard(t.db, admin, { year: null, week: weekId, startDate: null, endDate: null, driverId });
        const company = toCents((await ask(null)).companyGrossList[0].gross)!;
        let sum = 0;
        for (const d of drivers) sum += toCents((await ask(d)).totalGross)!;
        expect(sum).toBe(company);
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
