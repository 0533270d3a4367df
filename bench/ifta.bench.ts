/**
 * The fuel and IFTA benchmark (issue #9), in a PostgreSQL database of its own that it creates and drops:
 *
 * 1. Import a 250,000-row EFS fuel-card file through the real server (`POST /api/Accounting/ImportFuel/`,
 *    child process: read and checked, written by one `COPY` under a pending import, shown by one
 *    short final step): rows per second, and the server's peak memory (resident set of its process
 *    tree, sampled every 25 ms, against its size before the upload). Against it: the pipeline alone
 *    on the same file (read and checked, no database), PostgreSQL `COPY` of the file into a table of
 *    text columns (the issue's yardstick), and `COPY` of the same lines into fuel_transactions
 *    itself (its indexes and foreign keys; rolled back): the floor for writing them. It prints the
 *    ratios of the import's rate to both.
 * 2. The IFTA report of a quarter (`GetIftaReport`'s service calls) over 2,000,000 fuel rows and
 *    200,000 mileage rows across 200 companies: p50/p95 of the service against the same SQL
 *    statements replayed on a node-postgres pool. Goal: p95 under 500 ms.
 *
 *   npx tsx bench/ifta.bench.ts                     full size
 *   IFTA_SCALE=0.05 npx tsx bench/ifta.bench.ts     a quick run (the import file and the tables scaled)
 *   IFTA_REQUESTS=100 IFTA_KEEP=1 …                 calls per way and scenario; keep the database
 *
 * BENCH_IFTA_URL names the database (default postgres://postgres@127.0.0.1:5432/haulboard_bench_ifta).
 * It prints figures; it is not a test and never fails on a missed goal.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { hashToken } from '../apps/server/src/access/context';
import { openPostgres, type TDb } from '../apps/server/src/db/client';
import { ensureReferenceData } from '../apps/server/src/db/reference-data';
import * as schema from '../apps/server/src/db/schema';
import { previewImport } from '../apps/server/src/imports';
import { resolvePeriod } from '../apps/server/src/modules/fuel/period';
import { unitStateSums, weeksWithoutFuel } from '../apps/server/src/modules/fuel/queries';
import { buildIftaReport } from '../apps/server/src/modules/fuel/report';
import { BENCH_SHAPE, ensureDatabase, runGeneration, step } from './generate';
import { formatTable, ms, runInterleaved } from './measure';
import { descendants, startServer } from './server-process';

const SCALE = Number(process.env.IFTA_SCALE ?? 1);
const REQUESTS = Number(process.env.IFTA_REQUESTS ?? 100);
const URL_ = process.env.BENCH_IFTA_URL ?? 'postgres://postgres@127.0.0.1:5432/haulboard_bench_ifta';
const KEEP = process.env.IFTA_KEEP === '1';
const GOAL_P95_MS = 500;
const ROUNDS = 5;
const FILE_ROWS = Math.round(250_000 * SCALE);
const FUEL = Math.round(2_000_000 * SCALE);
const MILES = Math.round(200_000 * SCALE);
const STATES = ['TX', 'OK', 'AR', 'TN', 'GA', 'IL', 'IN', 'OH', 'PA', 'CA', 'AZ', 'NM', 'MO', 'KS', 'NE', 'IA', 'KY', 'AL', 'MS', 'LA'];
const log = (line: string) => console.log(line);

/** The last full calendar quarter before today: the one an owner files. */
function lastQuarter(today = new Date()) {
  const q = Math.floor(today.getUTCMonth() / 3);
  return q === 0 ? { year: today.getUTCFullYear() - 1, quarter: 4 } : { year: today.getUTCFullYear(), quarter: q };
}

/** An EFS export: the layout's columns an owner needs (optional ones left out, so 250,000 rows stay under the 25 MB limit). */
function efsFile(rows: number, units: number, quarter: { year: number; quarter: number }, firstInvoice = 1_000_000): string {
  const lines = ['Card #,Tran Date,Tran Time,Invoice,Unit,City,State/ Prov,Item,Unit Price,Qty,Disc Amt,Amt'];
  const firstMonth = (quarter.quarter - 1) * 3;
  for (let i = 0; i < rows; i++) {
    const day = new Date(Date.UTC(quarter.year, firstMonth, 1 + (i % 90)));
    const date = `${String(day.getUTCMonth() + 1).padStart(2, '0')}/${String(day.getUTCDate()).padStart(2, '0')}/${day.getUTCFullYear()}`;
    const unit = 101 + (i % units);
    const def = i % 9 === 0;
    const qty = def ? 5 + (i % 15) : 60 + (i % 120);
    const price = def ? 3.999 : 3.759;
    lines.push(
      `7083${String(unit).padStart(4, '0')},${date},${String(i % 24).padStart(2, '0')}:${String(i % 60).padStart(2, '0')},${firstInvoice + i},${unit},DALLAS,${STATES[i % STATES.length]},${def ? 'DEFD' : 'ULSD'},${price},${qty}.50,0.00,${(price * (qty + 0.5)).toFixed(2)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Resident memory (kB) of a process and everything below it (Linux /proc). */
function treeRssKb(pid: number): number {
  let kb = 0;
  for (const id of [pid, ...descendants(pid)]) {
    try {
      const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${id}/status`, 'utf8'));
      kb += m ? Number(m[1]) : 0;
    } catch {
      /* gone */
    }
  }
  return kb;
}

