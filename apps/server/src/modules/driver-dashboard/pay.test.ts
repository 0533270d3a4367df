import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computePay, shareOf } from './pay';

describe("a driver's pay", () => {
  it('splits a team payout of $1,000.01 as $500.01 and $500.00', () => {
    expect(shareOf('1000.01', [7, 8], 7)).toBe(50_001);
    expect(shareOf('1000.01', [7, 8], 8)).toBe(50_000);
    expect(shareOf('1000.01', [7, 8], 9)).toBe(0);
  });

  it('works a week out by hand: team load, solo loads, fuel with DEF and an advance, expenses, a reimbursement, a 10% fee', () => {
    // Gross: 2,000.00 + 1,234.57 + half of 1,000.01 (first driver: 500.01) = 3,734.58
    // Fee: 10% of 3,734.58 = 373.458 → 373.46
    // Fuel: 421.63 + 32.79 (DEF) + 100.00 (cash advance) = 554.42
    // Expenses: 150.00 insurance + 45.00 ELD = 195.00; reimbursement 60.00 tolls
    // Net: 3,734.58 + 60.00 − 195.00 − 554.42 − 373.46 = 2,671.70
    const pay = computePay({
      driverId: 7,
      loads: [
        { payout: '2000.00', driverIds: [7] },
        { payout: '1234.57', driverIds: [7] },
        { payout: '1000.01', driverIds: [7, 8] },
      ],
      fuel: [{ amount: '421.63' }, { amount: '32.79' }, { amount: '100.00' }],
      expenses: [
        { amount: '150.00', isReimbursement: false },
        { amount: '45.00', isReimbursement: false },
        { amount: '60.00', isReimbursement: true },
      ],
      fee: { type: 'percent', amount: '10' },
      weeks: 1,
    });
    expect(pay).toMatchObject({ grossCents: 373_458, feeCents: 37_346, fuelCents: 55_442, expenseCents: 19_500, additionsCents: 6_000, netCents: 267_170 });
    expect(pay.feeBasis).toBe('10% of $3,734.58 gross');
  });

  it('charges a flat fee once per work week', () => {
    const pay = computePay({ driverId: 1, loads: [{ payout: '500', driverIds: [1] }], fuel: [], expenses: [], fee: { type: 'flat', amount: '150' }, weeks: 2 });
    expect(pay.feeCents).toBe(30_000);
    expect(pay.netCents).toBe(20_000);
    expect(pay.feeBasis).toBe('$150.00 per week × 2 weeks');
  });

  it('always has net = gross + additions − expenses − fuel − fee, and team shares that add up to the payout', () => {
    const money = fc.integer({ min: 0, max: 1_000_000_00 }).map((c) => (c / 100).toFixed(2));
    fc.assert(
      fc.property(
        fc.array(fc.record({ payout: money, team: fc.boolean() }), { maxLength: 8 }),
        fc.array(money, { maxLength: 8 }),
        fc.array(fc.record({ amount: money, isReimbursement: fc.boolean() }), { maxLength: 8 }),
        fc.record({ type: fc.constantFrom('flat' as const, 'percent' as const), amount: fc.integer({ min: 0, max: 3000 }).map((c) => (c / 100).toFixed(2)) }),
        (loads, fuel, expenses, fee) => {
          const input = { driverId: 1, loads: loads.map((l) => ({ payout: l.payout, driverIds: l.team ? [1, 2] : [1] })), fuel: fuel.map((amount) => ({ amount })), expenses, fee, weeks: 1 };
          const mine = computePay(input);
          const mate = computePay({ ...input, driverId: 2 });
          expect(mine.netCents).toBe(mine.grossCents + mine.additionsCents - mine.expenseCents - mine.fuelCents - mine.feeCents);
          loads.forEach((l, i) => {
            if (l.team) expect(mine.shares[i] + mate.shares[i]).toBe(Math.round(Number(l.payout) * 100));
          });
        },
      ),
    );
  });
});
