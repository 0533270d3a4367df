import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Browser tests: global-setup.ts seeds one template database for the run; each test file starts its
 * own server on a copy of it (support/server.ts) and launches one Chromium. Files share no data, so
 * two run at a time: a file alone leaves a third of two cores idle while pages load and settle.
 * E2E_WORKERS=1 runs them one after another.
 */
export default defineConfig({
  root,
  test: {
    name: 'e2e',
    root,
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    setupFiles: ['./support/server.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    pool: 'forks',
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    // A flow either works or it does not; retrying would hide flaky pages.
    retry: 0,
  },
});
