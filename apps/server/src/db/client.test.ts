import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, lockRecord, openPglite, openPostgres, processStart, releaseLock } from './client';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** A live process of another program. */
function otherProgram() {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.push(child);
  return child.pid!;
}

/** Another Haulboard process holding `dir` (the real openPglite, in a child process). */
async function haulboardHolding(dir: string) {
  const script = path.join(dir, '..', `holder-${path.basename(dir)}.mts`);
  fs.writeFileSync(script, `import { openPglite } from ${JSON.stringify(path.join(repoRoot, 'apps/server/src/db/client.ts'))};
await openPglite(${JSON.stringify(dir)}); console.log('open'); setInterval(() => {}, 1000);`);
  const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), [script], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d) => String(d).includes('open') && resolve());
    child.on('exit', (code) => reject(new Error(`child exited ${code}`)));
  });
  return child;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const lockFile = (dir: string) => path.join(dir, 'haulboard.lock');
const freshDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `hb-${name}-`));

describe('the embedded database folder', () => {
  it('creates missing folders, records a lock that names Haulboard, and removes it on close', async () => {
    const dir = path.join(freshDir('lock'), 'nested', 'data');
    const db = await openPglite(dir);
    const lock = JSON.parse(fs.readFileSync(lockFile(dir), 'utf8'));
    expect(lock).toMatchObject({ app: 'haulboard', pid: process.pid, host: os.hostname() });
    expect(typeof lock.since).toBe('string');
    if (fs.existsSync('/proc/self/stat')) expect(lock.started).toBe(processStart(process.pid));
    await db.close();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
  });

  it('refuses to open a folder a live Haulboard process holds, and opens it once that process is gone', async () => {
    const dir = freshDir('held');
    await haulboardHolding(dir);
    // tsx runs the script in a process of its own: the lock names that one.
    const holder = JSON.parse(fs.readFileSync(lockFile(dir), 'utf8'));
    expect(holder).toMatchObject({ app: 'haulboard' });
    expect(holder.pid).not.toBe(process.pid);
    await expect(openPglite(dir)).rejects.toThrowError(new RegExp(`Another Haulboard \\(process ${holder.pid}`));
    process.kill(holder.pid, 'SIGKILL');
    for (let i = 0; i < 100 && isAlive(holder.pid); i++) await new Promise((r) => setTimeout(r, 50));
    const db = await openPglite(dir); // kill -9 left the lock behind: taken over
    expect(await db.ping()).toBe(true);
    await db.close();
  }, 60_000);

  it('takes over a lock that names a live process of another program', async () => {
    const pid = otherProgram();
    const records = [
      String(pid), // an older plain process id: says nothing about who wrote it
      JSON.stringify({ pid }),
      JSON.stringify({ app: 'something-else', pid }),
      JSON.stringify({ ...lockRecord(pid), started: '1' }), // the id now belongs to a process that started later
      JSON.stringify({ ...lockRecord(pid), boot: 'another-boot' }), // written before the last reboot
    ];
    for (const record of records) {
      const dir = freshDir('other');
      fs.writeFileSync(lockFile(dir), record);
      const lock = lockDataDir(dir);
      expect(JSON.parse(fs.readFileSync(lockFile(dir), 'utf8')).pid, record).toBe(process.pid);
      releaseLock(lock);
      expect(fs.existsSync(lockFile(dir))).toBe(false);
    }
  });

  it('keeps out a lock that describes a live Haulboard exactly', async () => {
    const pid = otherProgram();
    const dir = freshDir('exact');
    fs.writeFileSync(lockFile(dir), JSON.stringify(lockRecord(pid)));
    expect(() => lockDataDir(dir)).toThrowError(DataDirLockedError);
    expect(JSON.parse(fs.readFileSync(lockFile(dir), 'utf8')).pid).toBe(pid);
  });

  it('takes over a lock left behind by a process that is gone', async () => {
    for (const record of ['999999', JSON.stringify({ ...lockRecord(), pid: 999999 }), '', '{broken']) {
      const dir = freshDir('stale');
      fs.writeFileSync(lockFile(dir), record);
      releaseLock(lockDataDir(dir));
    }
  });
});

describe.runIf(!!process.env.DATABASE_URL)('a PostgreSQL pool', () => {
  it('outlives an idle connection the database closes (a restart, a terminated backend) and opens a new one', async () => {
    const database = openPostgres(process.env.DATABASE_URL!, { max: 1 });
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      const [{ pid }] = (await database.db.execute('select pg_backend_pid() as pid' as any)).rows as { pid: number }[];
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await new Promise((r) => setTimeout(r, 300));
      // The process is still here (no unhandled 'error'), and the pool answers on a new connection.
      expect(await database.ping()).toBe(true);
    } finally {
      await admin.end();
      await database.close();
    }
  });
});
