import { findUsState, ROLE } from '@haulboard/contract';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { firstMondayOf, insertWeeks } from '../../modules/work-weeks';
import type { TDbLike } from '../client';
import { brokers, loadDrivers, loads, userCompanies, userRoles, users, workWeeks } from '../schema';
import { DEMO_STEPS, type TDemoIds, type TDemoStep } from './demo';
import { DEMO_BOARD_DRIVERS, DEMO_BROKERS, DEMO_CITIES, DEMO_COMMENTS } from './demo-board-data';

/**
 * The board's demo: more drivers, work weeks for last, this and next year, brokers, and a few
 * hundred loads over recent weeks. Deterministic for a given day: a seeded PRNG, dates relative
 * to today.
 */

type TCompanyKey = 'demo' | 'second';

/** mulberry32: small, fast and the same everywhere. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    chance: (p: number) => next() < p,
  };
}

const stateId = (code: string) => findUsState(code)!.id;
const DAY = 86_400_000;
const HOUR = 3_600_000;

const seedDrivers: TDemoStep = async (db, ids) => {
  for (const key of ['demo', 'second'] as const) {
    const companyId = ids.companies[key];
    for (const d of DEMO_BOARD_DRIVERS[key]) {
      const [u] = await db
        .insert(users)
        .values({ email: d.email, firstName: d.firstName, lastName: d.lastName, phoneNumber: d.phone, displayName: `${d.firstName} ${d.lastName}` })
        .returning({ id: users.id });
      ids.users[d.email] = u.id;
      await db.insert(userCompanies).values({ userId: u.id, companyId, unitNumber: d.unit, serviceFee: d.serviceFee });
      await db.insert(userRoles).values({ userId: u.id, companyId, roleId: ROLE.Driver });
    }
  }
};

const seedWorkWeeks: TDemoStep = async (db, ids) => {
  const year = new Date().getUTCFullYear();
  for (const companyId of Object.values(ids.companies)) {
    for (const y of [year - 1, year, year + 1]) await insertWeeks(db, companyId, firstMondayOf(y));
  }
};

const seedBrokers: TDemoStep = async (db, ids) => {
  for (const key of ['demo', 'second'] as const) {
    await db.insert(brokers).values(
      DEMO_BROKERS[key].map((b) => ({
        companyId: ids.companies[key],
        name: b.name,
        address: b.address,
        city: b.city,
        stateId: stateId(b.state),
        zipCode: b.zip,
        phoneNumber: b.phone,
        email: b.email,
        mcNumber: b.mc,
        dotNumber: b.dot,
        comments: b.comments ?? null,
        isActive: b.isActive ?? true,
      })),
    );
  }
};

/** Road miles between two hubs: great-circle distance with a typical road factor. */
function roadMiles(a: (typeof DEMO_CITIES)[number], b: (typeof DEMO_CITIES)[number]) {
  const rad = Math.PI / 180;
  const dLat = (b[2] - a[2]) * rad;
  const dLon = (b[3] - a[3]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[2] * rad) * Math.cos(b[2] * rad) * Math.sin(dLon / 2) ** 2;
  return Math.round(3959 * 2 * Math.asin(Math.sqrt(h)) * 1.18);
}

type TPlan = { row: typeof loads.$inferInsert; drivers: number[] };

const iso = (ms: number) => new Date(ms).toISOString();
const pacificFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit', day: '2-digit' });
const pacificDay = (isoText: string) => pacificFormat.format(new Date(isoText));

