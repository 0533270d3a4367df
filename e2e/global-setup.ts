import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where each test file's server gets its own copy of the seeded demo database. */
    e2eTemplate: TE2eTemplate;
  }
}

/** The migrated database with the demo data that every test file's server starts from a copy of. */
export type TE2eTemplate = { kind: 'postgres'; url: string; database: string } | { kind: 'pglite'; dataDir: string };

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(repoRoot, 'apps/web');
const webIndex = path.join(webDir, 'dist/index.html');
export const resultsDir = path.join(repoRoot, 'e2e/test-results');
// One template per run: two checkouts' browser runs on one server must not drop each other's.
export const E2E_DATABASE = `haulboard_e2e_${process.pid}`;

/**
 * Builds the web app when needed, then makes the run's template: one server started once on a fresh
 * database (PostgreSQL with DATABASE_URL, else a PGlite folder) migrates it and seeds the demo data,
 * and stops. Each test file then starts a server of its own on a copy of it (support/server.ts), so
 * files share no data and two can run at once.
 */
export default async function setup(project: TestProject) {
  buildWebIfStale();
  // Pictures of failed tests belong to this run only; screenshots are overwritten page by page.
  fs.rmSync(path.join(resultsDir, 'failures'), { recursive: true, force: true });
  fs.rmSync(path.join(resultsDir, 'servers'), { recursive: true, force: true });
  fs.mkdirSync(path.join(resultsDir, 'servers'), { recursive: true });

  const cleanups: (() => Promise<void> | void)[] = [];
  const env = serverEnv(await freePort());
  let template: TE2eTemplate;
  if (process.env.DATABASE_URL) {
    env.DATABASE_URL = await freshPostgresDatabase(process.env.DATABASE_URL, cleanups);
    template = { kind: 'postgres', url: process.env.DATABASE_URL, database: E2E_DATABASE };
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haulboard-e2e-'));
    env.HAULBOARD_DATA_DIR = path.join(dataDir, 'db');
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    template = { kind: 'pglite', dataDir: env.HAULBOARD_DATA_DIR };
  }

  const server = startServer(env, path.join(resultsDir, 'servers', 'template.log'));
  try {
    await waitForHealth(`http://localhost:${env.PORT}`, server);
  } finally {
    await stopServer(server);
  }
  project.provide('e2eTemplate', template);

  return async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
}

/** The environment of a test server: demo mode with the built-in sign-in, on the given port. */
export function serverEnv(port: number): NodeJS.ProcessEnv {
  const baseUrl = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    HAULBOARD_DEMO: '1',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // The paging test seeds 1,000 loads through the API from one session in well under a minute;
    // the per-session limit itself is proven by the server's API tests.
    API_RATE_LIMIT: '10000',
  };
  for (const key of ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'HOST', 'DATABASE_URL', 'HAULBOARD_DATA_DIR']) delete env[key];
  return env;
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Same rule as `npm start`: rebuild when dist is missing or older than the web or contract sources. */
function buildWebIfStale() {
  const builtAt = fs.existsSync(webIndex) ? fs.statSync(webIndex).mtimeMs : 0;
  const sources = [webDir, path.join(repoRoot, 'packages/contract/src')];
  if (builtAt && sources.every((s) => newestMtime(s) <= builtAt)) return;
  console.log('[e2e] building the web app…');
  // Vitest sets NODE_ENV=test, which would give React's development build.
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error(`[e2e] the web build failed (exit ${build.status})`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, 'localhost', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Drops and creates the run's own database on the server DATABASE_URL points at. */
async function freshPostgresDatabase(url: string, cleanups: (() => Promise<void> | void)[]) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${E2E_DATABASE} with (force)`);
  await admin.query(`create database ${E2E_DATABASE}`);
  cleanups.push(async () => {
    // The files' own copies are dropped by their servers' helpers; one left by a killed worker goes here.
    const left = await admin.query<{ datname: string }>(`select datname from pg_database where datname like '${E2E_DATABASE}\\_%'`);
    for (const { datname } of left.rows) await admin.query(`drop database if exists ${datname} with (force)`).catch(() => {});
    await admin.query(`drop database if exists ${E2E_DATABASE} with (force)`).catch(() => {});
    await admin.end();
  });
  const target = new URL(url);
  target.pathname = `/${E2E_DATABASE}`;
  return target.toString();
}

const serverLogs = new WeakMap<ChildProcess, string>();

export function startServer(env: NodeJS.ProcessEnv, logFile: string) {
  const log = fs.openSync(logFile, 'w');
  const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
  const child = spawn(tsx, [path.join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  serverLogs.set(child, logFile);
  return child;
}

export async function waitForHealth(baseUrl: string, server: ChildProcess, logFile = serverLogs.get(server) ?? '') {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`[e2e] the server exited with ${server.exitCode}:\n${fs.readFileSync(logFile, 'utf8').slice(-4000)}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`[e2e] the server did not answer /api/health within 90 s:\n${fs.readFileSync(logFile, 'utf8').slice(-4000)}`);
}

export async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
