import { randomBytes } from 'node:crypto';
import { createSim, DEMO_CREDENTIALS } from '@haulboard/loadboard-sim';
import { sql } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { TDatabase } from '../src/db/client';
import { asOwner } from '../src/db/scope';
import { startJobs, type TJobs } from '../src/jobs';
import { SESSION_REFRESH_JOB } from '../src/loadboard/jobs';
import { createVault } from '../src/loadboard/vault';
import { createTestApp, createTestDatabase, EMAIL, type TTestApp } from './helpers';

// Runs on PGlite, or on PostgreSQL when DATABASE_URL is set (as every API test does).
const onPostgres = Boolean(process.env.DATABASE_URL);

let database: TDatabase;
const running: TJobs[] = [];
const start = async (options: { clock?: TestClock; pollingIntervalSeconds?: number } = {}) => {
  const jobs = await startJobs({ database, clock: options.clock, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 0.5 });
  running.push(jobs);
  return jobs;
};

beforeEach(async () => {
  database = await createTestDatabase();
});

afterEach(async () => {
  for (const jobs of running.splice(0)) await jobs.stop();
  await database.close();
});

describe(`jobs on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  test('a job sent is worked with its data', async () => {
    const jobs = await start();
    const seen: unknown[] = [];
    await jobs.work<{ loadId: number }>('import-loads', async (data) => {
      seen.push(data);
    });
    await jobs.send('import-loads', { loadId: 42 });
    await vi.waitFor(() => expect(seen).toEqual([{ loadId: 42 }]), { timeout: 10_000 });
  });

  test('a scheduled job runs once per period, on the jobs clock', async () => {
    const clock = new TestClock('2026-03-02T10:02:00Z');
    const jobs = await start({ clock, pollingIntervalSeconds: 10 });
    const runs: string[] = [];
    await jobs.work('every-five-minutes', async () => {
      runs.push(jobs.now().toISOString());
    });
    await jobs.schedule('every-five-minutes', '*/5 * * * *');
    for (let minute = 0; minute < 14; minute++) await clock.tick(60_000);
    // The handler runs after the poll that claimed it: let the last one finish.
    await vi.waitFor(() => expect(runs.length).toBeGreaterThanOrEqual(3), { timeout: 10_000 });
    await clock.tick(30_000);
    // One run in each five-minute period the clock passed (10:05, 10:10, 10:15), none twice.
    expect(runs.map((at) => at.slice(11, 15))).toEqual(['10:0', '10:1', '10:1']);
    expect(runs.map((at) => Math.floor(Number(at.slice(14, 16)) / 5) * 5)).toEqual([5, 10, 15]);
  });

  test('hours missed while no server ran are made up by one run at the next start', async () => {
    const first = new TestClock('2026-03-02T10:02:00Z');
    const before = await start({ clock: first, pollingIntervalSeconds: 10 });
    await before.schedule('hourly-purge', '5 * * * *');
    await first.tick(60_000);
    await before.stop();

    const clock = new TestClock('2026-03-02T13:20:00Z');
    const after = await start({ clock, pollingIntervalSeconds: 10 });
    const runs: string[] = [];
    await after.work('hourly-purge', async () => {
      runs.push(after.now().toISOString());
    });
    // Every server schedules its jobs again as it starts (jobs/housekeeping.ts).
    await after.schedule('hourly-purge', '5 * * * *');
    for (let i = 0; i < 4; i++) await clock.tick(30_000);
    await vi.waitFor(() => expect(runs.length).toBeGreaterThanOrEqual(1), { timeout: 10_000 });
    await clock.tick(30_000);
    expect(runs).toHaveLength(1);
  });

  test('a job sent before a restart runs after it', async () => {
    const before = await start();
    const id = await before.send('send-settlement-email', { settlementId: 7 });
    expect(id).toEqual(expect.any(String));
    await before.stop();

    const after = await start();
    const seen: unknown[] = [];
    await after.work('send-settlement-email', async (data) => {
      seen.push(data);
    });
    await vi.waitFor(() => expect(seen).toEqual([{ settlementId: 7 }]), { timeout: 10_000 });
  });

  test('a job whose handler throws is tried again', async () => {
    const jobs = await start();
    let attempts = 0;
    await jobs.work('flaky', async () => {
      attempts++;
      if (attempts === 1) throw new Error('the board did not answer');
    });
    await jobs.send('flaky', {}, { retryLimit: 2, retryDelay: 0 });
    await vi.waitFor(() => expect(attempts).toBe(2), { timeout: 15_000 });
  });

  test.skipIf(!onPostgres)('with two servers on one PostgreSQL, each job runs exactly once', async () => {
    const a = await start();
    const b = await start();
    const handledBy = new Map<number, string[]>();
    const handler = (who: string) => async (data: { n: number }) => {
      handledBy.set(data.n, [...(handledBy.get(data.n) ?? []), who]);
      await new Promise((r) => setTimeout(r, 20));
    };
    await a.work('count', handler('a'));
    await b.work('count', handler('b'));
    for (let n = 0; n < 30; n++) await (n % 2 ? a : b).send('count', { n });
    await vi.waitFor(() => expect(handledBy.size).toBe(30), { timeout: 20_000 });
    await new Promise((r) => setTimeout(r, 1500));
    expect([...handledBy.values()].every((who) => who.length === 1)).toBe(true);
    // pg-boss's tables are the database's bookkeeping, read as the connecting role (decision 018).
    const rows = await asOwner(() => database.db.execute(sql.raw(`select count(*)::int as n from pgboss.job where name = 'count' and state = 'completed'`)));
    expect(((Array.isArray(rows) ? rows : (rows as any).rows)[0] as any).n).toBe(30);
  });

  test.skipIf(!onPostgres)('with two servers on one PostgreSQL, a scheduled job runs once per period', async () => {
    const clockA = new TestClock('2026-03-02T10:02:00Z');
    const clockB = new TestClock('2026-03-02T10:02:00Z');
    const a = await start({ clock: clockA, pollingIntervalSeconds: 10 });
    const b = await start({ clock: clockB, pollingIntervalSeconds: 10 });
    const runs: string[] = [];
    for (const [jobs, who] of [
      [a, 'a'],
      [b, 'b'],
    ] as const) {
      await jobs.work('hourly', async () => {
        runs.push(`${who} ${jobs.now().toISOString()}`);
      });
      await jobs.schedule('hourly', '5 * * * *');
    }
    for (let minute = 0; minute < 8; minute++) {
      await clockA.tick(60_000);
      await clockB.tick(60_000);
    }
    await vi.waitFor(() => expect(runs.length).toBeGreaterThanOrEqual(1), { timeout: 10_000 });
    await clockA.tick(30_000);
    await clockB.tick(30_000);
    await new Promise((r) => setTimeout(r, 500));
    // Both servers scheduled it and both work the queue: 10:05 ran on one of them, once.
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatch(/^[ab] 2026-03-02T10:05/);
  });
});

describe('the periodic check of the board sessions', () => {
  let t: TTestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  test('the server schedules it every 30 minutes, and a run marks the working session in use', async () => {
    const sim = createSim({ now: '2026-03-10T15:00:00Z', seed: 'jobs-test' });
    const simUrl = await sim.listen({ port: 0 });
    try {
      const vault = createVault(randomBytes(32));
      // The jobs' clock starts at the real time, 30 s before a half hour: the next tick reaches it.
      const start = new Date();
      start.setUTCMinutes(start.getUTCMinutes() < 30 ? 29 : 59, 30, 0);
      const clock = new TestClock(start.getTime());
      t = await createTestApp({ vault, jobs: (db) => startJobs({ database: db, clock, pollingIntervalSeconds: 10 }) });
      const rowsOf = (r: unknown) => (Array.isArray(r) ? r : (r as any).rows) as any[];
      const [schedule] = rowsOf(await asOwner(() => t.db.execute(sql.raw(`select name, cron from pgboss.schedule where name = '${SESSION_REFRESH_JOB.name}'`))));
      expect(schedule).toEqual({ name: 'refresh-board-sessions', cron: '*/30 * * * *' });

      expect((await t.call({ method: 'POST', url: `/api/General/setServiceUrl?url=${encodeURIComponent(simUrl)}`, as: EMAIL.admin })).status).toBe(200);
      // Stored as an older server left it: never checked, so not in use.
      await t.db.execute(
        sql`insert into company_cookies (company_id, cookie_sealed, csrf_token_sealed, cookie_source) values (${t.ids.companies.demo}, ${vault.seal(DEMO_CREDENTIALS.cookie)}, ${vault.seal(DEMO_CREDENTIALS.csrfToken)}, 'Chrome')`,
      );
      const list = async () => (await t!.call({ method: 'GET', url: '/api/CookieAdmin', as: EMAIL.admin })).body as any[];
      expect((await list())[0]).toMatchObject({ status: 'unchecked', isInUse: false });

      for (let i = 0; i < 3; i++) await clock.tick(30_000);
      await vi.waitFor(async () => expect((await list())[0]).toMatchObject({ status: 'working', isInUse: true }), { timeout: 15_000, interval: 250 });
    } finally {
      await sim.close();
    }
  });
});
