import { addDays, quarterDays, quarterOf, ROLE, SAMPLE_RATES_FILE_NAME, sampleRateMatrixCsv, usStates } from '@haulboard/contract';
import { and, eq, gte, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { TActor } from '../../access/actor';
import { uploadIftaRates } from '../../modules/fuel';
import type { TDbLike } from '../client';
import { fuelTransactions, iftaMiles, loadDrivers, loads, userCompanies } from '../schema';
import { DEMO_STEPS, type TDemoStep } from './demo';
import { prng } from './demo-board';
import { mondayOf } from './demo-expenses';
import { cardName, DEMO_DRIVERS, firstFuelDay, fuelLine, STOPS, seedClosedWeek } from './demo-settlements';

/**
 * The IFTA demo of Demo Freight, for the last full quarter and this one so far:
 * - fuel-card lines for the days the settlement demo leaves out (from the first day of the last
 *   quarter up to five weeks ago), two or three diesel fills a week at truck stops in the states the
 *   unit's loads run through when there is one, else on the usual lanes;
 * - ELD miles per unit, state and quarter: the unit's diesel gallons × an MPG between 6.2 and 6.9,
 *   spread over the states of its loads (half the trip to the origin, half to the destination) and
 *   the states it fuelled in, so every state with fuel has miles and every unit has a sane MPG;
 * - the synthetic SAMPLE rate matrix for the last full quarter (flagged as not real rates).
 * Deterministic for a given day (seeded PRNG, dates relative to today); a few hundred rows.
 */

type TQuarter = { year: number; quarter: number; from: string; to: string };

function quartersOf(today: string): [TQuarter, TQuarter] {
  const year = Number(today.slice(0, 4));
  const quarter = quarterOf(today);
  const last = quarter === 1 ? { year: year - 1, quarter: 4 } : { year, quarter: quarter - 1 };
  const [lf, lt] = quarterDays(last.year, last.quarter);
  const [tf] = quarterDays(year, quarter);
  return [
    { ...last, from: lf, to: lt },
    { year, quarter, from: tf, to: addDays(today, -1) },
  ];
}

const stateCodeOf = (id: number) => usStates.find((s) => s.id === id)?.code ?? null;

export const seedIfta: TDemoStep = async (db: TDbLike, ids) => {
  const companyId = ids.companies.demo;
  const rnd = prng(20260415);
  const today = new Date().toISOString().slice(0, 10);
  const [last, current] = quartersOf(today);
  const firstSeeded = firstFuelDay(today);
  const members = await db
    .select({ userId: userCompanies.userId, unit: userCompanies.unitNumber })
    .from(userCompanies)
    .where(and(eq(userCompanies.companyId, companyId), isNotNull(userCompanies.unitNumber)));
  const unitOf = new Map(members.filter((m) => m.unit).map((m) => [m.userId, m.unit!]));

  // The states each unit's loads start and end in, per day of pickup.
  const loadRows = await db
    .select({ userId: loadDrivers.userId, start: loads.loadStartDate, origin: loads.originStateId, destination: loads.destinationStateId, miles: loads.tripLength })
    .from(loads)
    .innerJoin(loadDrivers, eq(loadDrivers.loadId, loads.id))
    .where(and(eq(loads.companyId, companyId), gte(loads.loadStartDate, `${last.from}T00:00:00Z`), lte(loads.loadStartDate, `${today}T00:00:00Z`), inArray(loads.loadStatusId, [3, 4, 5, 6])));
  const trips = loadRows
    .map((l) => ({ unit: unitOf.get(l.userId), day: l.start.slice(0, 10), origin: stateCodeOf(l.origin), destination: stateCodeOf(l.destination), miles: Number(l.miles) }))
    .filter((l): l is { unit: string; day: string; origin: string; destination: string; miles: number } => !!l.unit && !!l.origin && !!l.destination);

  // 1. Fuel for the days before the settlement demo's lines.
  const rows: (typeof fuelTransactions.$inferInsert)[] = [];
  let invoice = 7_000_000;
  for (const email of DEMO_DRIVERS) {
    const unit = unitOf.get(ids.users[email]);
    if (!unit) continue;
    const card = `4${unit.padStart(3, '0').slice(-3)}`;
    for (let week = mondayOf(last.from); week < firstSeeded; week = addDays(week, 7)) {
      const weekStates = new Set(trips.filter((t) => t.unit === unit && t.day >= week && t.day < addDays(week, 7)).flatMap((t) => [t.origin, t.destination]));
      const stops = STOPS.filter((s) => weekStates.has(s[2]));
      const days = new Set<number>();
      const fills = rnd.int(2, 3);
      while (days.size < fills) days.add(rnd.int(0, 6));
      for (const d of [...days].sort()) {
        const date = addDays(week, d);
        if (date < last.from || date >= firstSeeded) continue;
        const stop = rnd.pick(stops.length ? stops : STOPS);
        const retail = Math.round(stop[3] * 10_000) + rnd.int(-60, 80) * 10;
        const time = `${String(rnd.int(5, 21)).padStart(2, '0')}:${String(rnd.int(0, 59)).padStart(2, '0')}`;
        const line = { unit, card, driver: cardName(email), date, time, stop, invoice: String(invoice++) };
        rows.push(fuelLine(companyId, { ...line, product: 'diesel' }, { thousandths: rnd.int(85_000, 182_000), retail, discount: rnd.int(15, 48) * 100 }));
        if (rnd.chance(0.15)) {
          rows.push(fuelLine(companyId, { ...line, product: 'def' }, { thousandths: rnd.int(5_000, 12_500), retail: rnd.int(3_899, 4_499) * 10, discount: 0 }));
        }
      }
    }
  }
  if (rows.length) await db.insert(fuelTransactions).values(rows);

  // 2. Miles per unit, state and quarter, from the unit's gallons at its MPG.
  const milesRows: (typeof iftaMiles.$inferInsert)[] = [];
  for (const q of [last, current]) {
    if (q.to < q.from) continue;
    const fuel = await db
      .select({ unit: fuelTransactions.unitNumber, state: fuelTransactions.stateCode, thousandths: sql<string>`(sum(${fuelTransactions.quantity}) * 1000)::bigint::text` })
      .from(fuelTransactions)
      .where(and(eq(fuelTransactions.companyId, companyId), eq(fuelTransactions.isIfta, true), gte(fuelTransactions.fuelDate, q.from), lte(fuelTransactions.fuelDate, q.to), ne(fuelTransactions.product, 'def')))
      .groupBy(fuelTransactions.unitNumber, fuelTransactions.stateCode);
    const units = [...new Set(fuel.map((f) => f.unit))].sort();
    for (const unit of units) {
      const gallons = fuel.filter((f) => f.unit === unit);
      const totalThousandths = gallons.reduce((s, f) => s + Number(f.thousandths), 0);
      const mpgHundredths = rnd.int(620, 690);
      // Tenths of a mile: gallons (thousandths) × MPG (hundredths) / 10^4.
      const totalTenths = Math.round((totalThousandths * mpgHundredths) / 10_000);
      const weight = new Map<string, number>();
      for (const f of gallons) weight.set(f.state, (weight.get(f.state) ?? 0) + Number(f.thousandths) * 0.4);
      const unitTrips = trips.filter((t) => t.unit === unit && t.day >= q.from && t.day <= q.to);
      const tripMiles = unitTrips.reduce((s, t) => s + t.miles, 0) || 1;
      for (const t of unitTrips) {
        for (const state of [t.origin, t.destination]) weight.set(state, (weight.get(state) ?? 0) + ((t.miles / 2 / tripMiles) * totalThousandths * 0.6));
      }
      const states = [...weight.keys()].sort();
      const sumWeight = states.reduce((s, k) => s + weight.get(k)!, 0);
      let given = 0;
      states.forEach((state, i) => {
        const tenths = i === states.length - 1 ? totalTenths - given : Math.round((totalTenths * weight.get(state)!) / sumWeight);
        given += tenths;
        if (tenths <= 0) return;
        const miles = (tenths / 10).toFixed(1);
        milesRows.push({
          companyId,
          importId: null,
          year: q.year,
          quarter: q.quarter,
          unitNumber: unit,
          stateCode: state,
          totalMiles: miles,
          taxableMiles: miles,
          source: 'ELD',
          naturalKey: ['miles', unit.toUpperCase(), state, `${q.year}Q${q.quarter}`, 'ELD'].join('|'),
        });
      });
    }
  }
  if (milesRows.length) await db.insert(iftaMiles).values(milesRows);

  // 3. The synthetic sample matrix for the last full quarter, as its administrator would upload it.
  const admin = ids.users['admin@demo.haulboard.test'];
  const actor: TActor = { companyId, userId: admin, roleIds: [ROLE.Administrator], permissions: [], administeredCompanyIds: [companyId] };
  await uploadIftaRates(db, actor, { year: last.year, quarter: last.quarter, file: { name: SAMPLE_RATES_FILE_NAME, buffer: Buffer.from(sampleRateMatrixCsv()) } });
};

/** After the settlement demo's fuel lines (their days are left to them). */
if (!DEMO_STEPS.includes(seedIfta)) {
  const at = DEMO_STEPS.indexOf(seedClosedWeek);
  DEMO_STEPS.splice(at >= 0 ? at + 1 : DEMO_STEPS.length, 0, seedIfta);
}