async function importBench(client: pg.Client, quarter: { year: number; quarter: number }) {
  const { rows: admins } = await client.query(`select company_id, admin_id from bench_company where rank = 1`);
  const { company_id: companyId, admin_id: adminId } = admins[0];
  const token = randomBytes(32).toString('base64url');
  await client.query(`insert into sessions (id, user_id, company_id, expires_at) values ($1, $2, $3, now() + interval '1 day')`, [hashToken(token), adminId, companyId]);
  const csv = efsFile(FILE_ROWS, 60, quarter);
  const file = path.join(os.tmpdir(), `haulboard-bench-efs-${process.pid}.csv`);
  fs.writeFileSync(file, csv);
  const server = await startServer(URL_, { env: { LOG_LEVEL: 'error' } });
  try {
    // A small file first, so the server's first-call costs (module loading, JIT) stay out of the figures.
    const warm = new FormData();
    warm.append('files', new Blob([efsFile(500, 60, quarter, 9_000_000)], { type: 'text/csv' }), 'efs-warm-up.csv');
    const headers = { cookie: `hb_session=${token}`, 'x-requested-with': 'haulboard', origin: server.baseUrl };
    const warmed = await fetch(`${server.baseUrl}/api/Accounting/ImportFuel/`, { method: 'POST', headers, body: warm });
    if (!warmed.ok) throw new Error(`The warm-up import answered ${warmed.status}: ${await warmed.text()}`);
    await new Promise((r) => setTimeout(r, 1000));
    const before = server.pid ? treeRssKb(server.pid) : 0;
    let peak = before;
    const sampler = setInterval(() => {
      if (server.pid) peak = Math.max(peak, treeRssKb(server.pid));
    }, 25);
    const form = new FormData();
    form.append('files', new Blob([csv], { type: 'text/csv' }), 'efs-250k.csv');
    const started = performance.now();
    const res = await fetch(`${server.baseUrl}/api/Accounting/ImportFuel/`, {
      method: 'POST',
      headers,
      body: form,
    });
    const text = await res.text();
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const stored = (await client.query(`select count(*)::int - 500 as n from fuel_transactions where company_id = $1 and import_id is not null`, [companyId])).rows[0].n;

    // The pipeline alone over the same file, in this process: reading and checking, no database (no line is stored).
    const readStarted = performance.now();
    const read = await previewImport({ file: { fileName: 'efs.csv', data: Buffer.from(csv) }, kind: 'fuel', keep: 5, storedKeys: async () => new Set(), onRecords: async () => {} });
    const readSeconds = (performance.now() - readStarted) / 1000;

    // COPY of the file into text columns: the issue's yardstick.
    await client.query(`drop table if exists bench_efs_raw`);
    await client.query(
      `create table bench_efs_raw (card text, tran_date text, tran_time text, invoice text, unit text, city text, state text, item text, unit_price text, qty text, disc_amt text, amt text)`,
    );
    const copyStarted = performance.now();
    await pipeline(fs.createReadStream(file), client.query(copyFrom(`copy bench_efs_raw from stdin csv header`)));
    const copySeconds = (performance.now() - copyStarted) / 1000;
    const copied = (await client.query(`select count(*)::int as n from bench_efs_raw`)).rows[0].n;
    await client.query(`drop table bench_efs_raw`);

    // COPY of the very lines the import wrote into fuel_transactions itself (other keys), rolled back: the floor for writing them.
    const { rows: last } = await client.query(`select max(id) as id from imports where company_id = $1 and status = 'done'`, [companyId]);
    const columns = `company_id, import_id, vendor, card_last4, fuel_date, fuel_time, unit_number, driver_name, location, city, state_code, product, product_code, is_ifta, quantity, unit_price, paid_price, amount, discount, currency, tax_paid, invoice, natural_key`;
    const lines = path.join(os.tmpdir(), `haulboard-bench-lines-${process.pid}.tsv`);
    await pipeline(
      client.query(copyTo(`copy (select ${columns.replace('natural_key', `natural_key || '#copy'`)} from fuel_transactions where company_id = ${companyId} and import_id = ${last[0].id}) to stdout`)),
      fs.createWriteStream(lines),
    );
    await client.query('begin');
    const typedStarted = performance.now();
    const typed = client.query(copyFrom(`copy fuel_transactions (${columns}) from stdin`));
    await pipeline(fs.createReadStream(lines), typed);
    const typedSeconds = (performance.now() - typedStarted) / 1000;
    await client.query('rollback');
    fs.rmSync(lines, { force: true });

    const rate = (n: number, s: number) => Math.round(n / s);
    const importRate = rate(stored, seconds);
    console.log(
      `\n${formatTable(
        [{ title: 'EFS file', align: 'left' }, { title: 'rows' }, { title: 'MB' }, { title: 'seconds' }, { title: 'rows/s' }, { title: 'server RSS before MB' }, { title: 'peak MB' }, { title: 'answer', align: 'left' }],
        [
          ['ImportFuel (server, one call)', stored, (csv.length / 1e6).toFixed(1), seconds.toFixed(1), importRate.toLocaleString('en-US'), (before / 1024).toFixed(0), (peak / 1024).toFixed(0), `${res.status} ${text.slice(0, 60)}`],
          ['reading and checking alone (no database)', read.counts.records, (csv.length / 1e6).toFixed(1), readSeconds.toFixed(1), rate(read.counts.records, readSeconds).toLocaleString('en-US'), '-', '-', ''],
          ['COPY of the file into text columns', copied, (csv.length / 1e6).toFixed(1), copySeconds.toFixed(1), rate(copied, copySeconds).toLocaleString('en-US'), '-', '-', ''],
          ['COPY of its lines into fuel_transactions', typed.rowCount, '-', typedSeconds.toFixed(1), rate(typed.rowCount, typedSeconds).toLocaleString('en-US'), '-', '-', 'rolled back'],
        ],
      )}\n`,
    );
    const ratio = (r: number) => `${((100 * importRate) / r).toFixed(1)} %`;
    console.log(
      `Import / COPY into text columns: ${ratio(rate(copied, copySeconds))}; import / COPY into fuel_transactions: ${ratio(rate(typed.rowCount, typedSeconds))}; ` +
        `reading and checking alone: ${ratio(rate(read.counts.records, readSeconds))} (load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}).`,
    );
  } finally {
    await server.stop();
    fs.rmSync(file, { force: true });
  }
}

