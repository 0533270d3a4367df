import { z } from 'zod';
import { defineRoute } from './route-def';

/** A periodic job: its schedule and the last time it ran (null: not yet, or its record has been purged). */
export const ZHealthPeriodicJob = z.object({
  name: z.string(),
  cron: z.string(),
  lastRunOn: z.string().nullable(),
  lastState: z.string().nullable(),
});

export const ZHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  /** What this process does (HAULBOARD_ROLE). */
  role: z.enum(['all', 'web', 'worker']),
  /** Migrations shipped with this version and applied to the database; pending > 0 is degraded. */
  migrations: z.object({ shipped: z.number().int(), applied: z.number().int(), pending: z.number().int() }).nullable(),
  /** The background jobs' queue: jobs waiting to run, jobs failed in the last day, each periodic job's last run. */
  jobs: z
    .object({
      backlog: z.number().int(),
      failedLastDay: z.number().int(),
      periodic: z.array(ZHealthPeriodicJob),
    })
    .nullable(),
  time: z.string(),
});

export const healthRoutes = {
  health: defineRoute({
    method: 'GET',
    path: '/api/health',
    summary: 'Service state: database, migrations, the job queue backlog and the last run of each periodic job',
    tag: 'General',
    access: { kind: 'public' },
    response: ZHealth,
  }),
} as const;
export type THealth = z.output<typeof ZHealth>;
