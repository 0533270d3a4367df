/**
 * The money benchmark (issue #10): the driver dashboard (GetDriversGrossIncome) and a week's
 * settlement statement over 1,000,000 loads, 2,000,000 fuel-card rows and 50,000 expenses (mostly
 * recurring) across 200 companies, in a PostgreSQL database of its own that it creates and drops.
 *
 * Each scenario is timed two ways, in alternating rounds: the service function the route calls
 * (every query plus the arithmetic in Node), and the very same SQL statements replayed straight on
 * a node-postgres pool (captured from one service call). Goal: p95 under 100 ms.
 *
 *   npx tsx bench/money.bench.ts                        full size (~1 M loads), a few minutes to generate
 *   MONEY_SCALE=0.05 npx tsx bench/money.bench.ts       a quick run at 5 % of the size
 *   MONEY_REQUESTS=200 MONEY_KEEP=1 …                   calls per scenario and way; keep the database
 *
 * BENCH_MONEY_URL names the database (default postgres://postgres@127.0.0.1:5432/haulboard_bench_money).
 * It prints figures; it is not a test and never fails on a missed goal.
 */
import os from 'node:os';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { systemActor, type TActor } from '../apps/server/src/access/actor';
import { openPostgres, type TDb } from '../apps/server/src/db/client';
import { ensureReferenceData } from '../apps/server/src/db/reference-data';
import * as schema from '../apps/server/src/db/schema';
import { driverDashboard } from '../apps/server/src/modules/driver-dashboard';
import { getStatement } from '../apps/server/src/modules/settlements/service';
import { BENCH_SHAPE, ensureDatabase, runGeneration, step } from './generate';
import { formatTable, ms, runInterleaved } from './measure';

const SCALE = Number(process.env.MONEY_SCALE ?? 1);
const REQUESTS = Number(process.env.MONEY_REQUESTS ?? 200);
const URL_ = process.env.BENCH_MONEY_URL ?? 'postgres://postgres@127.0.0.1:5432/haulboard_bench_money';
const KEEP = process.env.MONEY_KEEP === '1';
const GOAL_P95_MS = 100;
const ROUNDS = 5;
const LOADS = Math.round(1_000_000 * SCALE);
const FUEL = Math.round(2_000_000 * SCALE);
const EXPENSES = Math.round(50_000 * SCALE);

const log = (line: string) => console.log(line);

type TCaptured = { query: string; params: unknown[] };

