import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/imports/fixtures');

/**
 * An EFS file of `n` diesel lines in 2029, one a minute from Jan 8 06:00, each its own invoice;
 * `badAt` makes that line's date impossible (a refused row); `invoice` is the first invoice number
 * (700000), so that two files of one test are told apart.
 */
export function longEfs(n: number, { badAt, invoice = 700000 }: { badAt?: number; invoice?: number } = {}): string {
  const header = fs.readFileSync(path.join(fixtures, 'fuel_efs_2025Q3.csv'), 'utf8').split(/\r?\n/)[0];
  const lines = [header];
  const start = Date.UTC(2029, 0, 8, 6, 0);
  for (let i = 0; i < n; i++) {
    const at = new Date(start + i * 60_000);
    const day = `${String(at.getUTCMonth() + 1).padStart(2, '0')}/${String(at.getUTCDate()).padStart(2, '0')}/2029`;
    const date = i === badAt ? '13/45/2029' : day;
    lines.push(`7083050099990001,${date},${at.toISOString().slice(11, 16)},${String(invoice + i)},101,JOHN SMITH,412335,PILOT #436,AMARILLO,TX,0.00,ULSD,3.899,3.499,0.400,100.00,40.00,R,349.90,N,USD/Gallons`);
  }
  return `${lines.join('\n')}\n`;
}
