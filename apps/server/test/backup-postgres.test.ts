import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadContext } from '../src/access/context';
import { createSession } from '../src/auth/sessions';
import { openPostgres } from '../src/db/client';
import { ensureReferenceData } from '../src/db/reference-data';
import { seedDemo } from '../src/db/seed/demo';
import { BOARD_DEMO_STEPS } from '../src/db/seed/demo-board';
import { HOUSEKEEPING_JOBS, startJobs } from '../src/jobs';
import { withDatabase } from './global-setup';
import { EMAIL } from './helpers';

// The README's PostgreSQL backup recipe, run as written: `pg_dump --format=custom` of a database a
// Haulboard migrated, seeded and used (a session, the job queue's schedules), then `pg_restore
// --no-owner --exit-on-error` into a new empty database. Every table of the app and of the job
// queue holds the same rows, and a session made before the dump still signs its person in.
// Only with DATABASE_URL (and pg_dump/pg_restore on the PATH).
const run = promisify(execFile);
const url = process.env.DATABASE_URL;
const suffix = randomBytes(5).toString('hex');
const source = `haulboard_backup_${suffix}`;
const restored = `haulboard_restored_${suffix}`;
let admin: pg.Client;
let workDir = '';
let token = '';

const rowsOf = (r: any) => (Array.isArray(r) ? r : r.rows) as any[];

/** Row counts of every table of the app (public) and the job queue (pgboss). */
async function rowCounts(dbUrl: string) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const tables = await client.query(
      `select table_schema as schema, table_name as name from information_schema.tables
       where table_schema in ('public', 'pgboss') and table_type = 'BASE TABLE' order by 1, 2`,
    );
    const counts: Record<string, number> = {};
    for (const t of tables.rows) {
      const res = await client.query(`select count(*)::int as n from "${t.schema}"."${t.name}"`);
      counts[`${t.schema}.${t.name}`] = res.rows[0].n;
    }
    return counts;
  } finally {
    await client.end();
  }
}

describe.skipIf(!url)('PostgreSQL backup: the README recipe (pg_dump, pg_restore into a new database)', () => {
  beforeAll(async () => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haulboard-pgdump-'));
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${source}`);
    const database = openPostgres(withDatabase(url!, source), { max: 2 });
    try {
      await database.migrate();
      await ensureReferenceData(database.db);
      await seedDemo(database.db, BOARD_DEMO_STEPS);
      const jobs = await startJobs({ database });
      await jobs.schedule(HOUSEKEEPING_JOBS.purgeSessions.name, HOUSEKEEPING_JOBS.purgeSessions.cron);
      await jobs.stop();
      const user = rowsOf(await database.db.execute(sql`select id from users where email = ${EMAIL.admin}`))[0];
      token = await createSession(database.db, user.id, null);
    } finally {
      await database.close();
    }
  }, 120_000);

  afterAll(async () => {
    // Without force first: every connection of this test is closed by now; force only after a failure.
    for (const name of [restored, source]) {
      await admin
        ?.query(`drop database if exists ${name}`)
        .catch(() => admin.query(`drop database if exists ${name} with (force)`))
        .catch(() => {});
    }
    await admin?.end();
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  }, 30_000);

  test('restores every row of the app and the job queue, and a session still signs its person in', async () => {
    const sourceUrl = withDatabase(url!, source);
    const restoredUrl = withDatabase(url!, restored);
    const dump = path.join(workDir, 'haulboard.dump');
    await run('pg_dump', ['--format=custom', `--file=${dump}`, sourceUrl]);
    expect(fs.statSync(dump).size).toBeGreaterThan(10_000);
    await admin.query(`create database ${restored}`);
    await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${restoredUrl}`, dump]);

    const before = await rowCounts(sourceUrl);
    const after = await rowCounts(restoredUrl);
    expect(after).toEqual(before);
    for (const table of ['public.users', 'public.companies', 'public.loads', 'public.brokers', 'public.work_weeks', 'public.sessions', 'pgboss.schedule']) {
      expect(before[table], table).toBeGreaterThan(0);
    }

    // The restored database is one a server can open as it is: nothing left to migrate, the session valid.
    const database = openPostgres(restoredUrl, { max: 2 });
    try {
      await database.migrate();
      const ctx = await loadContext(database.db, token);
      expect(ctx?.user.email).toBe(EMAIL.admin);
      expect(await rowCounts(restoredUrl)).toEqual(before);
    } finally {
      await database.close();
    }
  }, 120_000);
});
