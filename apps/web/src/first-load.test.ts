// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIRST_LOAD_BUDGET_KB, firstLoadReport, measureFirstLoad, referencedFiles } from '../../../bench/first-load';

/**
 * Issue "Run it as a carrier's business runs it": the sign-in page's first load (index.html and
 * everything it references, modulepreloads included) stays under 150 kB gzip. Reads the last
 * build (`npm run build`, which CI runs before the tests); without one there is nothing to measure.
 */
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const built = fs.existsSync(path.join(dist, 'index.html'));

describe.skipIf(!built)('first load of the sign-in page (apps/web/dist)', () => {
  it(`is at most ${FIRST_LOAD_BUDGET_KB} kB gzip`, () => {
    const result = measureFirstLoad(dist);
    expect(result.gzipBytes, firstLoadReport(result)).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KB * 1024);
  });

  it('preloads nothing that only the pages inside /app need', () => {
    const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    const files = referencedFiles(html).map((f) => f.file);
    expect(files.filter((f) => /\/(app-pages|app-shell|data-table|login-page)-/.test(f))).toEqual([]);
    // The table of pages is still hinted early, by the script, for an address under /app.
    const script = files.find((f) => /\/app-preload-[\w-]+\.js$/.test(f));
    expect(script).toBeDefined();
    expect(fs.readFileSync(path.join(dist, script!), 'utf8')).toMatch(/\/assets\/app-pages-[\w-]+\.js/);
  });
});

describe('referencedFiles', () => {
  it('finds scripts, modulepreloads, styles and icons, not other sites', () => {
    const html = `<link rel="icon" href="/favicon.svg"><script type="module" crossorigin src="/assets/index-a.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/f-b.js"><link rel="stylesheet" href="/assets/s-c.css">
      <script src="https://example.com/x.js"></script>`;
    expect(referencedFiles(html)).toEqual([
      { file: 'favicon.svg', kind: 'icon' },
      { file: 'assets/index-a.js', kind: 'script' },
      { file: 'assets/f-b.js', kind: 'modulepreload' },
      { file: 'assets/s-c.css', kind: 'stylesheet' },
    ]);
  });
});
