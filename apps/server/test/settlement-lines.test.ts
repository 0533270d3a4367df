import { LINE_LIST_CAP, usStates } from '@haulboard/contract';
import { and, eq, sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokers, userCompanies, workWeeks } from '../src/db/schema';
import { BOARD_DEMO_STEPS } from '../src/db/seed/demo-board';
import { createTestApp, EMAIL, type TTestApp } from './helpers';

/**
 * A week of 10,000 lines for one driver (1,000 loads, 9,000 fuel-card lines, in 2033 week 1): the
 * JSON statement and dashboard carry at most LINE_LIST_CAP lines per list with the full counts and
 * totals over every line, and the PDF with every line renders without stalling the server.
 */
let t: TTestApp;
let weekId = 0;
let driverId = 0;
const LOADS = 1000;
const FUEL = 9000;
const TX = usStates.find((s) => s.code === 'TX')!.id;
/** The totals worked out in SQL over every line: the answer must match them to the cent. */
let sqlGross = '';
let sqlFuel = '';

beforeAll(async () => {
  t = await createTestApp({ steps: BOARD_DEMO_STEPS });
  const demo = t.ids.companies.demo;
  driverId = t.ids.users[EMAIL.driver];
  const [week] = await t.db.insert(workWeeks).values({ companyId: demo, year: 2033, number: 1, startDate: '2033-01-03', endDate: '2033-01-09' }).returning();
  weekId = week.id;
  const [broker] = await t.db.select().from(brokers).where(eq(brokers.companyId, demo)).limit(1);
  await t.db.update(userCompanies).set({ unitNumber: 'BIG1', serviceFee: '0', serviceFeeType: 'flat' }).where(and(eq(userCompanies.userId, driverId), eq(userCompanies.companyId, demo)));
  await t.db.execute(sql`
    insert into loads (company_id, load_number, broker_id, load_start_date, load_end_date, week_id, origin_state_id, origin_city,
      destination_state_id, destination_city, trip_length, number_of_stops, price_per_mile, payout, load_status_id)
    select ${demo}, 'BIG-' || g, ${broker.id}, '2033-01-04T08:00:00Z', '2033-01-05T08:00:00Z', ${weekId}, ${TX}, 'Dallas', ${TX}, 'Houston',
      240.0, 2, 2.5, (100 + g % 97) + (g % 100) / 100.0, 4
    from generate_series(1, ${LOADS}) g`);
  await t.db.execute(sql`
    insert into load_drivers (load_id, user_id, position)
    select id, ${driverId}, 1 from loads where company_id = ${demo} and week_id = ${weekId}`);
  await t.db.execute(sql`
    insert into fuel_transactions (company_id, vendor, card_last4, fuel_date, fuel_time, unit_number, location, city, state_code, product, product_code,
      is_ifta, quantity, amount, natural_key)
    select ${demo}, 'EFS', '0001', date '2033-01-03' + (g % 7), '06:42', 'BIG1', 'PILOT #' || g, 'AMARILLO', 'TX', 'diesel', 'ULSD',
      true, 50.125, (10 + g % 89) + (g % 100) / 100.0, 'big|' || g
    from generate_series(1, ${FUEL}) g`);
  const [sums] = (
    await t.db.execute<{ gross: string; fuel: string }>(sql`
    select (select sum(payout)::numeric(14,2)::text from loads where company_id = ${demo} and week_id = ${weekId}) as gross,
           (select sum(amount)::numeric(14,2)::text from fuel_transactions where company_id = ${demo} and unit_number = 'BIG1') as fuel`)
  ).rows;
  sqlGross = sums.gross;
  sqlFuel = sums.fuel;
}, 120_000);
afterAll(() => t.close());

describe('a week of 10,000 lines', () => {
  it('the JSON statement carries at most LINE_LIST_CAP lines per list, the full counts, and totals over every line', async () => {
    const res = await t.call({ method: 'GET', url: `/api/Settlement/Statement?weekId=${weekId}&driverId=${driverId}`, as: EMAIL.admin });
    expect(res.status).toBe(200);
    const s = res.body;
    expect(s.loads).toHaveLength(LINE_LIST_CAP);
    expect(s.fuel).toHaveLength(LINE_LIST_CAP);
    expect(s.lineCounts).toEqual({ loads: LOADS, additions: 0, expenses: 0, fuel: FUEL });
    expect(s.gross).toBe(sqlGross);
    expect(s.totalFuel).toBe(sqlFuel);
    // The first lines, in the statement's order.
    expect(s.loads[0].loadNumber).toBe('BIG-1');
    expect(res.text.length).toBeLessThan(400_000);
  });

  it('the dashboard carries at most LINE_LIST_CAP lines per list with the same totals', async () => {
    const res = await t.call({ method: 'GET', url: `/api/DriverDashboard/GetDriversGrossIncome?week=${weekId}&driverId=${driverId}`, as: EMAIL.admin });
    expect(res.status).toBe(200);
    expect(res.body.driverLoadList).toHaveLength(LINE_LIST_CAP);
    expect(res.body.driverFuelList).toHaveLength(LINE_LIST_CAP);
    expect(res.body.lineCounts).toEqual({ loads: LOADS, expenses: 0, fuel: FUEL });
    expect(res.body.totalGross).toBe(sqlGross);
    expect(res.body.totalFuel).toBe(sqlFuel);
  });

  it('renders the PDF with every line while GET /api/health keeps answering', async () => {
    const cookie = await t.loginAs(EMAIL.admin);
    // The longest the event loop went without a turn while the PDF was made, and the slowest health answer.
    let maxGap = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      maxGap = Math.max(maxGap, now - last);
      last = now;
    }, 5);
    let slowestHealth = 0;
    let healthChecks = 0;
    let done = false;
    const started = performance.now();
    const pdf = t.app.inject({ method: 'GET', url: `/api/Settlement/StatementPdf?weekId=${weekId}&driverId=${driverId}`, headers: { cookie } }).finally(() => {
      done = true;
    });
    while (!done) {
      const asked = performance.now();
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      slowestHealth = Math.max(slowestHealth, performance.now() - asked);
      healthChecks++;
      await new Promise((r) => setTimeout(r, 20));
    }
    clearInterval(ticker);
    const res = await pdf;
    const took = performance.now() - started;
    console.info(`10,000-line PDF: ${Math.round(took)} ms, ${healthChecks} health checks, slowest ${Math.round(slowestHealth)} ms, longest event-loop gap ${Math.round(maxGap)} ms`);
    expect(res.statusCode).toBe(200);
    expect(healthChecks).toBeGreaterThan(5);
    expect(slowestHealth).toBeLessThan(1000);
    const text = (await new PDFParse({ data: new Uint8Array(res.rawPayload) }).getText()).text;
    // Every line is in the PDF: the last load and the last fuel-card line too.
    expect(text).toContain(`BIG-${LOADS}`);
    expect(text).toContain(`PILOT #${FUEL}`);
  }, 300_000);
});
