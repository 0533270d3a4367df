import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freePort, repoRoot, startServer, type TServer } from '../../../bench/server-process';
import { withDatabase } from './global-setup';

// The production path of the Dockerfile without Docker: the image's command (tsx on main.ts) with
// its environment (NODE_ENV=production, a real identity provider's settings, the secrets) on a new,
// empty PostgreSQL database, two replicas starting at the same moment as a deploy starts them. CI
// has run the image's other steps already on its fresh clone (`npm ci`, `npm run build`).
const url = process.env.DATABASE_URL;
const name = `haulboard_production_${randomBytes(5).toString('hex')}`;
let admin: pg.Client;
let db: pg.Client;
let dataDir = '';
let replicas: TServer[] = [];
let closedPort = 0;

const production = (publicUrl: string) => ({
  NODE_ENV: 'production',
  PUBLIC_URL: publicUrl,
  SESSION_SECRET: randomBytes(32).toString('hex'),
  HAULBOARD_SECRET_KEY: randomBytes(32).toString('hex'),
  // A provider that does not answer: sign-in must be refused with our own words, never let anyone in.
  OIDC_ISSUER: `http://127.0.0.1:${closedPort}/issuer`,
  OIDC_CLIENT_ID: 'haulboard',
  OIDC_CLIENT_SECRET: randomBytes(16).toString('hex'),
  HAULBOARD_DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
});

describe.skipIf(!url)('the production image’s path, without Docker', () => {
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haulboard-production-'));
    closedPort = await freePort();
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const dbUrl = withDatabase(url!, name);
    db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    const ports = await Promise.all([freePort(), freePort()]);
    replicas = await Promise.all(
      ports.map((port, i) => startServer(dbUrl, { port, env: production(`http://127.0.0.1:${port}`), label: `replica ${i + 1}`, timeoutSeconds: 180 })),
    );
  }, 240_000);

  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.stop()));
    await db?.end();
    await admin?.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin?.end();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  test('two replicas started together on an empty database apply every migration once and report healthy', async () => {
    const journal = JSON.parse(fs.readFileSync(path.join(repoRoot, 'apps/server/src/db/migrations/meta/_journal.json'), 'utf8'));
    const { rows } = await db.query('select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash');
    expect(rows).toHaveLength(journal.entries.length);
    expect(rows.every((r) => r.n === 1)).toBe(true);
    for (const replica of replicas) {
      const health = await (await fetch(`${replica.baseUrl}/api/health`)).json();
      expect(health).toMatchObject({ status: 'ok', database: 'up', role: 'all', migrations: { pending: 0, applied: journal.entries.length } });
    }
    // No demo data in production.
    expect((await db.query('select count(*)::int as n from loads')).rows[0].n).toBe(0);
  });

  test('sign-in goes only through the configured provider: unreachable, it is refused with our own words', async () => {
    const [first] = replicas;
    const login = await fetch(`${first.baseUrl}/auth/login`, { redirect: 'manual' });
    expect(login.status).toBe(302);
    expect(login.headers.get('location')).toMatch(/^\/login\?error=/);
    // No built-in sign-in in production, no API or its map without a session.
    const discovery = await fetch(`${first.baseUrl}/oidc/.well-known/openid-configuration`);
    expect(discovery.headers.get('content-type')).not.toMatch(/json/);
    expect(await discovery.text()).not.toContain('authorization_endpoint');
    expect((await fetch(`${first.baseUrl}/api/Broker`)).status).toBe(401);
    expect((await fetch(`${first.baseUrl}/api/docs/json`)).status).toBe(401);
    const web = fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'));
    if (web) expect((await fetch(`${first.baseUrl}/login`)).headers.get('content-type')).toMatch(/text\/html/);
  });

  test('production refuses to start without its settings, naming what is missing', () => {
    const res = spawnSync(path.join(repoRoot, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: withDatabase(url!, name), OIDC_ISSUER: '', PUBLIC_URL: '', SESSION_SECRET: '', HAULBOARD_SECRET_KEY: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(res.status).toBe(1);
    for (const missing of ['OIDC_ISSUER', 'SESSION_SECRET', 'HAULBOARD_SECRET_KEY', 'PUBLIC_URL']) expect(res.stderr).toContain(missing);
  }, 90_000);
});
