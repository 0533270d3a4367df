import type { THistoryTrip } from '@haulboard/loadboard-sim';
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import type { TDbLike } from '../db/client';
import { companies, loadDrivers, loadStatuses, loads, states, userCompanies, users, workWeeks } from '../db/schema';
import { DEMO_COMPANIES } from '../db/seed/demo';
import { isoOf } from '../lib/rows';

/**
 * What the demo's load board knows about Demo Freight's work: the company's own loads as the
 * board's trips (same trip number, times, route, miles and pay), so that Load Import and Invoice
 * Import line up with the load board, except for a few differences planted on purpose in each of
 * the last full weeks, the kind an owner meets on a real invoice:
 *  - a missing load: a trip the board has (and pays) that is not on Haulboard's load board;
 *  - a short pay: a load the board pays less than agreed ('Rate adjusted');
 *  - a dispute: an adjustment line charged against a load;
 *  - next-week payments: loads whose last stop completes after the board's pay week (Sunday to
 *    Saturday, Pacific time) are paid on the next week's invoice; these come from the loads as
 *    seeded, never moved.
 * Deterministic: the same loads give the same board, whatever day the server starts.
 */

export type TDemoLoad = {
  loadNumber: string;
  start: string;
  end: string;
  /** The work week's first day (YYYY-MM-DD). */
  weekStart: string;
  originCity: string;
  originState: string;
  destinationCity: string;
  destinationState: string;
  miles: number;
  payout: string;
  pricePerMile: string;
  status: string;
  isDispute: boolean;
  drivers: { name: string; unit: string | null }[];
};

export type TPlantedWeek = {
  /** The work week (its first day) and the board's pay week its invoice covers. */
  weekStart: string;
  payWeekStart: string;
  payWeekEnd: string;
  /** On the board and paid, not on Haulboard (null when Haulboard has it by now: someone imported it). */
  missingLoad: { loadNumber: string; payout: string } | null;
  shortPay: { loadNumber: string; boardPayout: string; paid: string; shortBy: string } | null;
  dispute: { loadNumber: string; amount: string; comments: string } | null;
};

export type TDemoBoardPlan = { history: THistoryTrip[]; planted: TPlantedWeek[] };

/** How many of the last full work weeks get planted differences. */
export const PLANTED_WEEKS = 4;
const DAY = 86_400_000;
const HOUR = 3_600_000;
const DISPUTE_COMMENT = 'Dispute: late arrival at delivery';

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const pacific = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit', day: '2-digit' });
/** The calendar day of a moment in Pacific time, where the board decides which week pays a trip. */
export const pacificDayOf = (iso: string) => pacific.format(new Date(iso));
/** The board's pay week (Sunday to Saturday) holding a work week's first day. */
export function boardPayWeek(weekStart: string) {
  const start = addDays(weekStart, -new Date(`${weekStart}T00:00:00Z`).getUTCDay());
  return { start, end: addDays(start, 6) };
}

/** FNV-1a: picks that depend only on the text they are given. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  h ^= h >>> 15;
  return Math.imul(h, 0x2c1b3c6d) >>> 0;
}
const cents = (amount: string | number) => Math.round(Number(amount) * 100);
const money = (c: number) => `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;
/**
 * The board's own Load ID for a trip's load (nine characters like '115LXQ9ZB'): never the Trip ID,
 * as on the real board, so the demo's invoices match loads the way real ones must.
 */
export const boardLoadIdOf = (tripId: string) => `1${hash(`load-id:${tripId}`).toString(36).toUpperCase().padStart(8, '0').slice(-8)}`;

const byHash = (salt: string) => (a: TDemoLoad, b: TDemoLoad) => hash(`${salt}:${a.loadNumber}`) - hash(`${salt}:${b.loadNumber}`);

/** Routes between the board's own facilities, for the trip Haulboard is missing: [from, to, miles]. */
const MISSING_ROUTES: [[string, string], [string, string], number][] = [
  [['Dallas', 'TX'], ['Memphis', 'TN'], 452],
  [['Chicago', 'IL'], ['Columbus', 'OH'], 356],
  [['Atlanta', 'GA'], ['Charlotte', 'NC'], 245],
  [['Indianapolis', 'IN'], ['Louisville', 'KY'], 114],
  [['Phoenix', 'AZ'], ['Los Angeles', 'CA'], 372],
  [['Kansas City', 'MO'], ['Oklahoma City', 'OK'], 348],
];

