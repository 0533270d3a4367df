import fs from 'node:fs';
import path from 'node:path';
import { healthRoutes, type THealth } from '@haulboard/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { migrationsFolder, type TDatabase } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { asOwner } from '../../db/scope';
import type { TJobs } from '../../jobs';
import { route } from '../../lib/route';

/**
 * What an operator or a monitor asks first: is the database there, is its schema this version's,
 * is the job queue keeping up, and when did each periodic job last run. 503 when degraded.
 */
export async function healthModule(app: FastifyInstance, { database, jobs }: { database: TDatabase; jobs: TJobs | null }) {
  const shipped = shippedMigrations();
  route(app, healthRoutes.health, async (_req, reply) => {
    const up = await database.ping();
    // The migrations' and pg-boss's own tables are the database's bookkeeping, read as the
    // connecting role (no company data: decision 018).
    const migrations = up ? await asOwner(() => migrationState(database, shipped)) : null;
    const queue = up && jobs ? await asOwner(() => jobState(database)) : null;
    const degraded = !up || (migrations?.pending ?? 0) > 0;
    if (degraded) reply.code(503);
    return {
      status: degraded ? 'degraded' : 'ok',
      database: up ? 'up' : 'down',
      role: app.role,
      migrations,
      jobs: queue,
      time: new Date().toISOString(),
    } satisfies THealth;
  });
}

function shippedMigrations() {
  try {
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    return journal.entries.length;
  } catch {
    return 0;
  }
}

async function migrationState(database: TDatabase, shipped: number) {
  try {
    const [row] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
    const applied = Number(row?.n ?? 0);
    return { shipped, applied, pending: Math.max(0, shipped - applied) };
  } catch {
    return { shipped, applied: 0, pending: shipped };
  }
}

/** pg-boss's own tables: waiting jobs, recent failures and each schedule's newest job. */
async function jobState(database: TDatabase) {
  try {
    const [counts] = rowsOf<{ backlog: number; failed: number }>(
      await database.db.execute(sql`
        select count(*) filter (where state in ('created', 'retry') and start_after <= now())::int as backlog,
          count(*) filter (where state = 'failed' and completed_on > now() - interval '1 day')::int as failed
        from pgboss.job`),
    );
    const periodic = rowsOf<{ name: string; cron: string; last_run_on: string | null; last_state: string | null }>(
      await database.db.execute(sql`
        select s.name, s.cron, j.completed_on::text as last_run_on, j.state::text as last_state
        from pgboss.schedule s
        left join lateral (
          select completed_on, state from pgboss.job
          where name = s.name and state in ('completed', 'failed')
          order by completed_on desc nulls last limit 1
        ) j on true
        order by s.name`),
    );
    return {
      backlog: Number(counts?.backlog ?? 0),
      failedLastDay: Number(counts?.failed ?? 0),
      periodic: periodic.map((p) => ({ name: p.name, cron: p.cron, lastRunOn: p.last_run_on ? new Date(p.last_run_on).toISOString() : null, lastState: p.last_state })),
    };
  } catch {
    // The queue's schema appears with the first start of the jobs.
    return null;
  }
}
