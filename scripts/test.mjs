// `npm test`: unit and API tests (PGlite, or PostgreSQL when DATABASE_URL is set), then the
// browser tests. Prints one closing line 'N passed, N failed in M min S s' over both suites.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitest = path.join(root, 'node_modules/.bin/vitest');
// 'unit' or 'e2e' runs one suite; 'server' only the unit and API tests of the server and packages
// (what depends on the database: CI runs them a second time on PGlite).
const only = process.argv[2];

const failures = [];
const startedAt = Date.now();
const firstLine = (text) => (text ?? '').split('\n').find((line) => line.trim() !== '')?.trim().slice(0, 300) ?? '';

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
    for (const file of json.testResults ?? []) {
      const where = path.relative(root, file.name);
      const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of tests) failures.push(`${name}: ${where} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
      if (file.status === 'failed' && tests.length === 0) failures.push(`${name}: ${where}: ${firstLine(file.message)}`);
    }
    fs.rmSync(report, { force: true });
  } catch {
    failed += 1;
  }
  if (result.status !== 0 && failed === 0) failed = 1;
  return { passed, failed, ok: result.status === 0 };
}

const suites = [];
if (!only || only === 'unit') suites.push(run('unit', ['run']));
if (only === 'server') suites.push(run('server', ['run', '--project', 'server']));
if (!only || only === 'e2e') suites.push(run('e2e', ['run', '--config', 'e2e/vitest.config.ts']));
const passed = suites.reduce((n, s) => n + s.passed, 0);
const failed = suites.reduce((n, s) => n + s.failed, 0);
// The failed tests once more at the very end, where a CI log's tail shows them.
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
const seconds = Math.round((Date.now() - startedAt) / 1000);
console.log(`\n${passed} passed, ${failed} failed in ${Math.floor(seconds / 60)} min ${seconds % 60} s`);
if (process.env.HAULBOARD_FAILURES_FILE && failures.length > 0) {
  fs.appendFileSync(process.env.HAULBOARD_FAILURES_FILE, `${failures.join('\n')}\n`);
}
process.exit(suites.every((s) => s.ok) ? 0 : 1);
