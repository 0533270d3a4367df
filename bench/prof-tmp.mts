import fs from 'node:fs';
import { previewImport } from '../apps/server/src/imports/index.ts';
const header = fs.readFileSync('/work/main/apps/server/src/imports/fixtures/fuel_efs_2025Q3.csv', 'utf8').split(/\r?\n/)[0];
const n = Number(process.argv[2] ?? 50000);
const lines = [header];
for (let i = 0; i < n; i++) {
  const minute = 6 * 60 + i;
  const d = new Date(Date.UTC(2029, 0, 8) + minute * 60000);
  const date = `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
  const time = d.toISOString().slice(11, 16);
  lines.push(`7083050099990001,${date},${time},${String(700000 + i)},101,JOHN SMITH,412335,PILOT #436,AMARILLO,TX,0.00,ULSD,3.899,3.499,0.400,100.00,40.00,R,349.90,N,USD/Gallons`);
}
const data = Buffer.from(lines.join('\n'));
const t0 = performance.now();
let batches = 0;
const p = await previewImport({ file: { fileName: 'x.csv', data }, kind: 'fuel', keep: 5, onRecords: async () => { batches++; } });
const t1 = performance.now();
(globalThis as any).gc?.(); console.log('heap MB', Math.round(process.memoryUsage().heapUsed / 1e6)); console.log(n, 'rows', (t1 - t0).toFixed(0), 'ms', Math.round(n / ((t1 - t0) / 1000)), 'rows/s', p.counts, batches, 'rss MB', Math.round(process.memoryUsage().rss / 1e6));
