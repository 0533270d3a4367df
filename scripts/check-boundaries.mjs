// The import boundaries of docs/ARCHITECTURE.md, checked by reading every import:
// - a web feature imports no other feature (shared code lives in components/ or lib/);
// - a server module imports another module only through its index (modules/<name>), never its files;
// - the server's shared layers (lib/, access/, db/ but its seeds) import no module at all.
// `node scripts/check-boundaries.mjs` prints the violations and exits 1 when there are any.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = /\.(ts|tsx|mts)$/;
const IMPORT = /(?:^|[^\w.])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[^\w.])import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

function* files(dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (SOURCE.test(entry.name)) yield full;
  }
}

/** The relative imports of a source file, resolved to paths (without extension). */
export function importsOf(file) {
  const text = fs.readFileSync(file, 'utf8');
  const found = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (spec?.startsWith('.')) found.push(path.resolve(path.dirname(file), spec));
  }
  return found;
}

/** The part of `p` under `base` split into segments, or null when `p` is not under it. */
const under = (base, p) => {
  const rel = path.relative(base, p);
  return rel.startsWith('..') || path.isAbsolute(rel) ? null : rel.split(path.sep);
};

export function findViolations(root) {
  const violations = [];
  const features = path.join(root, 'apps/web/src/features');
  for (const file of files(features)) {
    const [own] = under(features, file);
    for (const target of importsOf(file)) {
      const parts = under(features, target);
      if (parts && parts[0] !== own) violations.push(`${path.relative(root, file)} imports feature '${parts[0]}' (${path.relative(root, target)})`);
    }
  }
  const server = path.join(root, 'apps/server/src');
  const modules = path.join(server, 'modules');
  for (const file of files(server)) {
    const mine = under(modules, file);
    const [layer, sub] = under(server, file) ?? [];
    for (const target of importsOf(file)) {
      const parts = under(modules, target);
      if (!parts) continue;
      if (mine && parts[0] === mine[0]) continue;
      // Seeds act through the services, like any other caller.
      if (['lib', 'access', 'db'].includes(layer) && !(layer === 'db' && sub === 'seed')) {
        violations.push(`${path.relative(root, file)} (shared layer ${layer}/) imports module '${parts[0]}'`);
      } else if (parts.length > 1 && !(parts.length === 2 && parts[1] === 'index')) {
        violations.push(`${path.relative(root, file)} reaches into module '${parts[0]}' (${path.relative(root, target)}); import '${parts[0]}' through its index`);
      }
    }
  }
  return violations.sort();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const violations = findViolations(root);
  for (const v of violations) console.error(v);
  console.log(violations.length ? `${violations.length} import boundary violation(s)` : 'Import boundaries hold.');
  process.exit(violations.length ? 1 : 0);
}
