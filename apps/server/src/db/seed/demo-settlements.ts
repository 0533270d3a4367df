import { addDays, CLOSE_CHECK_KINDS, ROLE } from '@haulboard/contract';
import { and, eq, gte, lte } from 'drizzle-orm';
import type { TActor } from '../../access/actor';
import { fuelKey } from '../../imports/layouts/fuel';
import { closeWeek } from '../../modules/settlements';
import type { TDbLike } from '../client';
import { fuelTransactions, userCompanies, workWeeks } from '../schema';
import { DEMO_STEPS, DEMO_USERS, type TDemoIds, type TDemoStep } from './demo';
import { prng } from './demo-board';
import { DEMO_BOARD_DRIVERS } from './demo-board-data';
import { mondayOf } from './demo-expenses';

/**
 * Demo settlements of Demo Freight: pay terms (Maria Lopez on a 10 % fee; Sam Carter and the others
 * keep their flat weekly fee), fuel-card lines for the drivers' units over the last weeks (diesel,
 * DEF and a cash advance), and the last full work week closed by the demo administrator through the
 * same service the API uses. Dates are relative to today; the lines are the same for a given day.
 */

/** The percentage-fee driver of the demo; every other demo driver pays a flat amount per week. */
export const DEMO_PERCENT_FEE_DRIVER = 'driver2@demo.haulboard.test';

export const DEMO_DRIVERS = [
  'driver@demo.haulboard.test',
  'driver2@demo.haulboard.test',
  'driver3@demo.haulboard.test',
  'driver4@demo.haulboard.test',
  'driver5@demo.haulboard.test',
  'driver6@demo.haulboard.test',
];

/** Truck stops on the demo lanes: name, city, state, and the usual retail diesel price there. */
export const STOPS: readonly [string, string, string, number][] = [
  ["Love's Travel Stop #263", 'Amarillo', 'TX', 3.599],
  ['Pilot Travel Center #1197', 'Dallas', 'TX', 3.649],
  ["Love's Travel Stop #745", 'Laredo', 'TX', 3.559],
  ['Pilot Travel Center #1012', 'Oklahoma City', 'OK', 3.529],
  ['Flying J Travel Center #700', 'Albuquerque', 'NM', 3.799],
  ['TA Petro #345', 'Kingman', 'AZ', 4.159],
  ['Flying J Travel Center #1102', 'Barstow', 'CA', 5.689],
  ["Love's Travel Stop #567", 'Joplin', 'MO', 3.579],
  ['Pilot Travel Center #388', 'Little Rock', 'AR', 3.619],
  ['Flying J Travel Center #630', 'Memphis', 'TN', 3.689],
  ['TA Travel Center #174', 'Atlanta', 'GA', 3.749],
  ['Petro Stopping Center #326', 'Effingham', 'IL', 3.899],
  ["Love's Travel Stop #402", 'Shreveport', 'LA', 3.579],
];

const VENDOR = 'EFS (WEX)';

/** The driver's name as the card report prints it: 'SAM CARTER'. */
export function cardName(email: string) {
  const person = [...DEMO_USERS, ...DEMO_BOARD_DRIVERS.demo].find((u) => u.email === email);
  return person ? `${person.firstName} ${person.lastName}`.toUpperCase() : '';
}

type TFuelInsert = typeof fuelTransactions.$inferInsert;

/** amount in cents of `thousandths` gallons at `tenThousandths` dollars a gallon, half-up. */
const costCents = (thousandths: number, tenThousandths: number) => Math.floor((thousandths * tenThousandths + 50_000) / 100_000);
const money = (cents: number) => (cents / 100).toFixed(2);
const price = (tenThousandths: number) => (tenThousandths / 10_000).toFixed(4);
const gallons = (thousandths: number) => (thousandths / 1000).toFixed(3);

export function fuelLine(
  companyId: number,
  o: { unit: string; card: string; driver: string; date: string; time: string; stop: (typeof STOPS)[number]; invoice: string; product: 'diesel' | 'def' | 'cash_advance' },
  q: { thousandths: number; retail: number; discount: number } | { cashCents: number },
): TFuelInsert {
  const [location, city, state] = o.stop;
  const base = {
    companyId,
    importId: null,
    vendor: VENDOR,
    cardLast4: o.card,
    fuelDate: o.date,
    fuelTime: o.time,
    unitNumber: o.unit,
    driverName: o.driver,
    location,
    city,
    stateCode: state,
    product: o.product,
    isIfta: o.product === 'diesel',
    currency: 'USD',
    taxPaid: true,
    invoice: o.invoice,
    naturalKey: '',
  };
  if ('cashCents' in q) {
    return withKey({ ...base, productCode: 'CADV', quantity: '0.000', unitPrice: null, paidPrice: null, amount: money(q.cashCents), discount: null });
  }
  const retailCents = costCents(q.thousandths, q.retail);
  const paid = q.retail - q.discount;
  const paidCents = costCents(q.thousandths, paid);
  return withKey({
    ...base,
    productCode: o.product === 'diesel' ? 'ULSD' : 'DEFD',
    quantity: gallons(q.thousandths),
    unitPrice: price(q.retail),
    paidPrice: price(paid),
    amount: money(paidCents),
    discount: money(retailCents - paidCents),
  });
}

