/**
 * The board benchmark (issue #3): GetFilteredLoads and GetLoadHistory (and their paged additions)
 * over HTTP against the real server, and the same query functions called directly on a
 * node-postgres pool, at 1 and at 16 concurrent clients, over 1,000,000 loads in 200 companies.
 *
 *   npm run bench                     generate the data when missing, then measure
 *   npm run bench -- --fresh          regenerate the data first
 *   npm run bench -- --only=history   scenarios whose name contains the text
 *   npm run bench -- --requests=50    requests per run at concurrency 1 (16 clients: 4×)
 *   npm run bench -- --explain        only print the plans (EXPLAIN ANALYZE) of every scenario
 *
 * It prints figures; it is not a test and never fails on a missed goal.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { loadRoutes, ZLoadFilter, ZLoadHistoryFilter, ZLoadHistoryPageRequest, ZLoadsPageRequest } from '@haulboard/contract';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { hashToken } from '../apps/server/src/access/context';
import type { TDb } from '../apps/server/src/db/client';
import * as schema from '../apps/server/src/db/schema';
import { findLoads, findLoadsPage, type TLoadViewer } from '../apps/server/src/modules/loads/queries';
import { explainKeyLines, type TCapturedQuery } from './explain';
import { benchDatabaseUrl, generate } from './generate';
import { formatTable, ms, runInterleaved, type TRunResult } from './measure';
import { startServer } from './server-process';

const GOAL_P95_MS = 50;
const GOAL_RATIO = 1.5;
/** The server's pool (openPostgres) holds 10 connections; the direct path gets the same. */
const POOL_SIZE = 10;
const CONCURRENCIES = [1, 16];

type TEndpoint = 'GetFilteredLoads' | 'GetFilteredLoadsPage' | 'GetLoadHistory' | 'GetLoadHistoryPage';

type TScenario = {
  name: string;
  endpoint: TEndpoint;
  /** Company whose dispatcher asks. */
  companyId: number;
  /** Request bodies, used in turn. */
  bodies: Record<string, unknown>[];
};

type TSession = { companyId: number; userId: number; token: string };

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'] as const;
  }),
);
const REQUESTS_C1 = Number(args.get('requests') ?? 100);
const REQUESTS_C16 = REQUESTS_C1 * 4;
const MAX_SECONDS = Number(args.get('max-seconds') ?? 20);
const WARMUP = 10;
/** SQL and HTTP alternate in this many rounds per run, so background load hits both alike. */
const ROUNDS = 5;

/** The same query function the route calls, with the body parsed by the route's own schema. */
function directCall(db: TDb, scenario: TScenario, viewer: TLoadViewer) {
  const schemaOf = {
    GetFilteredLoads: ZLoadFilter,
    GetLoadHistory: ZLoadHistoryFilter,
    GetFilteredLoadsPage: ZLoadsPageRequest,
    GetLoadHistoryPage: ZLoadHistoryPageRequest,
  } as const;
  const parsed = scenario.bodies.map((body) => schemaOf[scenario.endpoint].parse(body));
  return async (i: number): Promise<number> => {
    const filter: any = parsed[i % parsed.length];
    if (scenario.endpoint === 'GetFilteredLoads' || scenario.endpoint === 'GetLoadHistory') {
      return (await findLoads(db, scenario.companyId, filter, viewer, loadRoutes.getFilteredLoads.list.cap)).length;
    }
    const { page, pageSize, sortBy, sortDir, ...rest } = filter;
    return (await findLoadsPage(db, scenario.companyId, rest, { page, pageSize, sortBy, sortDir }, viewer)).rows.length;
  };
}

