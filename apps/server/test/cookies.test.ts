import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { createSim, DEMO_CREDENTIALS, type TSim } from '@haulboard/loadboard-sim';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshAllSessions } from '../src/loadboard/jobs';
import { createVault } from '../src/loadboard/vault';
import { createTestApp, EMAIL, type TTestApp } from './helpers';

/** Cookie administration (spec §2 relay/cookie-admin, §5 cookie form, §8 cookie messages). */

const COOKIE = `session-id=131-5550100-1234567; ubid-main=133-1112223-4445556; at-main=Atza|${'S3CR3T'.repeat(40)}; x-main="zzz"`;
const TOKEN = `hAg7${'T0K3N'.repeat(20)}==`;
let logged = '';
const vault = createVault(randomBytes(32));
let t: TTestApp;
beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _enc, done) {
      logged += chunk.toString();
      done();
    },
  });
  t = await createTestApp({ logger: pino({ level: 'trace' }, sink) as any, vault });
});
let sim: TSim;
let simUrl = '';
beforeAll(async () => {
  sim = createSim({ now: '2026-03-10T15:00:00Z', seed: 'cookies-test' });
  simUrl = await sim.listen({ port: 0 });
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

const save = (payload: unknown, as: string = EMAIL.admin) => t.call({ method: 'POST', url: '/api/CookieAdmin', payload, as });
const list = async (as: string = EMAIL.admin) => (await t.call({ method: 'GET', url: '/api/CookieAdmin', as })).body as any[];

describe('cookie administration', () => {
  it('stores a session and shows only the first 100 and 50 characters', async () => {
    const res = await save({ cookie: COOKIE, csrfToken: TOKEN, cookieSource: 'Chrome, dispatch PC' });
    expect(res.status).toBe(200);
    expect(res.text).toBe('Company Cookie updated successfully');
    const [row] = await list();
    expect(row).toMatchObject({ cookie: COOKIE.slice(0, 100), csrfToken: TOKEN.slice(0, 50), cookieSource: 'Chrome, dispatch PC', isInUse: false, status: 'unchecked' });
    expect(row.createdOn).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('keeps cookie and token unreadable in the database', async () => {
    const rows = await t.db.execute(sql`select * from company_cookies where company_id = ${t.ids.companies.demo}`);
    const text = JSON.stringify(rows);
    expect(text).not.toContain('S3CR3T');
    expect(text).not.toContain('T0K3N');
    expect(text).not.toContain('session-id=');
  });

  it('answers the spec’s messages for missing fields', async () => {
    const res = await save({ cookie: '', csrfToken: ' ', cookieSource: '' });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toMatchObject({
      cookie: ['Cookie is required'],
      csrfToken: ['CsrfToken is required'],
      cookieSource: ['Cookie Source is required'],
    });
  });

  it('keeps sessions to their company and to administrators', async () => {
    expect((await t.call({ method: 'GET', url: '/api/CookieAdmin', as: EMAIL.dispatcher })).status).toBe(403);
    expect((await save({ cookie: 'a=b', csrfToken: 't', cookieSource: 's' }, EMAIL.driver)).status).toBe(403);
    expect(await list(EMAIL.secondAdmin)).toEqual([]);
    const [row] = await list();
    const foreign = await t.call({ method: 'DELETE', url: `/api/CookieAdmin?Id=${row.companyCookieId}`, as: EMAIL.secondAdmin });
    expect(foreign.status).toBe(404);
    expect(await list()).toHaveLength(1);
  });

  it('replaces the values of a stored session and deletes one', async () => {
    const [row] = await list();
    await save({ companyCookieId: row.companyCookieId, cookie: 'session-id=new', csrfToken: 'new-token', cookieSource: 'Firefox' });
    const [updated] = await list();
    expect(updated).toMatchObject({ companyCookieId: row.companyCookieId, cookie: 'session-id=new', cookieSource: 'Firefox' });
    const del = await t.call({ method: 'DELETE', url: `/api/CookieAdmin?Id=${row.companyCookieId}`, as: EMAIL.admin });
    expect(del.text).toBe('Company Cookie deleted successfully');
    expect(await list()).toEqual([]);
  });

  it('never writes a cookie or token to the log', () => {
    expect(logged.length).toBeGreaterThan(0);
    expect(logged).not.toContain('S3CR3T');
    expect(logged).not.toContain('T0K3N');
    expect(logged).not.toContain('new-token');
  });
});

describe('Refresh Cookies', () => {
  const refresh = (as: string = EMAIL.admin) => t.call({ method: 'GET', url: '/api/CookieAdmin/RefreshCookies', as });
  const setUrl = (url: string, as: string = EMAIL.admin) => t.call({ method: 'POST', url: `/api/General/setServiceUrl?url=${encodeURIComponent(url)}`, as });

  it('asks for the Service Url first, and for a cookie', async () => {
    const second = await refresh(EMAIL.secondAdmin);
    expect(second.status).toBe(409);
    expect(second.text).toMatch(/^ERROR The Service Url is not set/);
    expect((await setUrl(simUrl)).status).toBe(200);
    for (const row of await list()) await t.call({ method: 'DELETE', url: `/api/CookieAdmin?Id=${row.companyCookieId}`, as: EMAIL.admin });
    const none = await refresh();
    expect(none.status).toBe(409);
    expect(none.text).toBe('ERROR No cookies are stored. Add one in Cookie Administration.');
  });

  it('checks every session against the board and marks the newest working one in use', async () => {
    await save({ cookie: 'session-id=old; session-token=gone', csrfToken: 'old-token', cookieSource: 'Old laptop' });
    await save({ cookie: DEMO_CREDENTIALS.cookie, csrfToken: DEMO_CREDENTIALS.csrfToken, cookieSource: 'Chrome' });
    await save({ cookie: DEMO_CREDENTIALS.cookie, csrfToken: 'stale-csrf-token', cookieSource: 'Edge' });
    const res = await refresh();
    expect(res.status).toBe(200);
    const rows = await list();
    const working = rows.find((r) => r.cookieSource === 'Chrome');
    expect(res.text).toBe(`Cookies refreshed: 3 checked, 1 working, 2 expired. Cookie ID ${working.companyCookieId} is in use.`);
    expect(rows.map((r) => [r.cookieSource, r.status, r.isInUse])).toEqual([
      ['Edge', 'expired', false],
      ['Chrome', 'working', true],
      ['Old laptop', 'expired', false],
    ]);
    expect(rows.find((r) => r.cookieSource === 'Edge').lastError).toBe('The load board refused the CSRF token');
    expect(rows.find((r) => r.cookieSource === 'Old laptop').lastError).toBe('The load board session has expired: the board answered with its sign-in page');
  });

  it('says so when no session works, and keeps verdicts when the board cannot be reached', async () => {
    sim.expireSession();
    const dead = await refresh();
    expect(dead.text).toBe('Cookies refreshed: 3 checked, 0 working, 3 expired. No cookie works: add a new one in Cookie Administration.');
    expect((await list()).some((r) => r.isInUse)).toBe(false);
    sim.setCredentials(DEMO_CREDENTIALS);
    await refresh();
    sim.setFault({ status: 503, times: 3 });
    const down = await refresh();
    expect(down.text).toMatch(/^Cookies refreshed: 3 checked, 0 working, 0 expired, 3 not checked \(the load board could not be reached\)\.$/);
    const rows = await list();
    expect(rows.find((r) => r.cookieSource === 'Chrome')).toMatchObject({ status: 'working', isInUse: true });
  });

  it('is for those who may write on the system admin page', async () => {
    expect((await refresh(EMAIL.dispatcher)).status).toBe(403);
    expect((await refresh(EMAIL.driver)).status).toBe(403);
  });

  it('runs for every company in the periodic job', async () => {
    sim.expireSession('401');
    const results = await refreshAllSessions(t.db, vault);
    sim.setCredentials(DEMO_CREDENTIALS);
    expect(results).toEqual([{ companyId: t.ids.companies.demo, working: 0, expired: 3, unreachable: 0 }]);
    await refreshAllSessions(t.db, vault);
    expect((await list()).find((r) => r.isInUse)?.cookieSource).toBe('Chrome');
  });

  it('never writes a cookie or token to the log while checking', () => {
    expect(logged).not.toContain(DEMO_CREDENTIALS.csrfToken);
    expect(logged).not.toContain('demo-session-token');
    expect(logged).not.toContain('stale-csrf-token');
  });
});
