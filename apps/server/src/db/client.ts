import fs from 'node:fs';
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

export type TDb = PgDatabase<any, typeof schema>;
/** A transaction handle works wherever the database handle does. */
export type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];
export type TDbLike = TDb | TTx;

export type TDatabase = {
  db: TDb;
  kind: 'postgres' | 'pglite';
  migrate: () => Promise<void>;
  ping: () => Promise<boolean>;
  close: () => Promise<void>;
};

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export function openPostgres(url: string, options: { max?: number } = {}): TDatabase {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // Keep timestamps and dates as the text PostgreSQL sends; money stays numeric text.
  const db = drizzlePg(pool, { schema }) as unknown as TDb;
  return {
    db,
    kind: 'postgres',
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
    close: () => pool.end(),
  };
}

export function wrapPglite(client: PGlite): TDatabase {
  const db = drizzlePglite(client, { schema }) as unknown as TDb;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => client.close(),
  };
}

export class DataDirLockedError extends Error {}

/**
 * PGlite in a data folder. Two processes on one folder lose committed rows silently, so a lock
 * file keeps a second one out; a lock left by a process that no longer runs is taken over.
 */
export async function openPglite(dataDir: string): Promise<TDatabase> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'haulboard.lock');
  takeLock(lockPath, dataDir);
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

function takeLock(lockPath: string, dataDir: string) {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return;
    } catch (error: any) {
      if (error.code !== 'EEXIST') throw error;
      const pid = Number(fs.readFileSync(lockPath, 'utf8'));
      if (pid && pid !== process.pid && isRunning(pid)) {
        throw new DataDirLockedError(
          `Another Haulboard (process ${pid}) is already using the data folder ${dataDir}.\n` +
            'Stop it first, or set HAULBOARD_DATA_DIR to another folder.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
}

function releaseLock(lockPath: string) {
  try {
    if (Number(fs.readFileSync(lockPath, 'utf8')) === process.pid) fs.rmSync(lockPath, { force: true });
  } catch {
    /* already gone */
  }
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
