import { purgeIdempotencyKeys } from '../access/idempotency';
import { purgeRateLimitHits } from '../access/rate-store';
import { purgeExpiredSessions } from '../auth/sessions';
import type { TDb } from '../db/client';
import type { TFileStore } from '../files/store';
import { purgeImportFiles } from '../modules/imports';
import type { TJobs } from './jobs';

export const HOUSEKEEPING_JOBS = {
  /** Sessions past their 7-day or idle limit. */
  purgeSessions: { name: 'purge-expired-sessions', cron: '7 * * * *' },
  /** Kept answers to idempotent requests, after a day. */
  purgeIdempotencyKeys: { name: 'purge-idempotency-keys', cron: '37 * * * *' },
  /** Files kept for an import preview, after a day. */
  purgeImportFiles: { name: 'purge-import-files', cron: '47 * * * *' },
  /** Rate-limit counts whose window ended a day ago. */
  purgeRateLimits: { name: 'purge-rate-limits', cron: '17 * * * *' },
  /** Stored files whose upload never finished (a crash mid-way), after a day. */
  purgeUnfinishedFiles: { name: 'purge-unfinished-files', cron: '27 * * * *' },
} as const;

/** The server's own upkeep, hourly: every instance schedules it, pg-boss runs each period once. */
export async function scheduleHousekeeping(jobs: TJobs, { db, files }: { db: TDb; files: TFileStore }) {
  const { purgeSessions, purgeIdempotencyKeys: purgeKeys } = HOUSEKEEPING_JOBS;
  await jobs.work(purgeSessions.name, async () => {
    await purgeExpiredSessions(db, jobs.now());
  });
  await jobs.schedule(purgeSessions.name, purgeSessions.cron);
  await jobs.work(purgeKeys.name, async () => {
    await purgeIdempotencyKeys(db, jobs.now());
  });
  await jobs.schedule(purgeKeys.name, purgeKeys.cron);
  const { purgeImportFiles: purgeFiles } = HOUSEKEEPING_JOBS;
  await jobs.work(purgeFiles.name, async () => {
    await purgeImportFiles(db, jobs.now());
  });
  await jobs.schedule(purgeFiles.name, purgeFiles.cron);
  const { purgeRateLimits } = HOUSEKEEPING_JOBS;
  await jobs.work(purgeRateLimits.name, async () => {
    await purgeRateLimitHits(db, jobs.now());
  });
  await jobs.schedule(purgeRateLimits.name, purgeRateLimits.cron);
  const { purgeUnfinishedFiles } = HOUSEKEEPING_JOBS;
  await jobs.work(purgeUnfinishedFiles.name, async () => {
    await files.purgeUnfinished(new Date(jobs.now().getTime() - 24 * 3600_000));
  });
  await jobs.schedule(purgeUnfinishedFiles.name, purgeUnfinishedFiles.cron);
}