/** Fuel-card lines and expenses, set-based like the loads (generate.ts), spread by company size. */
async function generateMoney(client: pg.Client) {
  const indexes = async (table: string) =>
    (
      await client.query<{ name: string; definition: string }>(
        `select i.relname as name, pg_get_indexdef(i.oid) as definition
           from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
           left join pg_constraint k on k.conindid = i.oid
          where t.relname = $1 and t.relnamespace = 'public'::regnamespace and not x.indisprimary and k.oid is null`,
        [table],
      )
    ).rows;
  const fuelIndexes = await indexes('fuel_transactions');
  await step(
    client,
    log,
    `drop ${fuelIndexes.length} fuel indexes`,
    fuelIndexes.map((i) => `drop index "${i.name}"`),
  );
  await step(client, log, 'fuel transactions', [
    `set session_replication_role = replica`,
    // Each company's share of the rows by its size; dates grow towards today over three years.
    `insert into fuel_transactions (company_id, vendor, card_last4, fuel_date, fuel_time, unit_number, driver_name, location, city, state_code,
                                    product, is_ifta, quantity, unit_price, paid_price, amount, discount, currency, tax_paid, invoice, natural_key)
       select x.company_id, 'EFS', lpad((1000 + x.company_id * 37 % 8999)::text, 4, '0'), x.day, lpad((x.g % 24)::text, 2, '0') || ':15',
              (100 + 1 + floor(x.r_unit * x.drivers))::int::text, null, 'Pilot Travel Center', x.city, x.state,
              x.product, x.product = 'diesel', x.qty, 3.899, 3.699,
              case when x.product = 'cash_advance' then 100 else round(x.qty * 3.699, 2) end, 0, 'USD', true,
              'INV' || x.g, 'EFS|' || x.company_id || '|' || x.g
       from (
         select c.company_id, c.drivers, g, random() as r_unit,
                current_date - floor(1095 * (1 - sqrt(random())))::int as day,
                (array['TX','OK','AR','TN','GA','IL','IN','OH','PA','CA','AZ','NM'])[1 + floor(random() * 12)::int] as state,
                (array['Dallas','Tulsa','Little Rock','Memphis','Atlanta','Joliet','Gary','Columbus','Carlisle','Barstow','Phoenix','Gallup'])[1 + floor(random() * 12)::int] as city,
                case when p < 0.85 then 'diesel' when p < 0.93 then 'def' when p < 0.96 then 'reefer' when p < 0.98 then 'cash_advance' else 'other' end as product,
                round((case when p < 0.85 then 60 + random() * 120 else 2 + random() * 20 end)::numeric, 3) as qty
         from bench_company c
         cross join lateral generate_series(1, greatest(1, round(${FUEL} * c.share))::int) g
         cross join lateral (select random() as p) pr
       ) x`,
    `reset session_replication_role`,
  ]);
  await step(
    client,
    log,
    `rebuild ${fuelIndexes.length} fuel indexes`,
    fuelIndexes.map((i) => i.definition),
  );
  // Expenses: 85 % recurring (weekly, every two weeks, monthly), 15 % one time; 90 % charged to a driver.
  await step(client, log, 'expenses', [
    `insert into expenses (company_id, expense_type_id, name, amount, frequency_type_id, occurrences, expense_date, start_date, end_date, user_id)
       select c.company_id, 1 + floor(random() * 12)::int, 'Bench expense ' || g, round((15 + random() * 600)::numeric, 2),
              f.freq, case when f.freq <> 1 and random() < 0.5 then 10 + floor(random() * 150)::int end,
              case when f.freq = 1 then current_date - floor(random() * 730)::int end,
              case when f.freq <> 1 then current_date - floor(random() * 730)::int end,
              case when f.freq <> 1 and random() < 0.2 then current_date + floor(random() * 365)::int end,
              case when random() < 0.9 then c.driver_min + floor(random() * c.drivers)::int end
       from bench_company c
       cross join lateral generate_series(1, greatest(1, round(${EXPENSES} * c.share))::int) g
       cross join lateral (select case when r < 0.15 then 1 when r < 0.7 then 2 when r < 0.8 then 3 else 4 end as freq from (select random() as r) q) f`,
    `vacuum (analyze) fuel_transactions`,
    `vacuum (analyze) expenses`,
  ]);
}

