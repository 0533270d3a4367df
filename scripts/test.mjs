// `npm test`: unit and API tests (PGlite, or PostgreSQL when DATABASE_URL is set), then the
// browser tests. Prints one closing line 'N passed, N failed' over both suites.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitest = path.join(root, 'node_modules/.bin/vitest');
const only = process.argv[2]; // 'unit' or 'e2e' to run one suite

function run(name, args) {
  const report = path.join(os.tmpdir(), `haulboard-${name}-${process.pid}.json`);
  const result = spawnSync(vitest, [...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    cwd: root,
    stdio: 'inherit',
  });
  let passed = 0;
  let failed = 0;
  try {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    passed = json.numPassedTests;
    failed = json.numFailedTests;
    fs.rmSync(report, { force: true });
  } catch {
    failed += 1;
  }
  if (result.status !== 0 && failed === 0) failed = 1;
  return { passed, failed, ok: result.status === 0 };
}

const suites = [];
if (!only || only === 'unit') suites.push(run('unit', ['run']));
if (!only || only === 'e2e') suites.push(run('e2e', ['run', '--config', 'e2e/vitest.config.ts']));
const passed = suites.reduce((n, s) => n + s.passed, 0);
const failed = suites.reduce((n, s) => n + s.failed, 0);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(suites.every((s) => s.ok) ? 0 : 1);
