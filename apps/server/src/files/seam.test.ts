import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.resolve(server, '../../web/src');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'fixtures' || e.name === 'node_modules' ? [] : sources(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** The one writer stays the only one: a second CSV writer or header builder is how the old holes came back. */
describe('files seam', () => {
  it('no server file outside src/files sets a content-disposition or writes XLSX', () => {
    const offenders = sources(server)
      .filter((f) => !f.startsWith(path.join(server, 'files')))
      .filter((f) => /content-disposition|\.xlsx\.write|addWorksheet\(/i.test(fs.readFileSync(f, 'utf8')));
    expect(offenders.map((f) => path.relative(server, f))).toEqual([]);
  });

  it('no server or web file quotes CSV fields itself (they use csvText)', () => {
    const offenders = [...sources(server), ...sources(web)].filter((f) => /replace\(\/"\/g, '""'\)/.test(fs.readFileSync(f, 'utf8')));
    expect(offenders.map((f) => path.relative(server, f))).toEqual([]);
  });
});
