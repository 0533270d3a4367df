/**
 * The orders benchmark (issue 12): 500 active Alert orders across 50 companies (board accounts)
 * against the simulated board for 60 s, the engine at its default pace (1 request/s per account).
 * New matching work appears on the board once a second. Prints requests per second sent to the
 * board per account (and the busiest second), searches coalescing saved, alert latency p50/p95 from
 * the moment the work appeared, and the engine's CPU per order.
 *
 *   npm run bench:orders -w bench                 60 s on embedded PGlite (in memory)
 *   npx tsx bench/orders.bench.ts --seconds=15    shorter
 *   npx tsx bench/orders.bench.ts --pg            on PostgreSQL (BENCH_DATABASE_URL's server, a fresh
 *                                                 database haulboard_orders_bench, dropped after)
 *
 * The board runs in a child process, so the CPU figure is this process's: the engine and, on
 * PGlite, the database too. It prints figures; it is not a test.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { ROLE } from '@haulboard/contract';
import { DEMO_CREDENTIALS } from '@haulboard/loadboard-sim';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { allHubs } from '../apps/loadboard-sim/src/hubs';
import { openPostgres, type TDatabase, wrapPglite } from '../apps/server/src/db/client';
import { ensureReferenceData } from '../apps/server/src/db/reference-data';
import { companies, companyCookies, companySettings, loadOrders, userCompanies, userRoles, users } from '../apps/server/src/db/schema';
import { createVault } from '../apps/server/src/loadboard/vault';
import { startOrderEngine } from '../apps/server/src/modules/load-orders';
import { repoRoot } from './server-process';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'] as const;
  }),
);
const SECONDS = Number(args.get('seconds') ?? process.env.ORDERS_SECONDS ?? 60);
const COMPANIES = Number(args.get('companies') ?? 50);
const ORDERS_PER_COMPANY = Number(args.get('orders') ?? 10);
const ON_PG = args.has('pg');
const PAYOUT_FLOOR = 20_000;
const rowsOf = (r: unknown): any[] => (Array.isArray(r) ? r : ((r as { rows?: any[] })?.rows ?? []));

async function startBoard(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), [path.join(repoRoot, 'bench/orders-sim.ts')], { stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += String(chunk);
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line).url);
    });
    child.on('exit', (code) => reject(new Error(`the board stopped (${code})`)));
  });
  return { url, child };
}

async function openBenchDatabase(): Promise<{ database: TDatabase; drop: () => Promise<void> }> {
  if (!ON_PG) {
    const database = wrapPglite(await PGlite.create());
    return { database, drop: async () => {} };
  }
  const server = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  server.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: server.href });
  await admin.connect();
  await admin.query('drop database if exists haulboard_orders_bench with (force)');
  await admin.query('create database haulboard_orders_bench');
  const url = new URL(server.href);
  url.pathname = '/haulboard_orders_bench';
  const database = openPostgres(url.href, { max: 10 });
  return {
    database,
    drop: async () => {
      await admin.query('drop database if exists haulboard_orders_bench with (force)').catch(() => {});
      await admin.end();
    },
  };
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN);
const fixed = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '–');

let stopBoard = () => {};

async function main() {
  const board = await startBoard();
  stopBoard = () => {
    try {
      if (board.child.pid) process.kill(-board.child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  };
  const { database, drop } = await openBenchDatabase();
  const db = database.db;
  try {
    await database.migrate();
    await ensureReferenceData(db);
    const vault = createVault(randomBytes(32));
    const hubs = allHubs();
    // Each company watches 5 hubs; two of its orders want the very same thing (two drivers, one wish).
    const wishes = Math.max(1, Math.floor(ORDERS_PER_COMPANY / 2));
    const usedHubs = new Set<number>();
    for (let c = 0; c < COMPANIES; c++) {
      const [company] = await db.insert(companies).values({ name: `Orders Bench ${c + 1}` }).returning({ id: companies.id });
      await db.insert(companySettings).values({ companyId: company.id, serviceUrl: board.url });
      await db.insert(companyCookies).values({
        companyId: company.id,
        cookieSealed: vault.seal(DEMO_CREDENTIALS.cookie),
        csrfTokenSealed: vault.seal(DEMO_CREDENTIALS.csrfToken),
        cookieSource: 'bench',
        status: 'working',
        isInUse: true,
      });
      const [driver] = await db
        .insert(users)
        .values({ email: `driver${c + 1}@orders-bench.test`, firstName: 'Bench', lastName: `Driver ${c + 1}` })
        .returning({ id: users.id });
      await db.insert(userCompanies).values({ userId: driver.id, companyId: company.id });
      await db.insert(userRoles).values({ userId: driver.id, companyId: company.id, roleId: ROLE.Driver });
      const orders = [];
      for (let i = 0; i < ORDERS_PER_COMPANY; i++) {
        const hubIndex = (c * 7 + (i % wishes) * 3) % hubs.length;
        usedHubs.add(hubIndex);
        const hub = hubs[hubIndex];
        orders.push({
          companyId: company.id,
          workType: 'Any',
          origin: { label: `${hub.city.toUpperCase()}, ${hub.state}`, latitude: hub.latitude, longitude: hub.longitude },
          originRadius: 25,
          destination: [],
          destinationRadius: 25,
          excludedDestinations: [],
          excludedStates: [],
          numberOfStops: 0,
          minPickupTime: 10,
          pickupTimeWithin: '24',
          loadingType: 'Any',
          ppm: '0',
          payout: String(PAYOUT_FLOOR),
          minDistance: '0',
          maxDistance: '0',
          driver1Id: driver.id,
          timeZone: 'EST',
          orderActionType: 1,
          refreshRate: '0.5',
        });
      }
      await db.insert(loadOrders).values(orders);
    }
    const orderCount = COMPANIES * ORDERS_PER_COMPANY;
    console.log(`\nOrders benchmark: ${orderCount} active Alert orders, ${COMPANIES} companies (board accounts), ${SECONDS} s, ${ON_PG ? 'PostgreSQL' : 'PGlite'}; ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);

    const added = new Map<string, number>();
    const engine = startOrderEngine(db, vault, { requestsPerSecond: 1 });
    const cpuBefore = process.cpuUsage();
    const started = Date.now();
    const hubList = [...usedHubs];
    let n = 0;
    while (Date.now() - started < SECONDS * 1000) {
      const hub = hubs[hubList[n++ % hubList.length]];
      const res = await fetch(`${board.url}/bench/add`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ origin: hub.stopCode, payout: PAYOUT_FLOOR + 1000 + n, pickupInMinutes: 180 }),
      });
      added.set(((await res.json()) as { id: string }).id, Date.now());
      await new Promise((r) => setTimeout(r, 1000));
    }
    await engine.stop();
    // Up to the engine's stop: requests made while it stopped count too.
    const elapsed = (Date.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMs = (cpu.user + cpu.system) / 1000;

    // Requests per account.
    const perAccount: number[] = [];
    let busiest = 0;
    for (const [, times] of engine.stats.requests) {
      perAccount.push(times.length / elapsed);
      for (let i = 0; i < times.length; i++) {
        let j = i;
        while (j < times.length && times[j] < times[i] + 1000) j++;
        busiest = Math.max(busiest, j - i);
      }
    }
    perAccount.sort((a, b) => a - b);
    const totalRequests = [...engine.stats.requests.values()].reduce((s, t) => s + t.length, 0);

    // Alert latency: from the moment the work appeared to its alert row, per order and work.
    const alerts = rowsOf(
      await db.execute(sql`select work_opportunity_id, company_id, (extract(epoch from at) * 1000)::float8 as at_ms from order_events where kind = 'alert'`),
    );
    const latencies = alerts
      .filter((a) => added.has(a.work_opportunity_id))
      .map((a) => Number(a.at_ms) - added.get(a.work_opportunity_id)!)
      .sort((a, b) => a - b);
    const searchMs = [...engine.stats.searchMs].sort((a, b) => a - b);
    const [{ searches }] = rowsOf(await db.execute(sql`select coalesce(sum(searches), 0)::int as searches, count(company_id) as n from load_orders`));

    const lines = [
      '',
      `board requests            ${totalRequests} (${fixed(totalRequests / elapsed)} /s over ${engine.stats.requests.size} accounts)`,
      `requests/s per account    min ${fixed(perAccount[0], 2)}  median ${fixed(percentile(perAccount, 50), 2)}  max ${fixed(perAccount[perAccount.length - 1], 2)}  (limit 1.00)`,
      `busiest second, any acct  ${busiest} request(s)`,
      `board answer time         p50 ${fixed(percentile(searchMs, 50), 0)} ms   p95 ${fixed(percentile(searchMs, 95), 0)} ms`,
      `searches answered         ${engine.stats.searches} (order searches counted: ${searches})`,
      `saved by coalescing       ${engine.stats.coalesced} (${fixed((100 * engine.stats.coalesced) / Math.max(1, engine.stats.searches))} % of searches answered)`,
      `work added / alerts       ${added.size} / ${latencies.length} (order × work pairs)`,
      `alert latency             p50 ${fixed(percentile(latencies, 50) / 1000, 2)} s   p95 ${fixed(percentile(latencies, 95) / 1000, 2)} s   max ${fixed(latencies[latencies.length - 1] / 1000, 2)} s`,
      `engine CPU                ${fixed(cpuMs / elapsed / 10)} % of one core in total; ${fixed((cpuMs / elapsed / orderCount) * 1000, 0)} µs per order per second${ON_PG ? ' (PostgreSQL’s own CPU not included)' : ' (PGlite included)'}`,
      '',
    ];
    console.log(lines.join('\n'));
  } finally {
    await database.close().catch(() => {});
    await drop();
    // The whole group: tsx runs the board in a child of its own.
    stopBoard();
  }
}

// Dropping the bench database ends the pool's last connections from the server's side: not a failure.
process.on('uncaughtException', (e) => {
  if (/terminating connection due to administrator command/.test(String(e?.message))) return;
  console.error(e);
  stopBoard();
  process.exit(1);
});

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    stopBoard();
    process.exit(1);
  },
);
