import { addDays, EXPENSE_TYPES, FREQUENCY } from '@haulboard/contract';
import type { TDbLike } from '../client';
import { expenses } from '../schema';
import { DEMO_STEPS, type TDemoStep } from './demo';

/**
 * Demo expenses of Demo Freight: weekly insurance, ELD and trailer rent per driver, an escrow
 * that stops after 20 weeks, a monthly truck payment, one-time advances, a toll reimbursement and
 * two company expenses. Dates are relative to this week's Monday so the schedule stays current.
 */

const typeId = (name: string) => EXPENSE_TYPES.find((t) => t.name === name)!.id;

/** The Monday of the week holding `today` (work weeks run Monday to Sunday). */
export const mondayOf = (today: string) => addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));

type TDemoExpense = {
  type: string;
  name: string;
  amount: string;
  frequency: number;
  occurrences?: number;
  /** Weeks from this week's Monday (negative: before) and extra days. */
  startWeeks?: number;
  dateWeeks?: number;
  days?: number;
  endWeeks?: number;
  driver?: string;
  comments?: string;
};

const WEEKLY_PER_DRIVER: TDemoExpense[] = [
  { type: 'Insurance', name: 'Occupational accident insurance', amount: '85.00', frequency: FREQUENCY.Weekly, startWeeks: -12 },
  { type: 'ELD', name: 'ELD subscription', amount: '35.00', frequency: FREQUENCY.Weekly, startWeeks: -12 },
  { type: 'Trailer rent', name: 'Trailer rent', amount: '250.00', frequency: FREQUENCY.Weekly, startWeeks: -12 },
];

const DRIVERS = ['driver@demo.haulboard.test', 'driver2@demo.haulboard.test', 'driver3@demo.haulboard.test'];

const OTHERS: TDemoExpense[] = [
  {
    type: 'Escrow',
    name: 'Escrow contribution',
    amount: '100.00',
    frequency: FREQUENCY.Weekly,
    occurrences: 20,
    startWeeks: -6,
    driver: 'driver@demo.haulboard.test',
    comments: 'Until the $2,000.00 escrow is reached',
  },
  { type: 'Truck payment', name: 'Truck lease payment', amount: '1850.00', frequency: FREQUENCY.Monthly, startWeeks: -10, days: 2, driver: 'driver2@demo.haulboard.test' },
  { type: 'Advance', name: 'Cash advance, Amarillo', amount: '300.00', frequency: FREQUENCY.OneTime, dateWeeks: -1, days: 2, driver: 'driver3@demo.haulboard.test' },
  { type: 'Advance', name: 'Fuel advance', amount: '150.00', frequency: FREQUENCY.OneTime, dateWeeks: 0, days: 1, driver: 'driver4@demo.haulboard.test' },
  { type: 'Reimbursement', name: 'Toll reimbursement, I-35 PikePass', amount: '48.75', frequency: FREQUENCY.OneTime, dateWeeks: -1, days: 4, driver: 'driver@demo.haulboard.test' },
  { type: 'Permits', name: 'Oversize permit, New Mexico', amount: '62.50', frequency: FREQUENCY.OneTime, dateWeeks: -2, days: 3, driver: 'driver5@demo.haulboard.test' },
  { type: 'Insurance', name: 'Physical damage insurance', amount: '120.00', frequency: FREQUENCY.EveryTwoWeeks, startWeeks: -8, endWeeks: 16, driver: 'driver6@demo.haulboard.test' },
  { type: 'Office', name: 'Office rent', amount: '1200.00', frequency: FREQUENCY.Monthly, startWeeks: -20, comments: 'Company expense, in no settlement' },
  { type: 'Other', name: 'Load board subscription', amount: '149.99', frequency: FREQUENCY.Monthly, startWeeks: -20, days: 4 },
];

export const seedExpenses: TDemoStep = async (db: TDbLike, ids) => {
  const monday = mondayOf(new Date().toISOString().slice(0, 10));
  const at = (weeks: number | undefined, days = 0) => (weeks === undefined ? null : addDays(monday, weeks * 7 + days));
  const rows: TDemoExpense[] = [...DRIVERS.flatMap((driver) => WEEKLY_PER_DRIVER.map((e) => ({ ...e, driver }))), ...OTHERS];
  await db.insert(expenses).values(
    rows.map((e) => ({
      companyId: ids.companies.demo,
      expenseTypeId: typeId(e.type),
      name: e.name,
      amount: e.amount,
      frequencyTypeId: e.frequency,
      occurrences: e.occurrences ?? null,
      expenseDate: at(e.dateWeeks, e.days),
      startDate: at(e.startWeeks, e.days),
      endDate: at(e.endWeeks),
      userId: e.driver ? ids.users[e.driver] : null,
      comments: e.comments ?? null,
    })),
  );
};

export const EXPENSE_DEMO_STEPS: TDemoStep[] = [seedExpenses];

if (!DEMO_STEPS.includes(seedExpenses)) DEMO_STEPS.push(...EXPENSE_DEMO_STEPS);
