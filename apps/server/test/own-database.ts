import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgres } from '../src/db/client';
import { ensureReferenceData } from '../src/db/reference-data';
import { seedDemo } from '../src/db/seed/demo';
import { withDatabase } from './global-setup';

/**
 * A PostgreSQL database of a test's own (for real server processes, which cannot share the test
 * app's): created, migrated and seeded with the demo; `drop` removes it at the end.
 */
export async function createOwnDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = withDatabase(serverUrl, name);
  const database = openPostgres(url, { max: 2 });
  try {
    await database.migrate();
    await ensureReferenceData(database.db);
    await seedDemo(database.db);
  } finally {
    await database.close();
  }
  return {
    name,
    url,
    /** A connection to the server's maintenance database, for the test's own checks. */
    admin,
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.end();
    },
  };
}

export type TOwnDatabase = Awaited<ReturnType<typeof createOwnDatabase>>;