const REVENUE = new Set(['Delivered', 'Invoiced', 'Paid']);

/** The board's status for a load: done or cancelled as Haulboard says, otherwise by the clock. */
function boardStatus(l: TDemoLoad): THistoryTrip['status'] {
  if (l.status === 'Cancelled' || l.status === 'TONU') return 'Cancelled';
  return REVENUE.has(l.status) ? 'Completed' : null;
}

/**
 * The board's trips for the company's loads and the differences planted in the last
 * PLANTED_WEEKS full work weeks before `now` (pure; `taken` holds every load number the company has).
 */
export function planDemoBoard(demoLoads: readonly TDemoLoad[], now: number, taken: ReadonlySet<string>): TDemoBoardPlan {
  const history: THistoryTrip[] = [];
  const byNumber = new Map<string, THistoryTrip>();
  for (const l of demoLoads) {
    const status = boardStatus(l);
    const payout = l.status === 'TONU' ? 0 : Number(l.payout) > 0 ? Number(l.payout) : Math.round(Number(l.pricePerMile) * l.miles * 100) / 100;
    const trip: THistoryTrip = {
      tripId: l.loadNumber,
      loadId: boardLoadIdOf(l.loadNumber),
      pickupAt: l.start,
      deliveredAt: l.end,
      origin: { city: l.originCity, state: l.originState },
      destination: { city: l.destinationCity, state: l.destinationState },
      miles: l.miles,
      payout,
      team: l.drivers.length > 1,
      driverName: l.drivers.map((d) => d.name).join(', '),
      tractorId: l.drivers[0]?.unit ?? '',
      status,
      pay: l.status === 'TONU' ? { tonuCents: cents(l.payout) } : {},
    };
    history.push(trip);
    byNumber.set(l.loadNumber, trip);
  }

  // The last full work weeks: those over before the Monday of `now`'s week.
  const today = new Date(now).toISOString().slice(0, 10);
  const weekStarts = [...new Set(demoLoads.map((l) => l.weekStart))].filter((w) => addDays(w, 7) <= today).sort().slice(-PLANTED_WEEKS);
  const planted: TPlantedWeek[] = [];
  for (const weekStart of weekStarts) {
    const pay = boardPayWeek(weekStart);
    // Loads the board pays on this week's invoice, whole: completed, with pay, last stop inside the pay week.
    const candidates = demoLoads.filter(
      (l) => l.weekStart === weekStart && REVENUE.has(l.status) && cents(l.payout) > 0 && pacificDayOf(l.end) <= pay.end && l.drivers.length > 0,
    );
    const week: TPlantedWeek = { weekStart, payWeekStart: pay.start, payWeekEnd: pay.end, missingLoad: null, shortPay: null, dispute: null };

    // A dispute, on a load Haulboard already marks disputed when there is one.
    const disputed = [...candidates].sort(byHash(`dispute:${weekStart}`)).sort((a, b) => Number(b.isDispute) - Number(a.isDispute))[0];
    if (disputed) {
      const amount = -(25 + (hash(`dispute-amount:${disputed.loadNumber}`) % 26) * 5) * 100;
      byNumber.get(disputed.loadNumber)!.pay = { disputeCents: amount };
      week.dispute = { loadNumber: disputed.loadNumber, amount: money(amount), comments: DISPUTE_COMMENT };
    }

    // A short pay on another load.
    const short = candidates.filter((l) => l !== disputed).sort(byHash(`short:${weekStart}`))[0];
    if (short) {
      const shortBy = Math.min(cents(short.payout) - 100, 4000 + (hash(`short-amount:${short.loadNumber}`) % 40) * 475);
      byNumber.get(short.loadNumber)!.pay = { shortByCents: shortBy };
      week.shortPay = { loadNumber: short.loadNumber, boardPayout: money(cents(short.payout)), paid: money(cents(short.payout) - shortBy), shortBy: money(shortBy) };
    }

    // A trip the board has and pays that nobody entered on Haulboard: Wednesday, inside the pay week.
    const loadNumber = String(1_000_000 + (hash(`missing:${weekStart}`) % 9_000_000));
    const drivers = [...new Map(demoLoads.filter((l) => l.weekStart === weekStart).flatMap((l) => l.drivers).map((d) => [d.name, d])).values()].sort((a, b) =>
      a.name.localeCompare(b.name),
    );
    if (!taken.has(loadNumber) && drivers.length) {
      const [from, to, miles] = MISSING_ROUTES[hash(`route:${weekStart}`) % MISSING_ROUTES.length];
      const driver = drivers[hash(`driver:${weekStart}`) % drivers.length];
      const pickupAt = Date.parse(`${addDays(weekStart, 2)}T14:00:00Z`);
      const deliveredAt = pickupAt + Math.ceil(miles / 48 + 2) * HOUR;
      const payoutCents = miles * (210 + (hash(`rate:${weekStart}`) % 80)) + 37;
      history.push({
        tripId: loadNumber,
        loadId: boardLoadIdOf(loadNumber),
        pickupAt,
        deliveredAt,
        origin: { city: from[0], state: from[1] },
        destination: { city: to[0], state: to[1] },
        miles,
        payout: payoutCents / 100,
        driverName: driver.name,
        tractorId: driver.unit ?? '',
        status: 'Completed',
      });
      week.missingLoad = { loadNumber, payout: money(payoutCents) };
    }
    planted.push(week);
  }
  return { history, planted };
}

