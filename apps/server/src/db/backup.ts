/**
 * Backups of the embedded database (a PGlite data folder), for `npm run backup` / `npm run restore`.
 *
 * PGlite runs inside the one server process that holds the folder, so nothing else can read it
 * consistently while that server runs: a backup (and a restore) takes the folder's lock for its
 * whole length and refuses, saying to stop the server, while a live Haulboard holds it. With the
 * lock held the folder is still, and the copy is opened once to prove it starts and to count rows.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { DataDirLockedError, lockDataDir, releaseLock } from './client';

/** The files of a data folder a backup keeps: the database and the development secret key. */
const KEPT = ['pglite', 'secret.key'];

export type TBackupManifest = { app: 'haulboard'; kind: 'pglite-folder'; createdAt: string; from: string; rows: Record<string, number> };

export class BackupError extends Error {}

function withLock<T>(dataDir: string, what: string, run: () => Promise<T>): Promise<T> {
  let lockPath: string;
  try {
    lockPath = lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new BackupError(
        `${error.message.split('\n')[0]}\nA ${what} needs the folder to itself: stop that server first (Ctrl-C, or docker compose stop), run the ${what} again, then start it.`,
      );
    }
    throw error;
  }
  return run().finally(() => releaseLock(lockPath));
}

/** Row counts of every table of the app's schema, which a backup records and a restore checks. */
export async function countRows(pgliteDir: string): Promise<Record<string, number>> {
  const client = await PGlite.create(pgliteDir);
  try {
    const rows: Record<string, number> = {};
    const { rows: tables } = await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    for (const table of tables.map((t) => t.name)) {
      const { rows: counted } = await client.query<{ n: number }>(`select count(*)::int as n from "${table}"`);
      rows[table] = counted[0].n;
    }
    return rows;
  } finally {
    await client.close();
  }
}

/** Copies `dataDir` (stopped) into the new folder `outDir` and checks the copy opens. */
export async function backupDataDir(dataDir: string, outDir: string): Promise<TBackupManifest> {
  if (!fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))) {
    throw new BackupError(`There is no embedded database in ${dataDir} (no pglite folder). Set HAULBOARD_DATA_DIR or --data to the folder the server uses.`);
  }
  if (fs.existsSync(outDir) && fs.readdirSync(outDir).length > 0) throw new BackupError(`${outDir} already exists and is not empty: name a new folder.`);
  return withLock(dataDir, 'backup', async () => {
    fs.mkdirSync(outDir, { recursive: true });
    for (const name of KEPT) {
      const from = path.join(dataDir, name);
      if (fs.existsSync(from)) fs.cpSync(from, path.join(outDir, name), { recursive: true, preserveTimestamps: true });
    }
    // Opening the copy (not the original) proves it starts and gives the counts a restore checks.
    const rows = await countRows(path.join(outDir, 'pglite'));
    const manifest: TBackupManifest = { app: 'haulboard', kind: 'pglite-folder', createdAt: new Date().toISOString(), from: dataDir, rows };
    fs.writeFileSync(path.join(outDir, 'backup.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  });
}

/** Restores a backup folder into `dataDir`, which must hold no database yet. */
export async function restoreDataDir(backupDir: string, dataDir: string): Promise<TBackupManifest> {
  let manifest: TBackupManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'backup.json'), 'utf8'));
  } catch {
    throw new BackupError(`${backupDir} is not a Haulboard backup (no readable backup.json): give the folder \`npm run backup\` printed.`);
  }
  if (manifest.app !== 'haulboard' || !fs.existsSync(path.join(backupDir, 'pglite', 'PG_VERSION'))) {
    throw new BackupError(`${backupDir} is not a complete Haulboard backup (no pglite folder).`);
  }
  fs.mkdirSync(dataDir, { recursive: true });
  return withLock(dataDir, 'restore', async () => {
    const existing = path.join(dataDir, 'pglite');
    if (fs.existsSync(existing) && fs.readdirSync(existing).length > 0) {
      throw new BackupError(
        `${dataDir} already holds a database. A restore does not overwrite one: move that folder aside (or restore into a new folder and point HAULBOARD_DATA_DIR at it).`,
      );
    }
    for (const name of KEPT) {
      const from = path.join(backupDir, name);
      if (fs.existsSync(from)) fs.cpSync(from, path.join(dataDir, name), { recursive: true, preserveTimestamps: true, force: true });
    }
    const rows = await countRows(existing);
    const differ = Object.keys(manifest.rows).filter((t) => rows[t] !== manifest.rows[t]);
    if (differ.length) throw new BackupError(`The restored database does not match the backup's row counts (${differ.join(', ')}).`);
    return { ...manifest, rows };
  });
}