async function reportBench(pool: pg.Pool, client: pg.Client, quarter: { year: number; quarter: number }) {
  let capture: { query: string; params: unknown[] }[] | null = null;
  const db = drizzle(pool, { schema, logger: { logQuery: (query, params) => capture?.push({ query, params }) } }) as unknown as TDb;
  // The route's own composition (fuel/routes.ts `report`) for a whole company and a quarter.
  const report = async (companyId: number) => {
    const period = await resolvePeriod(db, companyId, { weekId: null, year: quarter.year, quarter: quarter.quarter });
    if (!period) throw new Error('no period');
    const [sums, quietWeeks] = await Promise.all([unitStateSums(db, companyId, period, null, null), weeksWithoutFuel(db, companyId, period)]);
    const extraChecks = quietWeeks.length && sums.length ? [`No fuel was bought in ${quietWeeks.join(', ')}: are fuel records missing?`] : [];
    return buildIftaReport(sums, { summary: false, period: period.label, extraChecks });
  };
  const picks = (await client.query<{ rank: number; company_id: number }>(`select rank, company_id from bench_company where rank in (1, 20, 150) order by rank`)).rows;
  const rows: (string | number)[][] = [];
  for (const p of picks) {
    const counts = (
      await client.query(
        `select (select count(*) from fuel_transactions where company_id = $1)::int as fuel, (select count(*) from ifta_miles where company_id = $1)::int as miles`,
        [p.company_id],
      )
    ).rows[0];
    capture = [];
    const sample = await report(p.company_id);
    const statements = capture;
    capture = null;
    const replay = async () => {
      await Promise.all(statements.map((q) => pool.query(q.query, q.params as unknown[])));
    };
    for (let i = 0; i < 3; i++) {
      await report(p.company_id);
      await replay();
    }
    const [service, direct] = await runInterleaved({ requests: REQUESTS, concurrency: 1, maxSeconds: 180 }, ROUNDS, [
      async () => {
        await report(p.company_id);
      },
      replay,
    ]);
    const s = sample;
    rows.push([
      `#${p.rank} (${counts.fuel.toLocaleString('en-US')} fuel, ${counts.miles.toLocaleString('en-US')} miles rows)`,
      `Q${quarter.quarter} ${quarter.year}`,
      s.unitReports.length,
      statements.length,
      ms(service.p50),
      ms(service.p95),
      ms(direct.p50),
      ms(direct.p95),
      service.p95 < GOAL_P95_MS ? 'yes' : 'NO',
    ]);
  }
  console.log(
    `\n${formatTable(
      [
        { title: 'company (its rows)', align: 'left' },
        { title: 'quarter', align: 'left' },
        { title: 'units' },
        { title: 'SQL stmts' },
        { title: 'service p50' },
        { title: 'service p95' },
        { title: 'SQL p50' },
        { title: 'SQL p95' },
        { title: `p95 < ${GOAL_P95_MS} ms` },
      ],
      rows,
    )}\n`,
  );
  console.log(`IFTA report: ${REQUESTS} calls per way and company at 1 client, in ${ROUNDS} alternating rounds; times in ms.`);
}