/** Loads for one company: each driver runs a chain of trips (the next starts where the last ended). */
async function planLoads(db: TDbLike, ids: TDemoIds, key: TCompanyKey, options: { weeksBack: number; seed: number }) {
  const rnd = prng(options.seed);
  const companyId = ids.companies[key];
  const now = Date.now();
  const companyBrokers = await db.select().from(brokers).where(eq(brokers.companyId, companyId)).orderBy(asc(brokers.id));
  // The last broker of each list stays unused, so the demo also shows a deletable one.
  const usable = companyBrokers.slice(0, -1);
  const active = usable.filter((b) => b.isActive);
  const weeks = await db
    .select()
    .from(workWeeks)
    .where(
      and(
        eq(workWeeks.companyId, companyId),
        gte(workWeeks.endDate, iso(now - options.weeksBack * 7 * DAY).slice(0, 10)),
        lte(workWeeks.startDate, iso(now + 7 * DAY).slice(0, 10)),
      ),
    )
    .orderBy(asc(workWeeks.startDate));
  const drivers = DEMO_BOARD_DRIVERS[key].map((d) => ids.users[d.email]);
  if (key === 'demo') drivers.unshift(ids.users['driver@demo.haulboard.test']);
  const staff = [ids.users['admin@demo.haulboard.test'], ...(key === 'demo' ? [ids.users['dispatcher@demo.haulboard.test']] : [])];
  const usedNumbers = new Set<string>();
  const position = new Map(drivers.map((d) => [d, rnd.int(0, DEMO_CITIES.length - 1)]));
  const plans: TPlan[] = [];

  weeks.forEach((week, weekIndex) => {
    const weekStart = Date.parse(`${week.startDate}T00:00:00Z`);
    const isPast = weekStart + 7 * DAY < now;
    const isFuture = weekStart > now;
    const weeksAgo = Math.floor((now - weekStart) / (7 * DAY));
    const team = key === 'demo' && weekIndex % 5 === 2 ? [drivers[4], drivers[5]] : null;
    for (const driver of drivers) {
      if (team && driver === team[1]) continue;
      let start = weekStart + rnd.int(0, 1) * DAY + rnd.int(11, 17) * HOUR;
      while (start < weekStart + 6 * DAY) {
        const from = DEMO_CITIES[position.get(driver)!];
        let to = rnd.pick(DEMO_CITIES);
        for (let tries = 0; tries < 20 && (to === from || roadMiles(from, to) < 180 || roadMiles(from, to) > 2300); tries++) {
          to = rnd.pick(DEMO_CITIES);
        }
        if (to === from) break;
        position.set(driver, DEMO_CITIES.indexOf(to));
        const miles = roadMiles(from, to);
        const hours = Math.ceil(miles / 48 + Math.floor(miles / 550) * 10);
        const end = start + hours * HOUR;
        let ppmCents = rnd.int(180, 350);
        if (miles < 450) ppmCents = Math.min(350, ppmCents + 30);
        let status: number;
        let payoutCents = ppmCents * miles;
        if (isPast) {
          const r = rnd.next();
          status = weeksAgo > 4 ? (r < 0.72 ? 6 : r < 0.86 ? 5 : r < 0.94 ? 4 : r < 0.97 ? 7 : 8) : r < 0.5 ? 4 : r < 0.84 ? 5 : r < 0.95 ? 6 : r < 0.98 ? 7 : 8;
        } else if (isFuture) {
          status = rnd.chance(0.7) ? 1 : 2;
        } else {
          status = end < now ? 4 : start < now ? 3 : rnd.chance(0.6) ? 2 : 1;
        }
        if (status === 7) payoutCents = 0; // cancelled
        if (status === 8) payoutCents = 15000; // truck ordered, not used
        if (!isPast && rnd.chance(0.06)) payoutCents = 0; // rate not confirmed yet
        const unassigned = !isPast && rnd.chance(0.08);
        let loadNumber: string;
        do loadNumber = String(rnd.int(1_000_000, 9_999_999));
        while (usedNumbers.has(loadNumber));
        usedNumbers.add(loadNumber);
        const dispute = isPast && status === 5 && rnd.chance(0.08);
        const createdOn = Math.min(now - rnd.int(1, 48) * HOUR, start - rnd.int(24, 96) * HOUR);
        const broker = rnd.pick(weeksAgo > 8 ? usable : active);
        plans.push({
          row: {
            companyId,
            loadNumber,
            brokerId: broker.id,
            loadStartDate: iso(start),
            loadEndDate: iso(end),
            weekId: week.id,
            originStateId: stateId(from[1]),
            originCity: from[0],
            destinationStateId: stateId(to[1]),
            destinationCity: to[0],
            tripLength: String(miles),
            numberOfStops: rnd.chance(0.8) ? 2 : rnd.int(3, 4),
            pricePerMile: (ppmCents / 100).toFixed(2),
            payout: (payoutCents / 100).toFixed(2),
            loadStatusId: status,
            isDispute: dispute,
            comments: dispute ? 'Broker short-paid detention; invoice disputed' : rnd.chance(0.25) ? rnd.pick(DEMO_COMMENTS) : null,
            createdBy: rnd.pick(staff),
            createdOn: iso(createdOn),
            updatedBy: rnd.pick(staff),
            updatedOn: iso(Math.min(now, createdOn + rnd.int(0, 72) * HOUR)),
          },
          drivers: unassigned ? [] : team && driver === team[0] ? team : [driver],
        });
        start = end + rnd.int(8, 30) * HOUR;
      }
    }
  });
  // Each past week has a delivery on its Sunday: after the board's pay week (Sunday to Saturday,
  // Pacific time) has closed, so the load board's invoice pays it a week later (issue #11's demo).
  for (const week of weeks) {
    const weekStart = Date.parse(`${week.startDate}T00:00:00Z`);
    if (weekStart + 7 * DAY >= now) continue;
    const saturday = iso(weekStart + 5 * DAY).slice(0, 10);
    const delivered = plans.filter((p) => p.row.weekId === week.id && [4, 5, 6].includes(p.row.loadStatusId!) && p.drivers.length);
    if (!delivered.length || delivered.some((p) => pacificDay(p.row.loadEndDate!) > saturday)) continue;
    const last = delivered.reduce((a, b) => (a.row.loadEndDate! >= b.row.loadEndDate! ? a : b));
    last.row.loadEndDate = iso(weekStart + 6 * DAY + 18 * HOUR);
  }
  return plans;
}

async function insertLoads(db: TDbLike, plans: TPlan[]) {
  for (let i = 0; i < plans.length; i += 200) {
    const chunk = plans.slice(i, i + 200);
    const inserted = await db.insert(loads).values(chunk.map((p) => p.row)).returning({ id: loads.id, loadNumber: loads.loadNumber });
    const idOf = new Map(inserted.map((r) => [r.loadNumber, r.id]));
    const driverRows = chunk.flatMap((p) => p.drivers.map((userId, j) => ({ loadId: idOf.get(p.row.loadNumber)!, userId, position: j + 1 })));
    if (driverRows.length) await db.insert(loadDrivers).values(driverRows);
  }
}

const seedLoads: TDemoStep = async (db, ids) => {
  await insertLoads(db, await planLoads(db, ids, 'demo', { weeksBack: 16, seed: 20260101 }));
  await insertLoads(db, await planLoads(db, ids, 'second', { weeksBack: 10, seed: 20260202 }));
};

/** In order: later demo steps (expenses, dashboards) may rely on these rows. */
export const BOARD_DEMO_STEPS: TDemoStep[] = [seedDrivers, seedWorkWeeks, seedBrokers, seedLoads];

if (!DEMO_STEPS.includes(seedDrivers)) DEMO_STEPS.push(...BOARD_DEMO_STEPS);
