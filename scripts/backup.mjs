// `npm run backup [-- --data <folder>] [-- --out <folder>]`: copies the embedded database (PGlite
// data folder, default HAULBOARD_DATA_DIR or ./data) into a new folder, default
// ./backups/haulboard-<time>. Refuses while a server uses the folder: stop it first.
// PostgreSQL (DATABASE_URL): use pg_dump instead (README, Backups).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { data: { type: 'string' }, out: { type: 'string' } } });
if (process.env.DATABASE_URL && !values.data) {
  console.error('DATABASE_URL is set: the data is in PostgreSQL. Back it up with pg_dump (README, Backups); this backs up the embedded folder only.');
  process.exit(1);
}
const dataDir = path.resolve(root, values.data ?? process.env.HAULBOARD_DATA_DIR ?? 'data');
const stamp = new Date().toISOString().replace(/[:.]/g, '-').replace(/-\d{3}Z$/, 'Z');
const outDir = path.resolve(values.out ?? path.join(root, 'backups', `haulboard-${stamp}`));

const { backupDataDir, BackupError } = await tsImport('../apps/server/src/db/backup.ts', import.meta.url);
try {
  const manifest = await backupDataDir(dataDir, outDir);
  const counts = Object.entries(manifest.rows).filter(([, n]) => n > 0).map(([t, n]) => `${t} ${n}`).join(', ');
  console.log(`Backed up ${dataDir}\n      to ${outDir}\n  rows: ${counts}\nRestore with: npm run restore -- ${path.relative(process.cwd(), outDir) || outDir}`);
} catch (error) {
  console.error(error instanceof BackupError ? `\n${error.message}\n` : error);
  process.exit(1);
}
