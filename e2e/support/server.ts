import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { freePort, resultsDir, serverEnv, startServer, stopServer, waitForHealth } from '../global-setup';

/**
 * One server per test file (the config's setup file): before the file's tests it copies the run's
 * template (the migrated database with the demo data) and starts a Haulboard server on it on a free
 * port; after them it stops the server and drops the copy. A file sees only its own changes, so
 * files can run two at a time and in any order.
 */

let current: string | null = null;

/** The address of this file's server. */
export function fileServerUrl(): string {
  if (!current) throw new Error('the test file’s server is not started yet (call inside a test or a hook)');
  return current;
}

/** Copies the template: a database on the same PostgreSQL server, or a PGlite folder. */
async function copyTemplate(name: string): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const template = inject('e2eTemplate');
  if (template.kind === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haulboard-e2e-file-'));
    fs.cpSync(template.dataDir, path.join(dir, 'db'), { recursive: true });
    return { env: { HAULBOARD_DATA_DIR: path.join(dir, 'db') }, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const database = `${template.database}_${name}`;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  try {
    // The template's own server has just stopped; PostgreSQL may still be closing its connections.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${database} template ${template.database}`);
        break;
      } catch (error) {
        if (attempt > 40) throw error;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(template.url);
  url.pathname = `/${database}`;
  return {
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: template.url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${database} with (force)`).catch(() => {});
      await cleanup.end();
    },
  };
}

let server: ChildProcess | null = null;
let drop: (() => Promise<void>) | null = null;

// biome-ignore lint/correctness/noEmptyPattern: Vitest reads a hook's fixtures from its first argument, which must be a pattern; the file comes second.
beforeAll(async ({}, suite) => {
  const name = `f${randomBytes(4).toString('hex')}`;
  const copy = await copyTemplate(name);
  drop = copy.drop;
  const port = await freePort();
  const log = path.join(resultsDir, 'servers', `${path.basename(suite.file?.filepath ?? name, '.test.ts')}.log`);
  fs.mkdirSync(path.dirname(log), { recursive: true });
  server = startServer({ ...serverEnv(port), ...copy.env }, log);
  await waitForHealth(`http://localhost:${port}`, server, log);
  current = `http://localhost:${port}`;
}, 120_000);

afterAll(async () => {
  if (server) await stopServer(server);
  await drop?.();
  current = null;
}, 60_000);
