import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';
import { scopedPglite, scopedPool, scopeTransactions } from './scoped-driver';
import { tenancyCheckLogger } from './tenancy-check';

export type TDb = PgDatabase<any, typeof schema>;
/** A transaction handle works wherever the database handle does. */
export type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];
export type TDbLike = TDb | TTx;

export type TDatabase = {
  db: TDb;
  kind: 'postgres' | 'pglite';
  /** The connection string (PostgreSQL) or the embedded instance (PGlite), for pg-boss (jobs/). */
  url?: string;
  pglite?: PGlite;
  migrate: () => Promise<void>;
  ping: () => Promise<boolean>;
  /**
   * Hears the database's notifications on a channel (LISTEN/NOTIFY): on PostgreSQL through one
   * connection of its own, reopened after a loss, so every server process hears what any of them
   * committed. `onState(false)` while that connection is down (callers poll meanwhile).
   * Answers how to stop.
   */
  listen: (channel: string, onPayload: (payload: string) => void, onState?: (listening: boolean) => void) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
};

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export function openPostgres(url: string, options: { max?: number } = {}): TDatabase {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle connection the database closed (a restart, a terminated backend) is dropped by the pool
  // and the next query opens a new one. Without a listener the pool's 'error' would end the process.
  pool.on('error', (error: Error & { code?: string }) => {
    console.warn(`PostgreSQL closed an idle connection (${error.code ?? error.message}); a new one is opened when needed`);
  });
  // Keep timestamps and dates as the text PostgreSQL sends; money stays numeric text.
  // Every statement runs as the scope's role, under row-level security (db/scope.ts).
  const db = scopeTransactions(drizzlePg({ client: scopedPool(pool), schema, logger: tenancyCheckLogger() })) as unknown as TDb;
  return {
    db,
    kind: 'postgres',
    url,
    migrate: async () => {
      const client = await pool.connect();
      try {
        // Several servers may start at once against one database: migrate one at a time.
        await client.query('select pg_advisory_lock(727001)');
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock(727001)').catch(() => {});
        client.release();
      }
    },
    ping: async () => {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    listen: (channel, onPayload, onState) => listenPostgres(url, channel, onPayload, onState),
    close: () => pool.end(),
  };
}

export function wrapPglite(client: PGlite): TDatabase {
  // The same roles and policies as on PostgreSQL (db/scope.ts); pg-boss and the migrations use the instance as it is.
  const db = scopeTransactions(drizzlePglite({ client: scopedPglite(client), schema, logger: tenancyCheckLogger() })) as unknown as TDb;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    listen: async (channel, onPayload, onState) => {
      const stop = await client.listen(channel, onPayload);
      onState?.(true);
      return async () => {
        await stop().catch(() => {});
      };
    },
    close: () => client.close(),
  };
}

/** One connection that LISTENs on a channel; reopened a second after it is lost, until stopped. */
async function listenPostgres(url: string, channel: string, onPayload: (payload: string) => void, onState?: (listening: boolean) => void) {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async () => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: url, application_name: 'haulboard-listen' });
    const lost = () => {
      if (client !== next) return;
      client = null;
      onState?.(false);
      next.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect(), 1000);
      retry?.unref?.();
    };
    client = next;
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
      onState?.(true);
    } catch {
      lost();
    }
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const open = client;
    client = null;
    await open?.end().catch(() => {});
  };
}

export class DataDirLockedError extends Error {}

/**
 * PGlite in a data folder. Two processes on one folder lose committed rows silently, so a lock
 * file keeps a second one out; a lock left by a process that no longer runs is taken over.
 */
export async function openPglite(dataDir: string): Promise<TDatabase> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = lockDataDir(dataDir);
  try {
    const client = await PGlite.create(path.join(dataDir, 'pglite'));
    const database = wrapPglite(client);
    return {
      ...database,
      close: async () => {
        await client.close();
        releaseLock(lockPath);
      },
    };
  } catch (error) {
    releaseLock(lockPath);
    throw error;
  }
}

/**
 * What the lock file records: a tag that says Haulboard wrote it, and enough to recognise the very
 * process that wrote it (its id, when it started, the machine's boot). A lock whose process is
 * gone, whose id now belongs to another program, or that was written before the last reboot is
 * stale and taken over; only the live Haulboard process that wrote it holds it.
 */
export type TDataDirLock = { app: typeof LOCK_TAG; pid: number; started: string | null; boot: string | null; host: string; since: string };
const LOCK_TAG = 'haulboard';

/** This process's lock record. */
export const lockRecord = (pid = process.pid): TDataDirLock => ({
  app: LOCK_TAG,
  pid,
  started: processStart(pid),
  boot: bootId(),
  host: os.hostname(),
  since: new Date().toISOString(),
});

/** When a process started, in clock ticks since boot (Linux); null where the system does not say. */
export function processStart(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces): field 22 is the start time.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function bootId(): string | null {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
  } catch {
    return null;
  }
}

function readLock(lockPath: string): TDataDirLock | null {
  try {
    const value = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
    return value && value.app === LOCK_TAG && Number.isInteger(value.pid) && value.pid > 0 ? value : null;
  } catch {
    return null; // gone, empty, an older plain process id, or written by something else
  }
}

/** Whether the process a lock names is that live Haulboard process (and not this one). */
function heldByAnother(lock: TDataDirLock | null): lock is TDataDirLock {
  if (!lock || lock.pid === process.pid) return false;
  const boot = bootId();
  if (lock.boot && boot && lock.boot !== boot) return false;
  if (!isRunning(lock.pid)) return false;
  const started = processStart(lock.pid);
  return !(lock.started && started && lock.started !== started);
}

/** Takes the data folder's lock (DataDirLockedError while another live Haulboard holds it). */
export function lockDataDir(dataDir: string) {
  const lockPath = path.join(dataDir, 'haulboard.lock');
  takeLock(lockPath, dataDir);
  return lockPath;
}

function takeLock(lockPath: string, dataDir: string) {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, `${JSON.stringify(lockRecord())}\n`, { flag: 'wx' });
      return;
    } catch (error: any) {
      if (error.code !== 'EEXIST') throw error;
      const lock = readLock(lockPath);
      if (heldByAnother(lock)) {
        throw new DataDirLockedError(
          `Another Haulboard (process ${lock.pid}${lock.host && lock.host !== os.hostname() ? ` on ${lock.host}` : ''}, running since ${lock.since}) is already using the data folder ${dataDir}.\n` +
            'Stop it first, or set HAULBOARD_DATA_DIR to another folder.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`The data folder ${dataDir} is being opened by another process right now. Try again.`);
}

export function releaseLock(lockPath: string) {
  if (readLock(lockPath)?.pid === process.pid) fs.rmSync(lockPath, { force: true });
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error: any) {
    return error.code === 'EPERM';
  }
}

export async function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<TDatabase> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}

export { sql };