function httpCall(baseUrl: string, scenario: TScenario, session: TSession) {
  const url = `${baseUrl}/api/Load/${scenario.endpoint}`;
  const headers = { 'content-type': 'application/json', cookie: `hb_session=${session.token}` };
  const payloads = scenario.bodies.map((b) => JSON.stringify(b));
  return async (i: number, parse = false): Promise<{ rows: number; bytes: number }> => {
    const res = await fetch(url, { method: 'POST', headers, body: payloads[i % payloads.length] });
    // The whole body is read: the server's work ends with its last byte. Parsing it is the
    // client's cost, so it happens only when checking.
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${scenario.endpoint} answered ${res.status}: ${text.slice(0, 200)}`);
    if (!parse) return { rows: 0, bytes: text.length };
    const json = JSON.parse(text);
    return { rows: Array.isArray(json) ? json.length : json.rows.length, bytes: Buffer.byteLength(text) };
  };
}

async function pickScenarios(client: pg.Client): Promise<TScenario[]> {
  const one = async <T = any>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[];
  const [big] = await one<{ company_id: number; loads: number }>(`select company_id, loads from bench_company where rank = 1`);
  const [mid] = await one<{ company_id: number; loads: number }>(`select company_id, loads from bench_company where rank = 10`);
  const recentWeeks = (companyId: number) =>
    one<{ id: number; start_date: string }>(
      `select id, start_date::text from work_weeks where company_id = $1 and start_date <= current_date order by start_date desc limit 8`,
      [companyId],
    );
  const bigWeeks = await recentWeeks(big.company_id);
  const midWeeks = await recentWeeks(mid.company_id);
  const day = (iso: string, plus: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + plus * 86_400_000).toISOString().slice(0, 10);
  const numbers = await one<{ load_number: string }>(
    `select load_number from loads where company_id = $1 order by md5(id::text) limit 50`,
    [big.company_id],
  );
  const drivers = await one<{ user_id: number }>(
    `select user_id from user_roles where company_id = $1 and role_id = 3 order by md5(user_id::text) limit 20`,
    [big.company_id],
  );
  const thisYear = new Date().getUTCFullYear();
  const busyStates = [45, 5, 14, 11, 10, 37, 40, 44];

  return [
    {
      name: 'board: a week, biggest company',
      endpoint: 'GetFilteredLoads',
      companyId: big.company_id,
      bodies: bigWeeks.map((w) => ({ loadNumber: '', weekId: w.id, driverId: 0, startDate: '', endDate: '' })),
    },
    {
      name: 'board: a week, 10th company',
      endpoint: 'GetFilteredLoads',
      companyId: mid.company_id,
      bodies: midWeeks.map((w) => ({ loadNumber: '', weekId: w.id, driverId: 0, startDate: '', endDate: '' })),
    },
    {
      name: 'board: 3 days, biggest company',
      endpoint: 'GetFilteredLoads',
      companyId: big.company_id,
      bodies: bigWeeks.map((w, i) => ({ weekId: 0, startDate: day(w.start_date, i % 5), endDate: day(w.start_date, (i % 5) + 2) })),
    },
    {
      name: 'board: a load number, biggest company',
      endpoint: 'GetFilteredLoads',
      companyId: big.company_id,
      bodies: numbers.map((n) => ({ loadNumber: n.load_number, weekId: 0, driverId: 0 })),
    },
    {
      name: 'board: a driver, 4 weeks, biggest company',
      endpoint: 'GetFilteredLoads',
      companyId: big.company_id,
      bodies: drivers.map((d, i) => ({ driverId: d.user_id, startDate: day(bigWeeks[3 + (i % 4)].start_date, 0), endDate: day(bigWeeks[0].start_date, 6) })),
    },
    {
      name: 'board page: a week, biggest company, 100/page',
      endpoint: 'GetFilteredLoadsPage',
      companyId: big.company_id,
      bodies: bigWeeks.map((w, i) => ({ weekId: w.id, page: i % 3, pageSize: 100, sortBy: 'loadStartDate', sortDir: 'desc' })),
    },
    {
      name: 'board page: a driver, all time, biggest company',
      endpoint: 'GetFilteredLoadsPage',
      companyId: big.company_id,
      bodies: drivers.map((d) => ({ driverId: d.user_id, page: 0, pageSize: 100, sortBy: 'loadStartDate', sortDir: 'desc' })),
    },
    {
      name: 'history: state + year, 10th company',
      endpoint: 'GetLoadHistory',
      companyId: mid.company_id,
      bodies: busyStates.flatMap((stateId) => [thisYear, thisYear - 1].map((year) => ({ stateId, year, weekId: 0, loadNumber: '' }))),
    },
    {
      name: 'history: state + 7 days, biggest company',
      endpoint: 'GetLoadHistory',
      companyId: big.company_id,
      bodies: busyStates.map((stateId, i) => ({ stateId, startDate: bigWeeks[i % 8].start_date, endDate: day(bigWeeks[i % 8].start_date, 6) })),
    },
    {
      name: 'history page: state + year, biggest company, 100/page',
      endpoint: 'GetLoadHistoryPage',
      companyId: big.company_id,
      bodies: busyStates.map((stateId, i) => ({ stateId, year: thisYear - (i % 2), page: 0, pageSize: 100, sortBy: 'loadStartDate', sortDir: 'desc' })),
    },
  ];
}

/** Sessions for the dispatchers of the companies the scenarios use, straight into the table. */
async function createSessions(client: pg.Client, companyIds: number[]): Promise<Map<number, TSession>> {
  await client.query(`delete from sessions`);
  const sessions = new Map<number, TSession>();
  for (const companyId of new Set(companyIds)) {
    const { rows } = await client.query(`select user_id from user_roles where company_id = $1 and role_id = 2 order by user_id limit 1`, [
      companyId,
    ]);
    const token = randomBytes(32).toString('base64url');
    await client.query(`insert into sessions (id, user_id, company_id, expires_at) values ($1, $2, $3, now() + interval '1 day')`, [
      hashToken(token),
      rows[0].user_id,
      companyId,
    ]);
    sessions.set(companyId, { companyId, userId: rows[0].user_id, token });
  }
  return sessions;
}

type TRun = { concurrency: number; http: TRunResult; sql: TRunResult; serverCpuMsPerRequest: number | null };

type TScenarioResult = {
  scenario: TScenario;
  rowsPerResponse: number;
  kilobytesPerResponse: number;
  runs: TRun[];
};

const goalsMet = (r: TScenarioResult) =>
  r.runs.every((x) => x.http.p95 < GOAL_P95_MS && x.http.p95 / x.sql.p95 <= GOAL_RATIO && x.http.errors === 0);

async function main() {
  const url = benchDatabaseUrl();
  console.log(
    `Haulboard board benchmark — ${os.cpus().length} CPU cores, Node ${process.version}, ${new Date().toISOString()}, load average ${loadAverage()}`,
  );
  await generate({ url, fresh: args.has('fresh') });

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows: pgVersion } = await client.query(`select current_setting('server_version') as v`);
  let scenarios = await pickScenarios(client);
  const only = args.get('only');
  if (only) scenarios = scenarios.filter((s) => s.name.includes(only));
  const sessions = await createSessions(
    client,
    scenarios.map((s) => s.companyId),
  );

  // The direct path: a node-postgres pool the size of the server's, the same Drizzle schema,
  // a logger that can capture the statements for EXPLAIN.
  let capture: TCapturedQuery[] | null = null;
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (query, params) => capture?.push({ query, params }) },
  }) as unknown as TDb;

  if (args.has('explain')) {
    await printPlans(client, db, scenarios, sessions, () => capture, (c) => {
      capture = c;
    });
    await pool.end();
    await client.end();
    return;
  }

  const server = await startServer(url);
  console.log(`server: ${server.baseUrl} (pid ${server.pid}); PostgreSQL ${pgVersion[0].v}; pool ${POOL_SIZE} connections on both paths`);
  console.log(
    `runs: ${REQUESTS_C1} requests at 1 client, ${REQUESTS_C16} at 16 (at most ${MAX_SECONDS} s each), in ${ROUNDS} alternating SQL/HTTP rounds, after ${WARMUP} warm-up calls per path\n`,
  );

  const results: TScenarioResult[] = [];
  try {
    await printFixedCosts(server.baseUrl, pool, sessions.values().next().value!);
    for (const scenario of scenarios) {
      const session = sessions.get(scenario.companyId)!;
      const viewer: TLoadViewer = { userId: session.userId, seesAllDrivers: true };
      const direct = directCall(db, scenario, viewer);
      const http = httpCall(server.baseUrl, scenario, session);

      // Warm-up, and a check that both paths answer the same number of rows.
      let rows = 0;
      let bytes = 0;
      for (let i = 0; i < WARMUP; i++) {
        const [a, b] = [await direct(i), await http(i, true)];
        if (a !== b.rows) {
          const body = JSON.stringify(scenario.bodies[i % scenario.bodies.length]);
          throw new Error(`${scenario.name}: HTTP answered ${b.rows} rows, the direct call ${a} (body ${body})`);
        }
        rows += a;
        bytes += b.bytes;
      }
      const result: TScenarioResult = { scenario, rowsPerResponse: rows / WARMUP, kilobytesPerResponse: bytes / WARMUP / 1024, runs: [] };
      for (const concurrency of CONCURRENCIES) {
        const limits = { requests: concurrency === 1 ? REQUESTS_C1 : REQUESTS_C16, concurrency, maxSeconds: MAX_SECONDS };
        // The server idles while the direct rounds run, so its CPU time over the whole run is
        // what the HTTP requests cost it.
        const cpuBefore = server.cpuMs();
        const [sql, over] = await runInterleaved(limits, ROUNDS, [
          async (i) => {
            await direct(i);
          },
          async (i) => {
            await http(i);
          },
        ]);
        const cpuAfter = server.cpuMs();
        const serverCpuMsPerRequest = cpuBefore !== null && cpuAfter !== null && over.count ? (cpuAfter - cpuBefore) / over.count : null;
        result.runs.push({ concurrency, http: over, sql, serverCpuMsPerRequest });
        const failed = over.errors ? `  (${over.errors} errors: ${over.firstError})` : '';
        console.log(
          `  ${scenario.name.padEnd(52)} c=${String(concurrency).padStart(2)}  HTTP p95 ${ms(over.p95).padStart(7)} ms  SQL p95 ${ms(sql.p95).padStart(7)} ms${failed}`,
        );
      }
      results.push(result);
    }
  } finally {
    await server.stop();
  }

  printResults(results);
  console.log(`load average (1, 5, 15 min) at the end: ${loadAverage()} on ${os.cpus().length} cores: other work on the machine shows here.`);

  // Why a goal was missed: the plan of the scenario's statements for its first body.
  const missed = results.filter((r) => !goalsMet(r)).map((r) => r.scenario);
  if (missed.length) {
    console.log('\nPlans of the scenarios that miss a goal (EXPLAIN ANALYZE of the first request body, key lines):');
    await printPlans(client, db, missed, sessions, () => capture, (c) => {
      capture = c;
    });
  }
  await pool.end();
  await client.end();
}

const loadAverage = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(', ');

/** Runs each scenario's first body once through the query function, capturing its statements,
 * and prints the key lines of their plans. */
async function printPlans(
  client: pg.Client,
  db: TDb,
  scenarios: TScenario[],
  sessions: Map<number, TSession>,
  captured: () => TCapturedQuery[] | null,
  setCapture: (c: TCapturedQuery[] | null) => void,
) {
  for (const scenario of scenarios) {
    const session = sessions.get(scenario.companyId)!;
    setCapture([]);
    await directCall(db, scenario, { userId: session.userId, seesAllDrivers: true })(0);
    const statements = captured() ?? [];
    setCapture(null);
    console.log(`\n  ${scenario.name} — ${scenario.endpoint} ${JSON.stringify(scenario.bodies[0])}`);
    for (const [n, q] of statements.entries()) {
      console.log(`    statement ${n + 1}:`);
      for (const line of await explainKeyLines(client, q)) console.log(`      ${line}`);
    }
  }
}

function verdictOf(run: TRun) {
  const missed = [
    run.http.p95 < GOAL_P95_MS ? '' : 'p95',
    run.http.p95 / run.sql.p95 <= GOAL_RATIO ? '' : 'ratio',
    run.http.errors ? 'errors' : '',
  ].filter(Boolean);
  return missed.length ? `missed: ${missed.join('+')}` : 'met';
}

function printResults(results: TScenarioResult[]) {
  const rows = results.flatMap((r) =>
    r.runs.map((run) => {
      const first = run.concurrency === CONCURRENCIES[0];
      return [
        first ? r.scenario.name : '',
        first ? Math.round(r.rowsPerResponse) : '',
        first ? Math.round(r.kilobytesPerResponse) : '',
        run.concurrency,
        ms(run.http.p50),
        ms(run.http.p95),
        ms(run.http.p99),
        run.http.perSecond.toFixed(0),
        run.serverCpuMsPerRequest === null ? '-' : run.serverCpuMsPerRequest.toFixed(1),
        ms(run.sql.p50),
        ms(run.sql.p95),
        ms(run.sql.p99),
        run.sql.perSecond.toFixed(0),
        `${(run.http.p95 / run.sql.p95).toFixed(2)}×`,
        verdictOf(run),
      ];
    }),
  );
  console.log('\nLatency in ms (closed loop, loopback). HTTP = the real server; SQL = the same query function on a pg pool.');
  console.log('srv CPU = CPU time the server process used per HTTP request (ms), from /proc.');
  console.log(`Goals: HTTP p95 < ${GOAL_P95_MS} ms and HTTP p95 / SQL p95 ≤ ${GOAL_RATIO}.\n`);
  console.log(
    formatTable(
      [
        { title: 'scenario', align: 'left' },
        { title: 'rows' },
        { title: 'KB' },
        { title: 'c' },
        { title: 'HTTP p50' },
        { title: 'p95' },
        { title: 'p99' },
        { title: 'req/s' },
        { title: 'srv CPU' },
        { title: 'SQL p50' },
        { title: 'p95' },
        { title: 'p99' },
        { title: 'req/s' },
        { title: 'ratio p95' },
        { title: 'goals', align: 'left' },
      ],
      rows,
    ),
  );
  const all = results.flatMap((r) => r.runs);
  const p95Met = all.filter((x) => x.http.p95 < GOAL_P95_MS).length;
  const ratioMet = all.filter((x) => x.http.p95 / x.sql.p95 <= GOAL_RATIO).length;
  console.log(`\np95 < ${GOAL_P95_MS} ms: ${p95Met} of ${all.length} runs; ratio ≤ ${GOAL_RATIO}: ${ratioMet} of ${all.length} runs.`);
}

/**
 * What every HTTP request costs before any board query: the round trip through Fastify (health:
 * no session, `select 1`), and the same plus the session lookup and permission check (a lookup
 * list of 8 rows), against `select 1` on the pool.
 */
async function printFixedCosts(baseUrl: string, pool: pg.Pool, session: TSession) {
  const limits = { requests: 200, concurrency: 1, maxSeconds: 10 };
  const get = (path: string, cookie?: string) => async () => {
    const res = await fetch(`${baseUrl}${path}`, { headers: cookie ? { cookie: `hb_session=${cookie}` } : {} });
    await res.text();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  };
  const [select1, health, lookup] = await runInterleaved(limits, ROUNDS, [
    async () => {
      await pool.query('select 1');
    },
    get('/api/health'),
    get('/api/Lookup/GetLoadStatusList', session.token),
  ]);
  console.log(
    formatTable(
      [{ title: 'fixed cost, 1 client', align: 'left' }, { title: 'p50' }, { title: 'p95' }],
      [
        ['select 1 on the pool', ms(select1.p50), ms(select1.p95)],
        ['GET /api/health (HTTP, select 1)', ms(health.p50), ms(health.p95)],
        ['GET /api/Lookup/GetLoadStatusList (HTTP, session, lookup)', ms(lookup.p50), ms(lookup.p95)],
      ],
    ),
  );
  console.log('');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
