import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Browser tests: one server for the whole run (global-setup.ts), one Chromium per test file.
 * Files run one after another: the machine has two cores, and the server and Chromium need both.
 */
export default defineConfig({
  root,
  test: {
    name: 'e2e',
    root,
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
    // A flow either works or it does not; retrying would hide flaky pages.
    retry: 0,
  },
});