/** Demo Freight's loads of the last weeks as the planner reads them; none when the demo is not seeded. */
export async function demoBoardPlan(db: TDbLike, now = Date.now(), weeksBack = 20): Promise<TDemoBoardPlan & { companyId: number | null }> {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, DEMO_COMPANIES.demo));
  if (!company) return { history: [], planted: [], companyId: null };
  const since = new Date(now - weeksBack * 7 * DAY).toISOString().slice(0, 10);
  const origin = states;
  const rows = await db
    .select({
      id: loads.id,
      loadNumber: loads.loadNumber,
      start: isoOf(loads.loadStartDate),
      end: isoOf(loads.loadEndDate),
      weekStart: workWeeks.startDate,
      originCity: loads.originCity,
      originStateId: loads.originStateId,
      destinationCity: loads.destinationCity,
      destinationStateId: loads.destinationStateId,
      miles: loads.tripLength,
      payout: loads.payout,
      pricePerMile: loads.pricePerMile,
      status: loadStatuses.name,
      isDispute: loads.isDispute,
    })
    .from(loads)
    .innerJoin(workWeeks, eq(workWeeks.id, loads.weekId))
    .innerJoin(loadStatuses, eq(loadStatuses.id, loads.loadStatusId))
    .where(and(eq(loads.companyId, company.id), gte(workWeeks.startDate, since)))
    .orderBy(asc(loads.loadStartDate), asc(loads.id));
  const stateCodes = new Map((await db.select({ id: origin.id, code: origin.code }).from(origin)).map((s) => [s.id, s.code]));
  const ids = rows.map((r) => r.id);
  const driverRows = ids.length
    ? await db
        .select({ loadId: loadDrivers.loadId, position: loadDrivers.position, firstName: users.firstName, lastName: users.lastName, unit: userCompanies.unitNumber })
        .from(loadDrivers)
        .innerJoin(users, eq(users.id, loadDrivers.userId))
        .innerJoin(userCompanies, and(eq(userCompanies.userId, loadDrivers.userId), eq(userCompanies.companyId, company.id)))
        .where(inArray(loadDrivers.loadId, ids))
        .orderBy(asc(loadDrivers.loadId), asc(loadDrivers.position))
    : [];
  const driversOf = new Map<number, TDemoLoad['drivers']>();
  for (const d of driverRows) driversOf.set(d.loadId, [...(driversOf.get(d.loadId) ?? []), { name: `${d.firstName} ${d.lastName}`.trim(), unit: d.unit }]);
  const taken = new Set((await db.select({ n: loads.loadNumber }).from(loads).where(eq(loads.companyId, company.id))).map((r) => r.n));
  const demoLoads: TDemoLoad[] = rows.map((r) => ({
    loadNumber: r.loadNumber,
    start: r.start,
    end: r.end,
    weekStart: String(r.weekStart).slice(0, 10),
    originCity: r.originCity,
    originState: stateCodes.get(r.originStateId) ?? '',
    destinationCity: r.destinationCity,
    destinationState: stateCodes.get(r.destinationStateId) ?? '',
    miles: Number(r.miles),
    payout: r.payout,
    pricePerMile: r.pricePerMile,
    status: r.status,
    isDispute: r.isDispute,
    drivers: driversOf.get(r.id) ?? [],
  }));
  return { ...planDemoBoard(demoLoads, now, taken), companyId: company.id };
}
