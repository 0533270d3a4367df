/**
 * The mixed load (issue #7, Operations): 16 connections for 60 s, 70 % board and history reads
 * (one page each) and 30 % new loads, against the real server on embedded PGlite and on PostgreSQL.
 * Prints requests per second, p50 / p99, non-2xx answers and lost writes (loads the server
 * acknowledged with a 2xx that are missing once it has stopped). Then a kill -9 round on each:
 * the server is killed while 16 connections write, started again on the same data, and the
 * acknowledged loads are counted. It prints figures; it is not a test.
 *
 *   npm run bench:mixed -w bench            (also the first part of `npm run bench`)
 *   MIXED_SECONDS=20 MIXED_ONLY=pglite npx tsx bench/mixed.bench.ts
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APP_REQUEST_HEADER } from '@haulboard/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { hashToken } from '../apps/server/src/access/context';
import { openPglite, openPostgres, type TDatabase } from '../apps/server/src/db/client';
import { ensureReferenceData } from '../apps/server/src/db/reference-data';
import { seedDemo } from '../apps/server/src/db/seed/demo';
import '../apps/server/src/db/seed/demo-board';
import '../apps/server/src/db/seed/demo-expenses';
import { startServer, type TServer } from './server-process';

const SECONDS = Number(process.env.MIXED_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.MIXED_CONNECTIONS ?? 16);
const READ_SHARE = 0.7;
const KILL_AFTER_MS = 5000;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const only = process.env.MIXED_ONLY?.toLowerCase();

type TBackend = {
  name: string;
  target: string | { dataDir: string };
  /** Opens the data while no server runs. */
  open: () => Promise<TDatabase>;
  dispose: () => Promise<void>;
};

type TFixture = {
  token: string;
  brokerId: number;
  writeWeekId: number;
  readWeekIds: number[];
  stateIds: number[];
  years: number[];
  driverIds: number[];
};

type TRound = { latencies: number[]; reads: number[]; writes: number[]; non2xx: number; errors: number; acked: Set<string>; sent: Set<string>; seconds: number };

