import type { TDb } from '../../../db/client';
import type { TJobs } from '../../../jobs';
import { pruneOrderEvents } from './engine';

export const ORDER_JOBS = {
  /** Order timelines keep 90 days. */
  pruneEvents: { name: 'prune-order-events', cron: '17 3 * * *' },
} as const;

/** The engine's upkeep on pg-boss: every server schedules it, it runs once a day. */
export async function scheduleOrderJobs(jobs: TJobs, { db }: { db: TDb }) {
  const { pruneEvents } = ORDER_JOBS;
  await jobs.work(pruneEvents.name, async () => {
    await pruneOrderEvents(db, jobs.now());
  });
  await jobs.schedule(pruneEvents.name, pruneEvents.cron);
}
