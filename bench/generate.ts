/**
 * Bench data: 200 companies, ~1,000 drivers, ~3,000 brokers, three years of work weeks per company
 * and 1,000,000 loads (1–2 drivers each) in a PostgreSQL database of its own.
 *
 * Everything is generated set-based inside PostgreSQL (generate_series, INSERT … SELECT): a few
 * statements, no rows travel through Node. Company sizes follow a Zipf curve (a few big carriers,
 * a long tail of small ones) and loads grow towards the present, so "this week of the biggest
 * company" is the heaviest board a real customer would open.
 *
 *   npx tsx bench/generate.ts            re-uses the data when it is already there
 *   npx tsx bench/generate.ts --fresh    drops the database, migrates a new one and generates again
 */
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/client';
import { ensureReferenceData } from '../apps/server/src/db/reference-data';

export const BENCH_SHAPE = {
  companies: 200,
  loads: 1_000_000,
  /** Drivers over all companies, shared out by company size (at least 2 each). */
  drivers: 1_000,
  /** Brokers per company: 10 plus a share of 1,000 by size (15 on average). */
  brokerBase: 10,
  brokerShare: 1_000,
  /** Zipf exponent of company sizes: the biggest holds ~13%, the smallest ~0.1%. */
  zipf: 0.9,
  /** Share of loads driven by a team of two. */
  teamShare: 0.15,
} as const;

/** Bumped when the generated shape changes, so an old bench database is regenerated. */
export const GENERATOR_VERSION = '1';

export const DEFAULT_BENCH_URL = 'postgres://postgres@127.0.0.1:5432/haulboard_bench';

export type TGenerateResult = { generated: boolean; seconds: number; loads: number };

export function benchDatabaseUrl(env: NodeJS.ProcessEnv = process.env) {
  return env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_URL;
}

/**
 * Creates the bench database when missing (connecting to the server's `postgres` database); with
 * `recreate`, drops it first, so that the schema too comes from today's migrations.
 */