async function pgBackend(): Promise<TBackend> {
  const name = 'haulboard_mixed_bench';
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  const url = u.toString();
  return {
    name: 'PostgreSQL',
    target: url,
    open: async () => openPostgres(url, { max: 2 }),
    dispose: async () => {
      const again = new pg.Client({ connectionString: ADMIN_URL });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

async function pgliteBackend(): Promise<TBackend> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haulboard-mixed-'));
  return {
    name: 'PGlite',
    target: { dataDir },
    open: () => openPglite(dataDir),
    dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** The demo data, and a dispatcher's session of Demo Freight straight into the table. */
async function prepare(backend: TBackend): Promise<TFixture> {
  const database = await backend.open();
  try {
    await database.migrate();
    await ensureReferenceData(database.db);
    await seedDemo(database.db);
    // Only numbers read from the database and a hash go into these statements.
    const q = async <T>(text: string) => {
      const { rows } = (await database.db.execute(sql.raw(text))) as unknown as { rows: T[] };
      return rows;
    };
    const [dispatcher] = await q<{ user_id: number; company_id: number }>(
      `select ur.user_id, ur.company_id from user_roles ur join users u on u.id = ur.user_id where u.email = 'dispatcher@demo.haulboard.test' limit 1`,
    );
    const companyId = dispatcher.company_id;
    const [broker] = await q<{ id: number }>(`select id from brokers where company_id = ${companyId} and is_active order by id limit 1`);
    const [writeWeek] = await q<{ id: number }>(
      `select id from work_weeks w where company_id = ${companyId} and start_date <= current_date
         and not exists (select 1 from settlement_closures c where c.week_id = w.id) order by start_date desc limit 1`,
    );
    const readWeeks = await q<{ week_id: number }>(
      `select week_id from loads where company_id = ${companyId} group by week_id order by count(*) desc limit 8`,
    );
    const states = await q<{ origin_state_id: number; year: number }>(
      `select l.origin_state_id, w.year from loads l join work_weeks w on w.id = l.week_id where l.company_id = ${companyId}
        group by 1, 2 order by count(*) desc limit 8`,
    );
    const drivers = await q<{ user_id: number }>(
      `select ur.user_id from user_roles ur join roles r on r.id = ur.role_id where ur.company_id = ${companyId} and r.name = 'Driver' order by 1 limit 4`,
    );
    const token = randomBytes(32).toString('base64url');
    await q(
      `insert into sessions (id, user_id, company_id, expires_at, idle_expires_at) values ('${hashToken(token)}', ${dispatcher.user_id}, ${companyId}, now() + interval '1 day', now() + interval '1 day')`,
    );
    return {
      token,
      brokerId: broker.id,
      writeWeekId: writeWeek.id,
      readWeekIds: readWeeks.map((r) => r.week_id),
      stateIds: states.map((s) => s.origin_state_id),
      years: states.map((s) => s.year),
      driverIds: drivers.map((d) => d.user_id),
    };
  } finally {
    await database.close();
  }
}

/** The loads of the run's numbers found in the database (read with no server running). */
async function presentNumbers(backend: TBackend, prefix: string): Promise<Set<string>> {
  const database = await backend.open();
  try {
    const rows = (await database.db.execute(sql.raw(`select load_number from loads where load_number like '${prefix}%'`))) as unknown as {
      rows: { load_number: string }[];
    };
    return new Set(rows.rows.map((r) => r.load_number));
  } finally {
    await database.close();
  }
}

function requestFor(f: TFixture, prefix: string, n: number, kind: 'read' | 'write') {
  if (kind === 'write') {
    const loadNumber = `${prefix}${n}`;
    const day = new Date();
    const start = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 13));
    return {
      loadNumber,
      path: '/api/Load/AddUpdateLoad',
      body: {
        loadId: 0,
        loadNumber,
        brokerId: f.brokerId,
        loadStartDate: start.toISOString(),
        loadEndDate: new Date(start.getTime() + 30 * 3600_000).toISOString(),
        weekId: f.writeWeekId,
        originStateId: f.stateIds[n % f.stateIds.length],
        originCity: 'Dallas',
        destinationStateId: f.stateIds[(n + 1) % f.stateIds.length],
        destinationCity: 'Atlanta',
        tripLength: 781,
        numberOfStops: 2,
        pricePerMile: 2.35,
        payout: 1835.35,
        loadStatusId: 1,
        loadDrivers: f.driverIds.length ? [f.driverIds[n % f.driverIds.length]] : [],
        isDispute: false,
        comments: null,
      },
    };
  }
  if (n % 2 === 0) {
    return { path: '/api/Load/GetFilteredLoadsPage', body: { weekId: f.readWeekIds[n % f.readWeekIds.length], page: 0, pageSize: 100 } };
  }
  const i = n % f.stateIds.length;
  return { path: '/api/Load/GetLoadHistoryPage', body: { stateId: f.stateIds[i], year: f.years[i], page: 0, pageSize: 100 } };
}

/** 16 closed-loop connections until `ms` have passed or `stop()` says so; writes only when `writeShare` is 1. */
async function drive(server: TServer, f: TFixture, prefix: string, ms: number, writeShare: number, stop?: () => boolean): Promise<TRound> {
  const round: TRound = { latencies: [], reads: [], writes: [], non2xx: 0, errors: 0, acked: new Set(), sent: new Set(), seconds: 0 };
  const headers = { 'content-type': 'application/json', cookie: `hb_session=${f.token}`, [APP_REQUEST_HEADER.name]: APP_REQUEST_HEADER.value };
  let counter = 0;
  const started = performance.now();
  const deadline = started + ms;
  const worker = async () => {
    while (performance.now() < deadline && !stop?.()) {
      const n = counter++;
      const kind = Math.random() < writeShare ? 'write' : 'read';
      const req = requestFor(f, prefix, n, kind);
      if ('loadNumber' in req && req.loadNumber) round.sent.add(req.loadNumber);
      const t0 = performance.now();
      try {
        const res = await fetch(`${server.baseUrl}${req.path}`, { method: 'POST', headers, body: JSON.stringify(req.body), signal: AbortSignal.timeout(30_000) });
        await res.arrayBuffer();
        const took = performance.now() - t0;
        round.latencies.push(took);
        (kind === 'read' ? round.reads : round.writes).push(took);
        if (res.status < 200 || res.status > 299) round.non2xx++;
        else if ('loadNumber' in req && req.loadNumber) round.acked.add(req.loadNumber);
      } catch {
        round.errors++;
        if (stop?.()) return;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  round.seconds = (performance.now() - started) / 1000;
  return round;
}

const pct = (values: number[], p: number) => {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');

type TRow = { backend: string; requests: number; rps: number; p50: number; p99: number; readP50: number; readP99: number; writeP50: number; writeP99: number; non2xx: number; errors: number; acked: number; lost: number };
type TKillRow = { backend: string; sent: number; acked: number; ackedPresent: number; unackedPresent: number };

async function runBackend(backend: TBackend): Promise<{ row: TRow; kill: TKillRow }> {
  console.log(`\n${backend.name}: seeding the demo data…`);
  const fixture = await prepare(backend);
  const prefix = `MX-${randomBytes(2).toString('hex')}-`;
  let server = await startServer(backend.target, { label: backend.name });
  console.log(`${backend.name}: ${CONNECTIONS} connections for ${SECONDS} s (70 % reads, 30 % writes)…`);
  const round = await drive(server, fixture, prefix, SECONDS * 1000, 1 - READ_SHARE);
  await server.stop();
  const present = await presentNumbers(backend, prefix);
  const lost = [...round.acked].filter((n) => !present.has(n)).length;
  const row: TRow = {
    backend: backend.name,
    requests: round.latencies.length,
    rps: round.latencies.length / round.seconds,
    p50: pct(round.latencies, 50),
    p99: pct(round.latencies, 99),
    readP50: pct(round.reads, 50),
    readP99: pct(round.reads, 99),
    writeP50: pct(round.writes, 50),
    writeP99: pct(round.writes, 99),
    non2xx: round.non2xx,
    errors: round.errors,
    acked: round.acked.size,
    lost,
  };

  // kill -9 while 16 connections write; start again on the same data; count what was acknowledged.
  const killPrefix = `KX-${randomBytes(2).toString('hex')}-`;
  server = await startServer(backend.target, { label: backend.name });
  console.log(`${backend.name}: kill -9 after ${KILL_AFTER_MS / 1000} s of writes…`);
  let killed = false;
  const writing = drive(server, fixture, killPrefix, 60_000, 1, () => killed);
  await new Promise((r) => setTimeout(r, KILL_AFTER_MS));
  await server.kill();
  killed = true;
  const killRound = await writing;
  // Restart on the same data (PGlite recovers its folder and takes over the dead process's lock).
  server = await startServer(backend.target, { label: backend.name });
  await server.stop();
  const after = await presentNumbers(backend, killPrefix);
  const kill: TKillRow = {
    backend: backend.name,
    sent: killRound.sent.size,
    acked: killRound.acked.size,
    ackedPresent: [...killRound.acked].filter((n) => after.has(n)).length,
    unackedPresent: [...after].filter((n) => !killRound.acked.has(n)).length,
  };
  return { row, kill };
}

function table(headers: string[], rows: (string | number)[][]) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells: (string | number)[]) => cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

async function main() {
  const rows: TRow[] = [];
  const kills: TKillRow[] = [];
  const makers = [
    ['pglite', pgliteBackend],
    ['postgres', pgBackend],
  ] as const;
  for (const [key, make] of makers) {
    if (only && only !== key) continue;
    const backend = await make();
    try {
      const { row, kill } = await runBackend(backend);
      rows.push(row);
      kills.push(kill);
    } finally {
      await backend.dispose();
    }
  }
  const load = os.loadavg().map((l) => l.toFixed(1)).join(' ');
  console.log(`\nMixed load: ${CONNECTIONS} connections, ${SECONDS} s, 70 % reads (board page / history page), 30 % new loads; ${os.cpus().length} cores, load average ${load}\n`);
  console.log(
    table(
      ['database', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'read p50', 'read p99', 'write p50', 'write p99', 'non-2xx', 'errors', 'acked writes', 'lost'],
      rows.map((r) => [r.backend, r.requests, f1(r.rps), f1(r.p50), f1(r.p99), f1(r.readP50), f1(r.readP99), f1(r.writeP50), f1(r.writeP99), r.non2xx, r.errors, r.acked, r.lost]),
    ),
  );
  console.log(`\nkill -9 during writes (${CONNECTIONS} connections, killed after ${KILL_AFTER_MS / 1000} s), restarted on the same data:\n`);
  console.log(
    table(
      ['database', 'writes sent', 'acknowledged', 'acknowledged present after restart', 'lost', 'unacknowledged present'],
      kills.map((k) => [k.backend, k.sent, k.acked, k.ackedPresent, k.acked - k.ackedPresent, k.unackedPresent]),
    ),
  );
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
