import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { startServer, type TServer } from '../../../bench/server-process';
import { openPostgres } from '../src/db/client';
import { ensureReferenceData } from '../src/db/reference-data';
import { seedDemo } from '../src/db/seed/demo';
import { HOUSEKEEPING_JOBS, startJobs } from '../src/jobs';
import { withDatabase } from './global-setup';
import { EMAIL } from './helpers';
import { api, signIn } from './http-client';

// Two real server processes on one fresh PostgreSQL database, as behind a load balancer: a
// session made through one works on the other, a change through one is seen by the other, and a
// scheduled job both could run runs once. Only with DATABASE_URL (PGlite is one process).
const url = process.env.DATABASE_URL;
const name = `haulboard_cluster_${randomBytes(5).toString('hex')}`;
let dataDir = '';
let admin: pg.Client;
let db: pg.Client;
let servers: TServer[] = [];
const PURGE = HOUSEKEEPING_JOBS.purgeSessions;

describe.skipIf(!url)('two servers on one PostgreSQL work as one', () => {
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haulboard-cluster-'));
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const dbUrl = withDatabase(url!, name);
    // The data (and the job queue with its schedules) exist before the servers: the servers then
    // start together, as replicas do after a deploy, and race for the same schedules.
    const database = openPostgres(dbUrl, { max: 2 });
    await database.migrate();
    await ensureReferenceData(database.db);
    await seedDemo(database.db);
    const jobs = await startJobs({ database });
    await jobs.schedule(PURGE.name, PURGE.cron);
    await jobs.stop();
    await database.close();
    db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    // A session expired yesterday, for the purge to remove; and the schedule and the last pass over
    // the schedules three hours old, so whichever server passes first owes one catch-up run.
    await db.query(`insert into sessions (id, user_id, expires_at, idle_expires_at) select 'expired-cluster-test', id, now() - interval '1 day', now() - interval '1 day' from users order by id limit 1`);
    await db.query(`update pgboss.version set cron_on = now() - interval '3 hours'`);
    await db.query(`update pgboss.schedule set created_on = now() - interval '3 hours'`);
    await db.query(`delete from pgboss.job where name = $1`, [PURGE.name]);
    const env = {
      SESSION_SECRET: randomBytes(32).toString('hex'),
      HAULBOARD_SECRET_KEY: randomBytes(32).toString('hex'),
      HAULBOARD_DATA_DIR: dataDir,
      HAULBOARD_DEMO: '0',
    };
    // A serves people only (HAULBOARD_ROLE=web), B does everything, W is a worker: B and W race
    // for the schedules, A runs no job at all.
    servers = await Promise.all([
      startServer(dbUrl, { env: { ...env, HAULBOARD_ROLE: 'web' }, label: 'server A', timeoutSeconds: 120 }),
      startServer(dbUrl, { env, label: 'server B', timeoutSeconds: 120 }),
      startServer(dbUrl, { env: { ...env, HAULBOARD_ROLE: 'worker' }, label: 'worker W', timeoutSeconds: 120 }),
    ]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await db?.end();
    await admin?.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin?.end();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  test('a session made through one server is valid on the other, and a change through one is seen by the other', async () => {
    const [a, b] = servers;
    const token = await signIn(a.baseUrl, EMAIL.dispatcher);
    const me = await api(b, token, 'POST', '/api/Auth/GetUserDetails', {});
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: EMAIL.dispatcher, company: 'Demo Freight LLC' });

    const brokerName = `Cluster Test Broker ${randomBytes(3).toString('hex')}`;
    const added = await api(b, token, 'POST', '/api/Broker/AddUpdateBroker', {
      brokerId: 0,
      brokerName,
      brokerAddress: '1 Main St',
      brokerCity: 'Dallas',
      brokerStateId: 5,
      brokerZipCode: '75201',
      phoneNumber: '555-0100',
      email: 'ops@cluster.test',
    });
    expect(added.status).toBe(200);
    const seen = await api(a, token, 'GET', '/api/Broker');
    expect(seen.status).toBe(200);
    expect(seen.body.map((x: { brokerName: string }) => x.brokerName)).toContain(brokerName);

  }, 30_000);

  test('the sign-in limit is counted in the database: two servers limit one address as one', async () => {
    const [a, b] = servers;
    const statuses: number[] = [];
    // 120 a minute per address on each sign-in route; alternating servers must not double it.
    for (let i = 0; i < 124; i++) {
      const server = i % 2 === 0 ? a : b;
      const res = await fetch(`${server.baseUrl}/auth/login`, { redirect: 'manual' });
      statuses.push(res.status);
    }
    // The sign-in of the test before counted once on this route: at most 120 in all went through.
    const through = statuses.filter((s) => s === 302).length;
    expect(through).toBeGreaterThanOrEqual(118);
    expect(through).toBeLessThanOrEqual(120);
    expect(statuses.slice(through).every((s) => s === 429)).toBe(true);
  }, 60_000);

  test('each process says its role in its health; a worker serves no pages or API, a web process runs no jobs', async () => {
    const [a, b, w] = servers;
    const health = async (server: TServer) => (await fetch(`${server.baseUrl}/api/health`)).json();
    expect(await health(a)).toMatchObject({ status: 'ok', role: 'web', migrations: { pending: 0 } });
    expect(await health(b)).toMatchObject({ status: 'ok', role: 'all' });
    const worker = await health(w);
    expect(worker).toMatchObject({ status: 'ok', role: 'worker', database: 'up', migrations: { pending: 0 } });
    expect(worker.jobs.periodic.map((p: { name: string }) => p.name)).toContain(PURGE.name);
    expect((await fetch(`${w.baseUrl}/api/Lookup/GetRoles`)).status).toBe(404);
    expect((await fetch(`${w.baseUrl}/auth/login`, { redirect: 'manual' })).status).toBe(404);
    // The web process serves the API (here: asks for a session).
    expect((await fetch(`${a.baseUrl}/api/Lookup/GetRoles`)).status).toBe(401);
  }, 30_000);

  test('a scheduled job both job-running processes could run runs once', async () => {
    await vi.waitFor(
      async () => {
        const { rows } = await db.query(`select state from pgboss.job where name = $1`, [PURGE.name]);
        expect(rows.map((r) => r.state)).toContain('completed');
      },
      { timeout: 40_000, interval: 500 },
    );
    const { rows: gone } = await db.query(`select id from sessions where id = 'expired-cluster-test'`);
    expect(gone).toEqual([]);
    // Both servers keep passing over the schedules (every 30 s) and polling for work: give them a
    // few seconds more, then still one job, run once.
    await new Promise((r) => setTimeout(r, 6000));
    const { rows } = await db.query(`select state, retry_count from pgboss.job where name = $1`, [PURGE.name]);
    expect(rows).toEqual([{ state: 'completed', retry_count: 0 }]);
  }, 50_000);
});
