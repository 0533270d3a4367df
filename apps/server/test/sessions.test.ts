import { sql } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { hashToken } from '../src/access/context';
import { SESSION_COOKIE } from '../src/access/guard';
import { createSession } from '../src/auth/sessions';
import { loadConfig } from '../src/config';
import { HOUSEKEEPING_JOBS, startJobs } from '../src/jobs';
import { createTestApp, EMAIL, type TTestApp } from './helpers';

/** Idle timeout (SESSION_IDLE_HOURS) and the scheduled purges of sessions and kept answers. */

let t: TTestApp;
// The jobs' clock starts at the real time, so rows written with the database's now() line up with it.
const clock = new TestClock(Date.now());

beforeAll(async () => {
  t = await createTestApp({ jobs: (database) => startJobs({ database, clock, pollingIntervalSeconds: 10 }) });
});
afterAll(async () => t?.close());

const rows = async (query: string) => {
  const result = await t.db.execute(sql.raw(query));
  return (Array.isArray(result) ? result : (result as any).rows) as any[];
};
const sessionCookie = async (email: string) => `${SESSION_COOKIE}=${await createSession(t.db, t.ids.users[email], null)}`;
const idOf = (cookie: string) => hashToken(cookie.split('=')[1]);
const me = (cookie: string) => t.call({ method: 'POST', url: '/api/Auth/GetUserDetails', headers: { cookie } });

/** Moves the jobs' clock to 30 seconds before the next minute `minute` of an hour, then past it. */
async function runScheduled(minute: number) {
  const now = new Date(clock.now());
  const due = new Date(now);
  due.setUTCSeconds(0, 0);
  due.setUTCMinutes(minute);
  if (due.getTime() - 30_000 <= now.getTime()) due.setUTCHours(due.getUTCHours() + 1);
  await clock.setTime(due.getTime() - 30_000);
  for (let i = 0; i < 4; i++) await clock.tick(30_000);
}

describe('sessions end after SESSION_IDLE_HOURS without use', () => {
  test('a session idle past its limit is signed out; one in use moves its limit forward', async () => {
    const idle = await sessionCookie(EMAIL.dispatcher);
    await rows(`update sessions set idle_expires_at = now() - interval '1 minute' where id = '${idOf(idle)}'`);
    expect((await me(idle)).status).toBe(401);

    const used = await sessionCookie(EMAIL.driver);
    await rows(`update sessions set idle_expires_at = now() + interval '1 hour' where id = '${idOf(used)}'`);
    expect((await me(used)).status).toBe(200);
    const [row] = await rows(`select extract(epoch from idle_expires_at - now()) / 3600 as hours from sessions where id = '${idOf(used)}'`);
    expect(Number(row.hours)).toBeGreaterThan(11.9);
    expect(Number(row.hours)).toBeLessThanOrEqual(12);
  });

  test('SESSION_IDLE_HOURS is read from the environment and checked', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).sessionIdleHours).toBe(12);
    expect(loadConfig({ NODE_ENV: 'test', SESSION_IDLE_HOURS: '2' }).sessionIdleHours).toBe(2);
    expect(() => loadConfig({ NODE_ENV: 'test', SESSION_IDLE_HOURS: 'soon' })).toThrow('SESSION_IDLE_HOURS must be a number of hours');
    expect(() => loadConfig({ NODE_ENV: 'test', SESSION_IDLE_HOURS: '500' })).toThrow('SESSION_IDLE_HOURS must be at most 168');
  });
});

describe('scheduled purges', () => {
  test('the hourly job deletes sessions past their idle or 7-day limit and keeps live ones', async () => {
    const live = await sessionCookie(EMAIL.admin);
    const idle = await sessionCookie(EMAIL.dispatcher);
    const old = await sessionCookie(EMAIL.applicant);
    await rows(`update sessions set idle_expires_at = now() - interval '1 minute' where id = '${idOf(idle)}'`);
    await rows(`update sessions set expires_at = now() - interval '1 minute' where id = '${idOf(old)}'`);
    const count = async (cookie: string) => (await rows(`select count(*)::int as n from sessions where id = '${idOf(cookie)}'`))[0].n;
    expect(await count(idle)).toBe(1);

    await runScheduled(Number(HOUSEKEEPING_JOBS.purgeSessions.cron.split(' ')[0]));
    await vi.waitFor(async () => expect(await count(idle)).toBe(0), { timeout: 10_000 });
    expect(await count(old)).toBe(0);
    expect(await count(live)).toBe(1);
    expect((await me(live)).status).toBe(200);
  });

  test('the hourly job forgets kept answers older than a day and keeps newer ones', async () => {
    const userId = t.ids.users[EMAIL.admin];
    await rows(`insert into idempotency_keys (user_id, route, key, request_hash, state, created_on) values
      (${userId}, 'POST /x', 'old', 'h', 'done', now() - interval '25 hours'),
      (${userId}, 'POST /x', 'new', 'h', 'done', now() - interval '1 hour')`);
    const keys = async () => (await rows(`select key from idempotency_keys where route = 'POST /x' order by key`)).map((r) => r.key);
    expect(await keys()).toEqual(['new', 'old']);

    await runScheduled(Number(HOUSEKEEPING_JOBS.purgeIdempotencyKeys.cron.split(' ')[0]));
    await vi.waitFor(async () => expect(await keys()).toEqual(['new']), { timeout: 10_000 });
  });
});
