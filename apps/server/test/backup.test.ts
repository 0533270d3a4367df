import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { repoRoot } from '../src/config';
import { openPglite } from '../src/db/client';
import { ensureReferenceData } from '../src/db/reference-data';
import { seedDemo } from '../src/db/seed/demo';
import '../src/db/seed/demo-board';
import '../src/db/seed/demo-expenses';

// `npm run backup` / `npm run restore` of the embedded folder, run as the commands people type.
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'haulboard-backup-'));
const source = path.join(tmp, 'data');
const backup = path.join(tmp, 'backup');
const restored = path.join(tmp, 'restored');

const run = (script: 'backup' | 'restore', args: string[]) => {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  delete env.HAULBOARD_DATA_DIR;
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'scripts', `${script}.mjs`), ...args], { cwd: repoRoot, env, encoding: 'utf8' });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
};

/** What the tests compare: the demo's loads, people and expenses, row by row. */
async function snapshot(dataDir: string) {
  const database = await openPglite(dataDir);
  try {
    const client = database.pglite!;
    const loads = await client.query('select id, company_id, load_number, payout::text from loads order by id');
    const users = await client.query('select id, email from users order by id');
    const expenses = await client.query('select id, amount::text from expenses order by id');
    return { loads: loads.rows, users: users.rows, expenses: expenses.rows };
  } finally {
    await database.close();
  }
}

let seeded: Awaited<ReturnType<typeof snapshot>>;

beforeAll(async () => {
  const database = await openPglite(source);
  await database.migrate();
  await ensureReferenceData(database.db);
  await seedDemo(database.db);
  await database.close();
  fs.writeFileSync(path.join(source, 'secret.key'), 'a'.repeat(64));
  seeded = await snapshot(source);
}, 120_000);

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('backup and restore of the embedded database', () => {
  test('a backup of a seeded folder restored elsewhere holds the same rows and the secret key', async () => {
    expect(seeded.loads.length).toBeGreaterThan(10);
    const made = run('backup', ['--data', source, '--out', backup]);
    expect(made.out).toContain('Backed up');
    expect(made.code).toBe(0);
    expect(JSON.parse(fs.readFileSync(path.join(backup, 'backup.json'), 'utf8')).rows.loads).toBe(seeded.loads.length);

    const back = run('restore', [backup, '--to', restored]);
    expect(back.out).toContain('Restored the backup');
    expect(back.code).toBe(0);
    expect(await snapshot(restored)).toEqual(seeded);
    expect(fs.readFileSync(path.join(restored, 'secret.key'), 'utf8')).toBe('a'.repeat(64));
    // The backup leaves the source as it was, unlocked.
    expect(await snapshot(source)).toEqual(seeded);
  }, 120_000);

  test('both refuse while a server holds the folder, and a restore never overwrites a database', async () => {
    const held = await openPglite(source); // this test process stands for a running server
    try {
      const made = run('backup', ['--data', source, '--out', path.join(tmp, 'while-running')]);
      expect(made.code).toBe(1);
      expect(made.out).toContain('is already using the data folder');
      expect(made.out).toContain('stop that server first');
      expect(fs.existsSync(path.join(tmp, 'while-running'))).toBe(false);

      const back = run('restore', [backup, '--to', source]);
      expect(back.code).toBe(1);
      expect(back.out).toContain('stop that server first');
    } finally {
      await held.close();
    }
    const over = run('restore', [backup, '--to', restored]);
    expect(over.code).toBe(1);
    expect(over.out).toContain('already holds a database');
    const notBackup = run('restore', [source, '--to', path.join(tmp, 'other')]);
    expect(notBackup.code).toBe(1);
    expect(notBackup.out).toContain('is not a Haulboard backup');
  }, 120_000);
});