async function main() {
  const quarter = lastQuarter();
  console.log(
    `IFTA bench: a ${FILE_ROWS.toLocaleString('en-US')}-row EFS import; the report over ${FUEL.toLocaleString('en-US')} fuel rows and ${MILES.toLocaleString('en-US')} mileage rows, 200 companies (scale ${SCALE}); ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`,
  );
  await ensureDatabase(URL_, true);
  const database = openPostgres(URL_, { max: 1 });
  await database.migrate();
  await ensureReferenceData(database.db);
  await database.close();
  const client = new pg.Client({ connectionString: URL_ });
  await client.connect();
  const pool = new pg.Pool({ connectionString: URL_, max: 4 });
  try {
    const started = performance.now();
    await client.query(`select setseed(0.5)`);
    await client.query(`set synchronous_commit = off`);
    await client.query(`set maintenance_work_mem = '256MB'`);
    // Companies, people with units (2,000 drivers), weeks; few loads (they are not what this measures).
    await runGeneration(client, log, { ...BENCH_SHAPE, loads: 20_000, drivers: Math.max(400, Math.round(2_000 * SCALE)) });
    const statesList = `(select s, code from unnest(array[${STATES.map((s) => `'${s}'`).join(',')}]) with ordinality as t(code, s))`;
    await step(client, log, 'fuel transactions', [
      `set session_replication_role = replica`,
      `insert into fuel_transactions (company_id, vendor, card_last4, fuel_date, fuel_time, unit_number, city, state_code, product, is_ifta,
                                      quantity, unit_price, paid_price, amount, currency, tax_paid, invoice, natural_key)
         select c.company_id, 'EFS', '0001', current_date - floor(480 * random())::int, '08:15', (101 + floor(random() * c.drivers))::int::text,
                'Dallas', st.code, x.product, x.product = 'diesel', x.qty, 3.899, 3.699, round(x.qty * 3.699, 2), 'USD', true, 'INV' || g,
                'EFS|' || c.company_id || '|' || g
         from bench_company c
         cross join lateral generate_series(1, greatest(1, round(${FUEL} * c.share))::int) g
         cross join lateral (select case when random() < 0.9 then 'diesel' else 'def' end as product, round((40 + random() * 140)::numeric, 3) as qty) x
         join ${statesList} st on st.s = 1 + (g * 7 + c.company_id) % ${STATES.length}`,
      `reset session_replication_role`,
    ]);
    // Miles: per unit and quarter (the last five), a share of the jurisdictions, so the total is about MILES.
    await step(client, log, 'IFTA miles', [
      `insert into ifta_miles (company_id, year, quarter, unit_number, state_code, total_miles, taxable_miles, source, natural_key)
         select c.company_id, extract(year from qd)::int, extract(quarter from qd)::int, (100 + u)::text, st.code, m, m, 'ELD',
                'miles|' || (100 + u) || '|' || st.code || '|' || extract(year from qd)::int || 'Q' || extract(quarter from qd)::int || '|ELD'
         from bench_company c
         cross join lateral generate_series(1, c.drivers) u
         cross join generate_series(date_trunc('quarter', current_date) - interval '12 months', date_trunc('quarter', current_date), interval '3 months') qd
         join ${statesList} st on st.s <= greatest(1, round(${MILES} / (5.0 * (select sum(drivers) from bench_company))))
         cross join lateral (select round((200 + random() * 4000)::numeric, 3) as m) mm`,
      `vacuum (analyze) fuel_transactions`,
      `vacuum (analyze) ifta_miles`,
    ]);
    console.log(`data generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await reportBench(pool, client, quarter);
    await importBench(client, quarter);
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