/** A seeded line's identity, as an import of the same card line would compute it. */
const withKey = (row: TFuelInsert): TFuelInsert => ({
  ...row,
  naturalKey: fuelKey({
    unit: row.unitNumber,
    card: row.cardLast4 ?? null,
    date: row.fuelDate,
    time: row.fuelTime ?? null,
    invoice: row.invoice ?? null,
    location: row.location ?? null,
    product: row.product,
    quantity: row.quantity,
    amount: row.amount,
  }),
});

/** The pay terms: one driver on a percentage of gross; the others keep their flat weekly fee. */
export const seedPayTerms: TDemoStep = async (db, ids) => {
  await db
    .update(userCompanies)
    .set({ serviceFeeType: 'percent', serviceFee: '10' })
    .where(and(eq(userCompanies.companyId, ids.companies.demo), eq(userCompanies.userId, ids.users[DEMO_PERCENT_FEE_DRIVER])));
};

/**
 * Fuel-card lines for each demo driver's unit from five weeks before this one up to yesterday:
 * two or three diesel fills a week, DEF now and then, and for Sam Carter in the last full week a
 * DEF line and a $200.00 cash advance drawn on the card.
 */
export const seedFuel: TDemoStep = async (db, ids) => {
  const companyId = ids.companies.demo;
  const rnd = prng(20260310);
  const today = new Date().toISOString().slice(0, 10);
  const monday = mondayOf(today);
  const first = firstFuelDay(today);
  const lastWeek = addDays(monday, -7);
  const members = await db.select().from(userCompanies).where(eq(userCompanies.companyId, companyId));
  const rows: TFuelInsert[] = [];
  const invoices = new Set<string>();
  const invoice = () => {
    let n: string;
    do n = String(rnd.int(100_000, 999_999));
    while (invoices.has(n));
    invoices.add(n);
    return n;
  };
  const time = () => `${String(rnd.int(5, 21)).padStart(2, '0')}:${String(rnd.int(0, 59)).padStart(2, '0')}`;

  for (const email of DEMO_DRIVERS) {
    const member = members.find((m) => m.userId === ids.users[email]);
    if (!member?.unitNumber) continue;
    const unit = member.unitNumber;
    const card = `4${unit.padStart(3, '0').slice(-3)}`;
    const driver = cardName(email);
    for (let week = first; week < monday; week = addDays(week, 7)) {
      const days = new Set<number>();
      const fills = rnd.int(2, 3);
      while (days.size < fills) days.add(rnd.int(0, 6));
      for (const d of [...days].sort()) {
        const date = addDays(week, d);
        if (date >= today) continue;
        const stop = rnd.pick(STOPS);
        const retail = Math.round(stop[3] * 10_000) + rnd.int(-60, 80) * 10;
        const line = { unit, card, driver, date, time: time(), stop, invoice: invoice() };
        rows.push(fuelLine(companyId, { ...line, product: 'diesel' }, { thousandths: rnd.int(85_000, 182_000), retail, discount: rnd.int(15, 48) * 100 }));
        const isSamLastWeek = email === 'driver@demo.haulboard.test' && week === lastWeek;
        if ((isSamLastWeek && d === Math.min(...days)) || rnd.chance(0.2)) {
          rows.push(fuelLine(companyId, { ...line, product: 'def' }, { thousandths: rnd.int(5_000, 12_500), retail: rnd.int(3_899, 4_499) * 10, discount: 0 }));
        }
        if (isSamLastWeek && d === Math.max(...days)) {
          rows.push(fuelLine(companyId, { ...line, invoice: invoice(), product: 'cash_advance' }, { cashCents: 20_000 }));
        }
      }
    }
  }
  if (rows.length) await db.insert(fuelTransactions).values(rows);
};

/** The first day the settlement demo's fuel lines cover (the IFTA demo adds the days before it). */
export const firstFuelDay = (today: string) => addDays(mondayOf(today), -35);

/** The last full work week of Demo Freight, closed by its administrator as through the API. */
export const seedClosedWeek: TDemoStep = async (db: TDbLike, ids: TDemoIds) => {
  const companyId = ids.companies.demo;
  const day = addDays(mondayOf(new Date().toISOString().slice(0, 10)), -7);
  const [week] = await db
    .select({ id: workWeeks.id })
    .from(workWeeks)
    .where(and(eq(workWeeks.companyId, companyId), lte(workWeeks.startDate, day), gte(workWeeks.endDate, day)));
  if (!week) return;
  const admin = ids.users['admin@demo.haulboard.test'];
  const actor: TActor = { companyId, userId: admin, roleIds: [ROLE.Administrator], permissions: [], administeredCompanyIds: [companyId] };
  // Closed as an administrator who has read the checklist and confirmed every open item.
  await db.transaction((tx) => closeWeek(tx, actor, { weekId: week.id, confirmed: [...CLOSE_CHECK_KINDS] }));
};

/** After the board (drivers, weeks, loads) and the expenses: the closed week freezes both. */
export const SETTLEMENT_DEMO_STEPS: TDemoStep[] = [seedPayTerms, seedFuel, seedClosedWeek];

if (!DEMO_STEPS.includes(seedPayTerms)) DEMO_STEPS.push(...SETTLEMENT_DEMO_STEPS);
