// `npm run restore -- <backup folder> [--to <folder>]`: puts a backup made by `npm run backup`
// into a data folder with no database yet (default HAULBOARD_DATA_DIR or ./data), and checks
// its row counts. Refuses while a server uses the folder, and never overwrites a database.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values, positionals } = parseArgs({ options: { to: { type: 'string' } }, allowPositionals: true });
if (positionals.length !== 1) {
  console.error('Usage: npm run restore -- <backup folder> [--to <data folder>]');
  process.exit(1);
}
const backupDir = path.resolve(positionals[0]);
const dataDir = path.resolve(root, values.to ?? process.env.HAULBOARD_DATA_DIR ?? 'data');

const { restoreDataDir, BackupError } = await tsImport('../apps/server/src/db/backup.ts', import.meta.url);
try {
  const manifest = await restoreDataDir(backupDir, dataDir);
  const counts = Object.entries(manifest.rows).filter(([, n]) => n > 0).map(([t, n]) => `${t} ${n}`).join(', ');
  console.log(`Restored the backup of ${manifest.createdAt}\n      into ${dataDir}\n  rows: ${counts}\nStart the server on it (HAULBOARD_DATA_DIR=${dataDir} npm start).`);
} catch (error) {
  console.error(error instanceof BackupError ? `\n${error.message}\n` : error);
  process.exit(1);
}
