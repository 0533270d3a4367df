import { defineConfig } from 'vitest/config';

/** Unit and API tests. Browser tests live in e2e/ with their own config. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts', 'apps/loadboard-sim/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Every query the API tests run is checked for its company condition (db/tenancy-check.ts).
          env: { HAULBOARD_TENANCY_CHECK: '1' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          testTimeout: 20_000,
        },
      },
    ],
  },
});
