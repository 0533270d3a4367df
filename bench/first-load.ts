/**
 * The first load of the sign-in page, as a browser with an empty cache fetches it: index.html plus
 * every script, stylesheet, modulepreload, preload and icon it references, each gzipped (zlib default level,
 * roughly what a server or CDN sends). The budget is 150 kB on this figure. The sign-in
 * page's own lazy module (and what it imports that index.html did not) is printed beside it, for
 * information: it is fetched after the entry has run, not from index.html.
 *
 * `npm run bench:first-load` prints it after `npm run build`; the vite build prints it too, and
 * apps/web/src/first-load.test.ts fails past the budget.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const FIRST_LOAD_BUDGET_KB = 150;

export type TFirstLoadFile = { file: string; kind: string; gzipBytes: number };
export type TFirstLoad = {
  files: TFirstLoadFile[];
  gzipBytes: number;
  /** The sign-in page's lazy module and the chunks it imports that index.html did not load. */
  loginPage: TFirstLoadFile[];
  loginPageBytes: number;
};

const gzipSize = (bytes: Buffer) => gzipSync(bytes).length;

/** Every local file index.html asks for: `<script src>`, `<link href>` (stylesheet, modulepreload, preload, icon, manifest). */
export function referencedFiles(html: string): { file: string; kind: string }[] {
  const found: { file: string; kind: string }[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const url = /\b(?:src|href)\s*=\s*["']?([^"'\s>]+)/i.exec(tag)?.[1];
    if (!url || /^[a-z]+:/i.test(url) || url.startsWith('//')) continue;
    const kind = tag.startsWith('<script') ? 'script' : (/\brel\s*=\s*["']?([^"'\s>]+)/i.exec(tag)?.[1] ?? 'link');
    found.push({ file: url.replace(/^\//, '').split(/[?#]/)[0], kind });
  }
  return found;
}

/** The relative chunks a built module imports statically (`import … from "./x.js"`, `import "./x.js"`). */
function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.\/[^"']+\.js)["']/g)) found.add(m[1].slice(2));
  return [...found];
}

export function measureFirstLoad(dist: string): TFirstLoad {
  const html = fs.readFileSync(path.join(dist, 'index.html'));
  const files: TFirstLoadFile[] = [{ file: 'index.html', kind: 'document', gzipBytes: gzipSize(html) }];
  const loaded = new Set<string>(['index.html']);
  for (const { file, kind } of referencedFiles(html.toString('utf8'))) {
    if (loaded.has(file)) continue;
    const full = path.join(dist, file);
    // The manifest is fetched by the browser only for installing; a missing file is a broken build.
    if (kind === 'manifest') continue;
    if (!fs.existsSync(full)) throw new Error(`index.html references ${file}, which is not in ${dist}`);
    loaded.add(file);
    files.push({ file, kind, gzipBytes: gzipSize(fs.readFileSync(full)) });
  }

  const loginPage: TFirstLoadFile[] = [];
  const assets = path.join(dist, 'assets');
  const login = fs.existsSync(assets) ? fs.readdirSync(assets).find((f) => /^login-page-[\w-]+\.js$/.test(f)) : undefined;
  const visit = (file: string) => {
    if (loaded.has(file)) return;
    loaded.add(file);
    const code = fs.readFileSync(path.join(dist, file));
    loginPage.push({ file, kind: 'lazy', gzipBytes: gzipSize(code) });
    for (const imported of staticImports(code.toString('utf8'))) visit(path.posix.join(path.posix.dirname(file), imported));
  };
  if (login) visit(`assets/${login}`);

  const sum = (list: TFirstLoadFile[]) => list.reduce((n, f) => n + f.gzipBytes, 0);
  return { files, gzipBytes: sum(files), loginPage, loginPageBytes: sum(loginPage) };
}

export const kB = (bytes: number) => (bytes / 1024).toFixed(1);

export function firstLoadReport(result: TFirstLoad): string {
  const lines = result.files.map((f) => `  ${kB(f.gzipBytes).padStart(7)} kB  ${f.kind.padEnd(13)} ${f.file}`);
  const login = result.loginPage.map((f) => `  ${kB(f.gzipBytes).padStart(7)} kB  ${f.kind.padEnd(13)} ${f.file}`);
  return [
    `First load of the sign-in page (index.html and everything it references): ${kB(result.gzipBytes)} kB gzip in ${result.files.length} files; budget ${FIRST_LOAD_BUDGET_KB} kB`,
    ...lines,
    `Then the sign-in page's own module: ${kB(result.loginPageBytes)} kB gzip in ${result.loginPage.length} files (not counted above)`,
    ...login,
  ].join('\n');
}

const here = fileURLToPath(import.meta.url);
if (process.argv[1] && path.resolve(process.argv[1]) === here) {
  const dist = path.resolve(path.dirname(here), '../apps/web/dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    console.error(`No build in ${dist}: run npm run build first.`);
    process.exit(1);
  }
  const result = measureFirstLoad(dist);
  console.log(firstLoadReport(result));
  if (result.gzipBytes > FIRST_LOAD_BUDGET_KB * 1024) process.exitCode = 1;
}
