import type { FastifyBaseLogger } from 'fastify';
import { type Clock, fromPglite, PgBoss, systemClock } from 'pg-boss';
import type { TDatabase } from '../db/client';
import { recordJob } from '../lib/metrics';

/** Source of time for jobs: `now()` in epoch milliseconds plus timers (pg-boss's Clock; tests pass its TestClock). */
export type TClock = Clock;

export type TJobOptions = {
  /** Run no earlier than this time, or this many seconds from now. */
  startAfter?: Date | number;
  /** At most one queued job with this key per queue. */
  singletonKey?: string;
  /** Attempts after the first when the handler throws (default 2). */
  retryLimit?: number;
  /** Seconds between attempts (default 0). */
  retryDelay?: number;
};

export type TJobInfo = { id: string; retryCount: number };
export type TJobHandler<T> = (data: T, job: TJobInfo) => Promise<void>;

/**
 * Work that runs outside a request. Jobs live in the application's own database (schema
 * `pgboss`), so a job sent before a restart runs after it, and with several servers on one
 * PostgreSQL each job runs once.
 */
export type TJobs = {
  /** Whether this process runs jobs (false in a web process: it only queues them). */
  runsWork: boolean;
  /** Queues a job; the id, or null when a singleton key already holds one. */
  send: <T extends object>(name: string, data: T, options?: TJobOptions) => Promise<string | null>;
  /**
   * Sends `name` on a cron expression (UTC). Scheduling again replaces the expression. Periods
   * missed while no server ran are made up by one run, not one per period.
   */
  schedule: (name: string, cron: string, data?: object) => Promise<void>;
  /** Runs `handler` for each job of `name`; a throw fails the attempt and it is retried. */
  work: <T extends object>(name: string, handler: TJobHandler<T>) => Promise<void>;
  /** The jobs' clock: scheduled work reads the time here, so tests can move it. */
  now: () => Date;
  /** Stops taking jobs and waits for running ones (up to 10 s). */
  stop: () => Promise<void>;
};

export type TJobsDeps = {
  database: TDatabase;
  clock?: TClock;
  log?: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
  /** How often an idle worker looks for jobs, in seconds (default 2). */
  pollingIntervalSeconds?: number;
  /**
   * False in a web process (HAULBOARD_ROLE=web): it queues jobs but runs none, keeps no schedules
   * and does no queue maintenance; the worker processes do. Default true.
   */
  runsWork?: boolean;
};

/** pg-boss over the app's database: PostgreSQL through its own small pool, or the embedded PGlite. */
export async function startJobs(deps: TJobsDeps): Promise<TJobs> {
  const { database } = deps;
  const clock = deps.clock ?? systemClock;
  const pollingIntervalSeconds = deps.pollingIntervalSeconds ?? 2;
  const runsWork = deps.runsWork ?? true;
  const common = { schema: 'pgboss', clock, migrate: true, createSchema: true, supervise: runsWork, schedule: runsWork } as const;
  let boss: PgBoss;
  if (database.pglite) {
    boss = new PgBoss({ ...common, backend: 'pglite', db: fromPglite(database.pglite) });
  } else if (database.url) {
    boss = new PgBoss({ ...common, connectionString: database.url, max: 3, application_name: 'haulboard-jobs' });
  } else {
    throw new Error('Jobs need the database connection string or the embedded PGlite instance');
  }
  boss.on('error', (error) => deps.log?.error({ err: error }, 'background jobs: %s', error.message));
  boss.on('warning', (warning) => deps.log?.warn({ warning }, 'background jobs: %s', warning.message));
  await boss.start();

  const queues = new Map<string, Promise<void>>();
  const ensureQueue = (name: string) => {
    let created = queues.get(name);
    if (!created) {
      created = boss.createQueue(name);
      queues.set(name, created);
      created.catch(() => queues.delete(name));
    }
    return created;
  };

  let stopped = false;
  return {
    runsWork,
    send: async (name, data, options = {}) => {
      await ensureQueue(name);
      // pg-boss validates every key it is given, so only the ones set are passed.
      const given = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
      return boss.send(name, data, given);
    },
    schedule: async (name, cron, data) => {
      if (!runsWork) return;
      await ensureQueue(name);
      await boss.schedule(name, cron, data ?? null, { tz: 'UTC', missed: 'once' });
    },
    work: async (name, handler) => {
      if (!runsWork) return;
      await ensureQueue(name);
      await boss.work<any>(name, { pollingIntervalSeconds }, async (jobs) => {
        for (const job of jobs) {
          try {
            await handler(job.data, { id: job.id, retryCount: job.retryCount });
            recordJob(name, 'completed');
          } catch (error) {
            recordJob(name, 'failed');
            throw error;
          }
        }
      });
    },
    now: () => new Date(clock.now()),
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
