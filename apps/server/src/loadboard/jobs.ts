import type { TDb } from '../db/client';
import type { TJobs } from '../jobs';
import { companiesWithSessions, refreshSessions } from './connection';
import type { TVault } from './vault';

/** The periodic session check: every 30 minutes, each company's stored sessions against its board. */
export const SESSION_REFRESH_JOB = { name: 'refresh-board-sessions', cron: '*/30 * * * *' } as const;

type TLog = { warn: (obj: object, msg: string) => void };

/** Checks every company that stores sessions; one company's failure does not stop the others. */
export async function refreshAllSessions(db: TDb, vault: TVault, log?: TLog) {
  const results: { companyId: number; working: number; expired: number; unreachable: number }[] = [];
  for (const companyId of await companiesWithSessions(db)) {
    try {
      const c = await refreshSessions(db, vault, companyId);
      results.push({ companyId, working: c.working, expired: c.expired, unreachable: c.unreachable });
    } catch (e) {
      log?.warn({ companyId, error: (e as Error)?.message }, 'board session check failed');
    }
  }
  return results;
}

export async function scheduleSessionRefresh(jobs: TJobs, { db, vault, log }: { db: TDb; vault: TVault; log?: TLog }) {
  await jobs.work(SESSION_REFRESH_JOB.name, async () => {
    await refreshAllSessions(db, vault, log);
  });
  await jobs.schedule(SESSION_REFRESH_JOB.name, SESSION_REFRESH_JOB.cron);
}
