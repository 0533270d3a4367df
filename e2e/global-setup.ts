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
    baseUrl: string;
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(repoRoot, 'apps/web');
const webIndex = path.join(webDir, 'dist/index.html');
export const resultsDir = path.join(repoRoot, 'e2e/test-results');
// One database per run: two checkouts' browser runs on one server must not drop each other's.
const E2E_DATABASE = `haulboard_e2e_${process.pid}`;

/**
 * Builds the web app when needed, then starts one Haulboard server for the whole run on a free
 * port with a fresh database and the demo data, and hands its address to the tests.
 */
export default async function setup(project: TestProject) {
  buildWebIfStale();
  // Pictures of failed tests belong to this run only; screenshots are overwritten page by page.
  fs.rmSync(path.join(resultsDir, 'failures'), { recursive: true, force: true });
  fs.mkdirSync(resultsDir, { recursive: true });

  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const cleanups: (() => Promise<void> | void)[] = [];
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
  for (const key of ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'HOST']) delete env[key];

  if (process.env.DATABASE_URL) {
    env.DATABASE_URL = await freshPostgresDatabase(process.env.DATABASE_URL, cleanups);
    delete env.HAULBOARD_DATA_DIR;
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haulboard-e2e-'));
    env.HAULBOARD_DATA_DIR = path.join(dataDir, 'db');
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  }

  const logFile = path.join(resultsDir, 'server.log');
  const server = startServer(env, logFile);
  try {
    await waitForHealth(baseUrl, server, logFile);
  } catch (error) {
    await stopServer(server);
    for (const cleanup of cleanups.reverse()) await cleanup();
    throw error;
  }
  project.provide('baseUrl', baseUrl);

  return async () => {
    await stopServer(server);
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
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

function freePort(): Promise<number> {
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
    await admin.query(`drop database if exists ${E2E_DATABASE} with (force)`).catch(() => {});
    await admin.end();
  });
  const target = new URL(url);
  target.pathname = `/${E2E_DATABASE}`;
  return target.toString();
}

function startServer(env: NodeJS.ProcessEnv, logFile: string) {
  const log = fs.openSync(logFile, 'w');
  const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
  const child = spawn(tsx, [path.join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  return child;
}

async function waitForHealth(baseUrl: string, server: ChildProcess, logFile: string) {
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

async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