async function main() {
  console.log(
    `Money bench: ${LOADS.toLocaleString('en-US')} loads, ${FUEL.toLocaleString('en-US')} fuel rows, ${EXPENSES.toLocaleString('en-US')} expenses, 200 companies (scale ${SCALE}); ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`,
  );
  await ensureDatabase(URL_, true);
  const started = performance.now();
  const database = openPostgres(URL_, { max: 1 });
  await database.migrate();
  await ensureReferenceData(database.db);
  await database.close();
  const client = new pg.Client({ connectionString: URL_ });
  await client.connect();
  const pool = new pg.Pool({ connectionString: URL_, max: 4 });
  try {
    await client.query(`select setseed(0.7)`);
    await client.query(`set synchronous_commit = off`);
    await client.query(`set maintenance_work_mem = '256MB'`);
    await client.query(`set work_mem = '64MB'`);
    await runGeneration(client, log, { ...BENCH_SHAPE, loads: LOADS, drivers: Math.max(400, Math.round(BENCH_SHAPE.drivers * SCALE)) });
    await generateMoney(client);
    console.log(`data generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    // The same queries the routes make, with every statement recorded once (the capture switch) to replay.
    let capture: TCaptured[] | null = null;
    const db = drizzle(pool, {
      schema,
      logger: { logQuery: (query, params) => capture?.push({ query, params }) },
    }) as unknown as TDb;

    // Scenarios: the biggest company, a mid-size one and a small one; in each, the driver with the most
    // loads in the last full week; that week's dashboard, and its settlement statement.
    const picks = (
      await client.query<{ rank: number; company_id: number; admin_id: number; week_id: number; year: number; number: number; driver_id: number; loads: number }>(
        `select c.rank, c.company_id, c.admin_id, w.id as week_id, w.year, w.number, d.user_id as driver_id, d.n as loads
           from bench_company c
           join work_weeks w on w.company_id = c.company_id and w.start_date = date_trunc('week', current_date)::date - 7
           cross join lateral (select ld.user_id, count(*)::int as n from loads l join load_drivers ld on ld.load_id = l.id
                               where l.company_id = c.company_id and l.week_id = w.id group by ld.user_id order by n desc, ld.user_id limit 1) d
          where c.rank in (1, 20, 150) order by c.rank`,
      )
    ).rows;
    const rows: (string | number)[][] = [];
    for (const p of picks) {
      const actor: TActor = { ...systemActor(p.company_id), userId: p.admin_id, roleIds: [1] };
      const counts = (
        await client.query(
          `select (select count(*) from loads where company_id = $1)::int as loads,
                  (select count(*) from fuel_transactions where company_id = $1)::int as fuel,
                  (select count(*) from expenses where company_id = $1)::int as expenses`,
          [p.company_id],
        )
      ).rows[0];
      const scenarios = [
        {
          name: 'dashboard (week)',
          call: () => driverDashboard(db, actor, { year: p.year, week: p.week_id, startDate: null, endDate: null, driverId: p.driver_id }),
        },
        { name: 'statement (week)', call: () => getStatement(db, actor, { weekId: p.week_id, driverId: p.driver_id }) },
      ];
      for (const s of scenarios) {
        capture = [];
        const sample = await s.call();
        const statements = capture;
        capture = null;
        const replay = async () => {
          for (const q of statements) await pool.query(q.query, q.params as unknown[]);
        };
        for (let i = 0; i < 5; i++) {
          await s.call();
          await replay();
        }
        const [service, direct] = await runInterleaved({ requests: REQUESTS, concurrency: 1, maxSeconds: 120 }, ROUNDS, [
          async () => {
            await s.call();
          },
          replay,
        ]);
        const gross = 'totalGross' in sample ? sample.totalGross : ((sample as any).gross ?? '');
        rows.push([
          `#${p.rank} (${counts.loads.toLocaleString('en-US')} loads, ${counts.fuel.toLocaleString('en-US')} fuel, ${counts.expenses.toLocaleString('en-US')} exp.)`,
          s.name,
          p.loads,
          statements.length,
          ms(service.p50),
          ms(service.p95),
          ms(direct.p50),
          ms(direct.p95),
          (service.p95 / direct.p95).toFixed(2),
          service.p95 < GOAL_P95_MS ? 'yes' : 'NO',
          String(gross),
        ]);
      }
    }
    console.log(
      `\n${formatTable(
        [
          { title: 'company (its rows)', align: 'left' },
          { title: 'scenario', align: 'left' },
          { title: 'driver loads' },
          { title: 'SQL stmts' },
          { title: 'service p50' },
          { title: 'service p95' },
          { title: 'SQL p50' },
          { title: 'SQL p95' },
          { title: 'ratio p95' },
          { title: `p95 < ${GOAL_P95_MS} ms` },
          { title: 'gross' },
        ],
        rows,
      )}\n`,
    );
    console.log(`${REQUESTS} calls per way and scenario at 1 client, in ${ROUNDS} alternating rounds; times in ms.`);
  } finally {
    await pool.end();
    await client.end();
    if (!KEEP) {
      const admin = new URL(URL_);
      admin.pathname = '/postgres';
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(`drop database if exists "${decodeURIComponent(new URL(URL_).pathname.slice(1))}" with (force)`);
      await c.end();
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
