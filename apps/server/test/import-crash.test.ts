import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APP_REQUEST_HEADER } from '@haulboard/contract';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, type TServer } from '../../../bench/server-process';
import { DataDirLockedError, openPglite, openPostgres, type TDatabase } from '../src/db/client';
import { purgeImportFiles } from '../src/modules/imports';
import { longEfs } from './fuel-files';
import { EMAIL } from './helpers';
import { signIn } from './http-client';
import { createOwnDatabase, type TOwnDatabase } from './own-database';

// A server process killed (SIGKILL, as a crash or `kill -9`) in the middle of a large fuel import
// leaves no partial rows: lines are written under an import marked pending, which no reader shows,
// and shown in one final step, so after a restart the company has either none of the file or all of
// it, never part; the hourly purge then removes the dead run's import and whatever lines it wrote.
// On PostgreSQL (a fresh database of its own) the kill comes while the lines are being copied in,
// seen in pg_stat_activity; on PGlite (a data folder of its own) a few seconds into the import.
const url = process.env.DATABASE_URL;
const ROWS = 60_000;
let name = '';
let dataDir = '';
let admin: pg.Client | null = null;
let own: TOwnDatabase | null = null;
let server: TServer | null = null;
let dbUrl = '';

const env = () => ({
  SESSION_SECRET: randomBytes(32).toString('hex'),
  HAULBOARD_SECRET_KEY: randomBytes(32).toString('hex'),
  HAULBOARD_DATA_DIR: dataDir,
});

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haulboard-crash-'));
  if (url) {
    own = await createOwnDatabase(url, 'haulboard_crash');
    ({ name, admin, url: dbUrl } = own);
  }
}, 180_000);

afterAll(async () => {
  await server?.kill();
  await own?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

/**
 * Starts the server on this test's database: PostgreSQL's, or PGlite in the data folder with the
 * demo seeded. A restart keeps the address: the built-in sign-in's issuer is the server's URL.
 */
const start = (secrets: Record<string, string>, port?: number) =>
  url
    ? startServer(dbUrl, { env: { ...secrets, HAULBOARD_DEMO: '0' }, label: 'crash', timeoutSeconds: 180, port })
    : startServer({ dataDir: path.join(dataDir, 'db') }, { env: { ...secrets, HAULBOARD_DEMO: '1' }, label: 'crash', timeoutSeconds: 180, port });

/** This file's imports in the history, and the fuel lines of 2029 Q1 (the file's quarter). */
async function fuelCounts(s: TServer, token: string) {
  const headers = { cookie: `hb_session=${token}`, [APP_REQUEST_HEADER.name]: APP_REQUEST_HEADER.value };
  const history = (await (await fetch(`${s.baseUrl}/api/Imports?kind=fuel`, { headers })).json()) as { fileName: string }[];
  const list = await fetch(`${s.baseUrl}/api/Accounting/GetFuel`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ year: 2029, quarter: 1, weekId: 0 }),
  });
  // Over the list's cap the answer says the total in a header.
  const shown = ((await list.json()) as unknown[]).length;
  return { imports: history.filter((h) => h.fileName === 'efs-crash.csv').length, fuel: Number(list.headers.get('x-total-count') ?? shown) };
}

/**
 * The killed server's data folder (env() names it), once its lock is free: the killed process lingers
 * a moment as a zombie until the system reaps it, and a lock naming a live process is refused.
 */
async function openWhenFree(folder: string): Promise<TDatabase> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await openPglite(folder);
    } catch (error) {
      if (!(error instanceof DataDirLockedError) || attempt > 120) throw error;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

describe('a server killed in the middle of a large import', () => {
  test('leaves no partial rows after a restart', async () => {
    const secrets = env();
    server = await start(secrets);
    const token = await signIn(server.baseUrl, EMAIL.admin);
    expect(await fuelCounts(server, token)).toEqual({ imports: 0, fuel: 0 });

    const form = new FormData();
    form.append('files', new Blob([longEfs(ROWS)], { type: 'text/csv' }), 'efs-crash.csv');
    const importing = fetch(`${server.baseUrl}/api/Accounting/ImportFuel/`, {
      method: 'POST',
      headers: { cookie: `hb_session=${token}`, [APP_REQUEST_HEADER.name]: APP_REQUEST_HEADER.value },
      body: form,
    }).then(
      (res) => `answered ${res.status}`,
      () => 'cut off',
    );

    if (admin) {
      // Wait until the server is copying the file's lines in (into its temporary table), then kill it.
      const deadline = Date.now() + 120_000;
      let inserting = false;
      while (!inserting && Date.now() < deadline) {
        const { rows } = await admin.query(`select 1 from pg_stat_activity where datname = $1 and query like 'copy copied%' and state <> 'idle'`, [name]);
        inserting = rows.length > 0;
        if (!inserting) await new Promise((r) => setTimeout(r, 20));
      }
      expect(inserting).toBe(true);
    } else {
      await new Promise((r) => setTimeout(r, 4000));
    }
    await server.kill();
    const answer = await importing;

    // The dead run left its import pending (with the lines it wrote on PGlite; PostgreSQL dropped its
    // unfinished COPY). Once it is an hour old and silent, the hourly purge removes it and them.
    const database: TDatabase = url ? openPostgres(dbUrl, { max: 1 }) : await openWhenFree(dataDir);
    const count = async (query: ReturnType<typeof sql>) => {
      const result = (await database.db.execute(query)) as unknown as { rows?: { n: number }[] } | { n: number }[];
      return Number((Array.isArray(result) ? result : (result.rows ?? []))[0].n);
    };
    const open = sql`select count(*)::int as n from imports where company_id is not null and status <> 'done'`;
    const openLines = sql`select count(*)::int as n from fuel_transactions f join imports i on i.id = f.import_id where f.company_id is not null and i.status <> 'done'`;
    try {
      const left = { open: await count(open), lines: await count(openLines) };
      console.info(`killed (${answer}): ${left.open} import left pending with ${left.lines} lines written`);
      // On PostgreSQL the kill came mid-COPY (the run had claimed its import); on PGlite a few seconds in.
      if (admin) expect(left).toEqual({ open: 1, lines: 0 });
      await database.db.execute(sql`update imports set created_on = now() - interval '2 hours', touched_on = now() - interval '1 hour' where company_id is not null and status <> 'done'`);
      await purgeImportFiles(database.db, new Date());
      expect({ open: await count(open), lines: await count(openLines) }).toEqual({ open: 0, lines: 0 });
    } finally {
      await database.close();
    }

    server = await start(secrets, Number(new URL(server.baseUrl).port));
    const again = await signIn(server.baseUrl, EMAIL.admin);
    const after = await fuelCounts(server, again);
    if (answer === 'cut off') {
      // Killed while writing: nothing of the file, and no import in the history.
      expect(after).toEqual({ imports: 0, fuel: 0 });
    } else {
      // Answered before the kill (a fast machine): all of the file under one import.
      expect(after).toEqual({ imports: 1, fuel: ROWS });
    }
    if (admin) expect(answer).toBe('cut off');
  }, 300_000);
});