export async function ensureDatabase(url: string, recreate = false) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const quoted = `"${name.replace(/"/g, '""')}"`;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    if (recreate) await client.query(`drop database if exists ${quoted} with (force)`);
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${quoted}`);
  } finally {
    await client.end();
  }
}

async function appliedMigrations(client: pg.Client): Promise<number> {
  const { rows } = await client.query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!rows[0].present) return 0;
  return (await client.query(`select count(*)::int as n from drizzle.__drizzle_migrations`)).rows[0].n;
}

async function isGenerated(client: pg.Client) {
  const meta = await client.query(`select to_regclass('bench_meta') is not null as present`);
  if (!meta.rows[0].present) return false;
  const { rows } = await client.query(
    `select (select value from bench_meta where key = 'version') as version,
            (select count(*)::int from companies) as companies,
            (select count(*)::int from loads) as loads`,
  );
  return rows[0].version === GENERATOR_VERSION && rows[0].companies === BENCH_SHAPE.companies && rows[0].loads === BENCH_SHAPE.loads;
}

/** Migrates the bench database, then generates the data unless it is already there. */
export async function generate(options: { url?: string; fresh?: boolean; log?: (line: string) => void } = {}): Promise<TGenerateResult> {
  const url = options.url ?? benchDatabaseUrl();
  const log = options.log ?? ((line: string) => console.log(line));
  await ensureDatabase(url, options.fresh);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Migrations that arrived since the data was made run here (new indexes are built over the
    // existing rows), not in the server's start-up; the planner then needs fresh statistics.
    const before = await appliedMigrations(client);
    const database = openPostgres(url, { max: 1 });
    try {
      await database.migrate();
      await ensureReferenceData(database.db);
    } finally {
      await database.close();
    }
    const applied = (await appliedMigrations(client)) - before;

    if (!options.fresh && (await isGenerated(client))) {
      if (applied > 0) {
        await client.query('analyze');
        log(`bench data: ${applied} new migration(s) applied to the existing data, statistics refreshed`);
      }
      log(`bench data: ${BENCH_SHAPE.loads.toLocaleString('en-US')} loads already in ${new URL(url).pathname.slice(1)}, generation skipped (--fresh regenerates)`);
      return { generated: false, seconds: 0, loads: BENCH_SHAPE.loads };
    }
    const started = performance.now();
    await runGeneration(client, log);
    const seconds = (performance.now() - started) / 1000;
    log(`bench data: generated in ${seconds.toFixed(1)} s`);
    return { generated: true, seconds, loads: BENCH_SHAPE.loads };
  } finally {
    await client.end();
  }
}

export async function step(client: pg.Client, log: (line: string) => void, label: string, statements: string | string[]) {
  const started = performance.now();
  let rows = 0;
  for (const statement of Array.isArray(statements) ? statements : [statements]) {
    const result = await client.query(statement);
    rows += result.rowCount ?? 0;
  }
  const ms = performance.now() - started;
  log(`  ${label.padEnd(34)} ${String(rows.toLocaleString('en-US')).padStart(11)} rows ${(ms / 1000).toFixed(1).padStart(6)} s`);
}

/** City and state pairs loads start and end in; repeats weight the busy freight markets. */
const LANES: [stateId: number, city: string][] = [
  [45, 'Dallas'], [45, 'Houston'], [45, 'San Antonio'], [45, 'Laredo'], [45, 'El Paso'], [45, 'Fort Worth'],
  [5, 'Los Angeles'], [5, 'Ontario'], [5, 'Fresno'], [5, 'Stockton'], [5, 'San Bernardino'],
  [14, 'Chicago'], [14, 'Joliet'], [14, 'Rockford'], [11, 'Atlanta'], [11, 'Savannah'], [10, 'Jacksonville'],
  [10, 'Miami'], [10, 'Orlando'], [37, 'Columbus'], [37, 'Cincinnati'], [40, 'Allentown'], [40, 'Harrisburg'],
  [44, 'Memphis'], [44, 'Nashville'], [15, 'Indianapolis'], [34, 'Buffalo'], [32, 'Newark'], [35, 'Charlotte'],
  [27, 'Kansas City'], [27, 'St. Louis'], [3, 'Phoenix'], [30, 'Las Vegas'], [6, 'Denver'], [49, 'Seattle'],
  [39, 'Portland'], [24, 'Detroit'], [25, 'Minneapolis'], [29, 'Omaha'], [18, 'Louisville'], [1, 'Birmingham'],
  [19, 'New Orleans'], [38, 'Oklahoma City'], [46, 'Salt Lake City'], [48, 'Richmond'], [51, 'Milwaukee'],
  [4, 'Little Rock'], [16, 'Des Moines'], [33, 'Albuquerque'], [43, 'Sioux Falls'], [36, 'Fargo'], [42, 'Columbia'],
];

const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;

export type TBenchShape = { [K in keyof typeof BENCH_SHAPE]: number };

/** Generates the companies, people, brokers, weeks and loads (the money bench asks for another size). */
export async function runGeneration(client: pg.Client, log: (line: string) => void, shape: TBenchShape = BENCH_SHAPE) {
  const s = shape;
  const lanes = (alias: string) =>
    `(values ${LANES.map(([state, city], i) => `(${i + 1}, ${state}, ${sqlText(city)})`).join(', ')}) as ${alias}(n, state_id, city)`;
  log(`bench data: generating ${s.loads.toLocaleString('en-US')} loads over ${s.companies} companies`);

  // One connection, a fixed seed: the same data every time. Foreign keys are checked by
  // construction here, so their per-row triggers are skipped (replica role) for speed.
  await client.query(`select setseed(0.3)`);
  await client.query(`set synchronous_commit = off`);
  await client.query(`set maintenance_work_mem = '256MB'`);
  await client.query(`set work_mem = '64MB'`);

  await step(client, log, 'clear', [
    'drop table if exists bench_meta',
    'drop table if exists bench_company',
    'truncate companies, users, sessions restart identity cascade',
  ]);

  // Company sizes: Zipf weights, loads rounded per company with the remainder on the biggest.
  await step(client, log, 'companies', [
    `create table bench_meta (key text primary key, value text not null)`,
    `create table bench_company as
       with w as (select i as rank, 1 / power(i, ${s.zipf}) as weight from generate_series(1, ${s.companies}) i),
            t as (select sum(weight) as total from w)
       select rank, weight / total as share,
              floor(${s.loads} * weight / total)::int as loads,
              greatest(2, round(${s.drivers} * weight / total))::int as drivers,
              (${s.brokerBase} + round(${s.brokerShare} * weight / total))::int as brokers
       from w, t`,
    `update bench_company set loads = loads + (${s.loads} - (select sum(loads) from bench_company)) where rank = 1`,
    `insert into companies (name) select format('Bench Carrier %s', lpad(rank::text, 3, '0')) from bench_company order by rank`,
    // Companies were inserted in rank order, so company id = rank.
    `alter table bench_company add column company_id int`,
    `update bench_company set company_id = rank`,
  ]);

  // People: an administrator and a dispatcher per company, then the drivers; user ids of a
  // company's drivers are consecutive, which lets the loads pick one with arithmetic.
  await step(client, log, 'users, memberships, roles', [
    `set session_replication_role = replica`,
    `insert into users (email, first_name, last_name, display_name, phone_number)
       select format('%s-%s@bench.haulboard.test', r.role, c.company_id), initcap(r.role), format('Carrier %s', c.company_id),
              format('%s %s', initcap(r.role), c.company_id), '5125550100'
       from bench_company c cross join (values (1, 'admin'), (2, 'dispatcher')) as r(n, role)
       order by c.company_id, r.n`,
    `insert into users (email, first_name, last_name, display_name, phone_number)
       select format('driver-%s-%s@bench.haulboard.test', c.company_id, d), 'Driver', format('%s-%s', c.company_id, d),
              format('Driver %s-%s', c.company_id, d), '5125550199'
       from bench_company c cross join lateral generate_series(1, c.drivers) d
       order by c.company_id, d`,
    `alter table bench_company add column admin_id int, add column dispatcher_id int, add column driver_min int`,
    `update bench_company c set
       admin_id = (select id from users where email = format('admin-%s@bench.haulboard.test', c.company_id)),
       dispatcher_id = (select id from users where email = format('dispatcher-%s@bench.haulboard.test', c.company_id)),
       driver_min = (select id from users where email = format('driver-%s-1@bench.haulboard.test', c.company_id))`,
    `insert into user_companies (user_id, company_id, unit_number, service_fee)
       select admin_id, company_id, null, 0 from bench_company
       union all select dispatcher_id, company_id, null, 0 from bench_company
       union all select driver_min + d - 1, company_id, (100 + d)::text, 150 from bench_company cross join lateral generate_series(1, drivers) d`,
    `insert into user_roles (user_id, company_id, role_id)
       select admin_id, company_id, 1 from bench_company
       union all select dispatcher_id, company_id, 2 from bench_company
       union all select driver_min + d - 1, company_id, 3 from bench_company cross join lateral generate_series(1, drivers) d`,
  ]);

  await step(client, log, 'brokers', [
    `insert into brokers (company_id, name, address, city, state_id, zip_code, phone_number, email, mc_number, dot_number, is_active)
       select c.company_id, format('Broker %s-%s Logistics', c.company_id, b), format('%s Commerce St', 100 + b), lane.city, lane.state_id,
              lpad((10000 + b * 37 % 89999)::text, 5, '0'), '2145550100', format('ops%s@broker%s.test', b, c.company_id),
              (100000 + b * 7919 % 899999)::text, (1000000 + b * 104729 % 8999999)::text, b % 12 <> 0
       from bench_company c cross join lateral generate_series(1, c.brokers) b
       join ${lanes('lane')} on lane.n = 1 + b % ${LANES.length}
       order by c.company_id, b`,
    `alter table bench_company add column broker_min int`,
    `update bench_company c set broker_min = (select min(id) from brokers where company_id = c.company_id)`,
  ]);

  // ISO weeks of the last three years, contiguous, numbered 1..52 (or 53) within each year.
  await step(client, log, 'work weeks (3 years)', [
    `insert into work_weeks (company_id, year, number, start_date, end_date)
       select c.company_id, y, n, (s + (n - 1) * 7), (s + (n - 1) * 7 + 6)
       from bench_company c
       cross join generate_series(extract(year from current_date)::int - 2, extract(year from current_date)::int) y
       cross join lateral (select date_trunc('week', make_date(y, 1, 4))::date as s,
                                  (date_trunc('week', make_date(y + 1, 1, 4))::date - date_trunc('week', make_date(y, 1, 4))::date) / 7 as weeks) b
       cross join lateral generate_series(1, b.weeks) n
       order by c.company_id, y, n`,
    // Loads fall in the weeks up to next week; ids of a company's weeks are consecutive.
    `alter table bench_company add column week_min int, add column weeks int`,
    `update bench_company c set week_min = w.first, weeks = w.n
       from (select company_id, min(id) as first, count(*) filter (where start_date <= current_date + 7)::int as n
             from work_weeks group by company_id) w
       where w.company_id = c.company_id`,
  ]);

  // Index maintenance for a million rows costs more than building the indexes once afterwards:
  // take the table's secondary indexes off (whatever the migrations define) and put them back.
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `select i.relname as name, pg_get_indexdef(i.oid) as definition
       from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
       left join pg_constraint k on k.conindid = i.oid
      where t.relname in ('loads', 'load_drivers') and t.relnamespace = 'public'::regnamespace and k.oid is null`,
  );
  await step(
    client,
    log,
    `drop ${indexes.length} secondary indexes`,
    indexes.map((i) => `drop index "${i.name}"`),
  );

  // Loads: more of them in recent weeks (sqrt of a uniform: linear growth), a lane for the
  // origin and destination, miles, a rate, a payout, a status by age.
  await step(client, log, 'loads', [
    `insert into loads (company_id, load_number, broker_id, load_start_date, load_end_date, week_id, origin_state_id, origin_city,
                        destination_state_id, destination_city, trip_length, number_of_stops, price_per_mile, payout, load_status_id,
                        is_dispute, comments, created_by, created_on, updated_by, updated_on)
       select x.company_id,
              upper(to_hex(1 + x.company_id % 9)) || lpad(upper(to_hex((x.g::bigint * 2654435761) % 4294967296)), 8, '0'),
              x.broker_id, x.start_at, x.start_at + make_interval(hours => (6 + x.miles / 45)::int), x.week_id,
              o.state_id, o.city, d.state_id, d.city, x.miles, x.stops, x.ppm,
              case when x.r_zero < 0.02 then 0 else round(x.miles * x.ppm, 2) end,
              case when x.start_at < now() - interval '21 days'
                   then case when x.r_status < 0.03 then 7 when x.r_status < 0.04 then 8 else 6 end
                   else 1 + floor(x.r_status * 5)::int end,
              x.r_dispute < 0.01,
              case when x.r_dispute > 0.9 then 'Lumper paid by driver, receipt in the folder' end,
              x.dispatcher_id, x.start_at - interval '2 days', x.dispatcher_id, x.start_at - interval '2 days'
       from (
         select p.company_id, p.g, p.dispatcher_id, p.broker_id, p.o_lane, w.id as week_id,
                w.start_date + make_interval(days => floor(random() * 7)::int, hours => 4 + floor(random() * 16)::int) as start_at,
                round((60 + 1400 * power(random(), 1.6))::numeric, 1) as miles,
                (1 + floor(power(random(), 3) * 4))::int as stops,
                round((1.6 + random() * 2.4)::numeric, 4) as ppm,
                1 + (o_lane + floor(random() * ${LANES.length - 1})::int) % ${LANES.length} as d_lane,
                random() as r_zero, random() as r_status, random() as r_dispute
         from (
           select c.company_id, g, c.dispatcher_id,
                  c.broker_min + floor(random() * c.brokers)::int as broker_id,
                  1 + floor(random() * ${LANES.length})::int as o_lane,
                  c.week_min + least(c.weeks - 1, floor(c.weeks * sqrt(random())))::int as week_id
           from bench_company c cross join lateral generate_series(1, c.loads) g
         ) p
         join work_weeks w on w.id = p.week_id
       ) x
       join ${lanes('o')} on o.n = x.o_lane
       join ${lanes('d')} on d.n = x.d_lane
       order by x.start_at`,
  ]);

  await step(client, log, 'load drivers (1–2 per load)', [
    `create temp table pick as
       select l.id, c.driver_min, c.drivers, floor(random() * c.drivers)::int as first, floor(random() * (c.drivers - 1))::int as step,
              random() < ${s.teamShare} as team
       from loads l join bench_company c on c.company_id = l.company_id`,
    `insert into load_drivers (load_id, user_id, position)
       select id, driver_min + first, 1 from pick
       union all
       select id, driver_min + (first + 1 + step) % drivers, 2 from pick where team`,
    `drop table pick`,
    `reset session_replication_role`,
  ]);

  await step(
    client,
    log,
    `rebuild ${indexes.length} secondary indexes`,
    indexes.map((i) => i.definition),
  );
  await step(client, log, 'fix sequences, analyze', [
    `select setval(pg_get_serial_sequence('loads', 'id'), (select max(id) from loads))`,
    `vacuum (analyze) loads`,
    `vacuum (analyze) load_drivers`,
    `analyze`,
  ]);
  await client.query(`insert into bench_meta (key, value) values ('version', $1), ('generated_at', now()::text)`, [GENERATOR_VERSION]);
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  generate({ fresh: process.argv.includes('--fresh') }).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
