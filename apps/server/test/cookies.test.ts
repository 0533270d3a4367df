import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { createSim, DEMO_CREDENTIALS, type TSim } from '@haulboard/loadboard-sim';
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyCookies } from '../src/db/schema';
import { refreshAllSessions } from '../src/loadboard/jobs';
import { createVault } from '../src/loadboard/vault';
import { resealCookies } from '../src/modules/cookies';
import { createTestApp, EMAIL, type TTestApp } from './helpers';

/** Cookie administration (spec §2 relay/cookie-admin, §5 cookie form, §8 cookie messages). */

const COOKIE = `session-id=131-5550100-1234567; ubid-main=133-1112223-4445556; at-main=Atza|${'S3CR3T'.repeat(40)}; x-main="zzz"`;
const TOKEN = `hAg7${'T0K3N'.repeat(20)}==`;
let logged = '';
const keyA = randomBytes(32);
const vault = createVault(keyA);
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

describe('whether a working session is stored (GET /api/CookieAdmin/Status)', () => {
  const status = (as: string = EMAIL.dispatcher) => t.call({ method: 'GET', url: '/api/CookieAdmin/Status', as });
  const setUrl = (url: string) => t.call({ method: 'POST', url: `/api/General/setServiceUrl?url=${encodeURIComponent(url)}`, as: EMAIL.admin });
  const removeAll = async () => {
    for (const row of await list()) await t.call({ method: 'DELETE', url: `/api/CookieAdmin?Id=${row.companyCookieId}`, as: EMAIL.admin });
  };

  it('answers for those who may read a board page, never the session values', async () => {
    const res = await status(EMAIL.dispatcher);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['checkedOn', 'sessions', 'working']);
    expect(res.text).not.toContain('demo-session-token');
    expect(res.text).not.toContain(DEMO_CREDENTIALS.csrfToken);
    expect(res.text).not.toContain('v1.');
    expect((await status(EMAIL.admin)).status).toBe(200);
    // A driver reads none of load search, the search dashboard, load import or invoice import.
    expect((await status(EMAIL.driver)).status).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/CookieAdmin/Status' })).status).toBe(401);
  });

  it('says none works when none is stored, or the check found every one expired, per company', async () => {
    expect((await status(EMAIL.secondAdmin)).body).toEqual({ working: false, checkedOn: null, sessions: 0 });
    sim.expireSession();
    await refreshAllSessions(t.db, vault);
    const dead = (await status()).body;
    expect(dead).toMatchObject({ working: false, sessions: 3 });
    expect(Date.now() - Date.parse(dead.checkedOn)).toBeLessThan(60_000);
    sim.setCredentials(DEMO_CREDENTIALS);
    await refreshAllSessions(t.db, vault);
    expect((await status()).body).toMatchObject({ working: true, sessions: 3 });
    expect((await status(EMAIL.secondAdmin)).body).toEqual({ working: false, checkedOn: null, sessions: 0 });
  });

  it('checks a newly saved session against the board at once: a working one is in use without a refresh', async () => {
    await removeAll();
    expect((await setUrl(simUrl)).status).toBe(200);
    await save({ cookie: 'session-id=old; session-token=gone', csrfToken: 'old-token', cookieSource: 'Old laptop' });
    expect((await list())[0]).toMatchObject({ cookieSource: 'Old laptop', status: 'expired', isInUse: false });
    expect((await status()).body).toMatchObject({ working: false, sessions: 1 });

    const res = await save({ cookie: DEMO_CREDENTIALS.cookie, csrfToken: DEMO_CREDENTIALS.csrfToken, cookieSource: 'Chrome, today' });
    expect(res.text).toBe('Company Cookie updated successfully');
    const rows = await list();
    expect(rows.map((r) => [r.cookieSource, r.status, r.isInUse])).toEqual([
      ['Chrome, today', 'working', true],
      ['Old laptop', 'expired', false],
    ]);
    expect((await status()).body).toMatchObject({ working: true, sessions: 2 });
  });

  it('saves a session even when the board cannot be reached, and leaves it unchecked', async () => {
    sim.setFault({ status: 503 });
    const res = await save({ cookie: DEMO_CREDENTIALS.cookie, csrfToken: DEMO_CREDENTIALS.csrfToken, cookieSource: 'Firefox, board down' });
    sim.clearFaults();
    expect(res.status).toBe(200);
    expect(res.text).toBe('Company Cookie updated successfully');
    const [row, previous] = await list();
    expect(row).toMatchObject({ cookieSource: 'Firefox, board down', status: 'unchecked', isInUse: false });
    expect(row.lastError).toMatch(/^The load board is unavailable/);
    expect(previous).toMatchObject({ cookieSource: 'Chrome, today', isInUse: true });
  });
});

describe('key rotation (HAULBOARD_SECRET_KEY_PREVIOUS)', () => {
  const keyIds = async () =>
    (await t.db.select().from(companyCookies).where(eq(companyCookies.companyId, t.ids.companies.demo))).map((r) => [
      vault.keyIdOf(r.cookieSealed),
      vault.keyIdOf(r.csrfTokenSealed),
    ]);

  it('re-seals every stored session with the new key; they still open', async () => {
    const keyB = randomBytes(32);
    const rotated = createVault(keyB, [keyA]);
    const before = await list();
    expect(before.length).toBeGreaterThan(0);
    expect(await resealCookies(t.db, rotated)).toEqual({ resealed: before.length, unreadable: 0 });
    expect((await keyIds()).flat().every((id) => id === rotated.currentKeyId)).toBe(true);
    const rows = await t.db.select().from(companyCookies).where(eq(companyCookies.companyId, t.ids.companies.demo));
    expect(rows.map((r) => rotated.open(r.cookieSealed).slice(0, 100)).sort()).toEqual(before.map((r) => r.cookie).sort());
    // A second start with the same keys has nothing left to do.
    expect(await resealCookies(t.db, rotated)).toEqual({ resealed: 0, unreadable: 0 });
    // Back to this server's key (A current, B previous) for the tests that follow.
    expect(await resealCookies(t.db, createVault(keyA, [keyB]))).toEqual({ resealed: before.length, unreadable: 0 });
    expect((await keyIds()).flat().every((id) => id === vault.currentKeyId)).toBe(true);
  });

  it('starts without the key a session was sealed with: that row is counted, kept, and shown as sealed with another key', async () => {
    const dropped = createVault(randomBytes(32));
    const [lost] = await t.db
      .insert(companyCookies)
      .values({
        companyId: t.ids.companies.demo,
        cookieSealed: dropped.seal('session-id=lost-key-cookie'),
        csrfTokenSealed: dropped.seal('lost-key-token'),
        cookieSource: 'Sealed before the key was dropped',
      })
      .returning();
    const result = await resealCookies(t.db, vault);
    expect(result).toEqual({ resealed: 0, unreadable: 1 });
    const [kept] = await t.db
      .select()
      .from(companyCookies)
      .where(and(eq(companyCookies.id, lost.id), eq(companyCookies.companyId, t.ids.companies.demo)));
    expect(kept.cookieSealed).toBe(lost.cookieSealed);
    const row = (await list()).find((r) => r.companyCookieId === lost.id);
    expect(row).toMatchObject({ cookie: '(sealed with another key)', csrfToken: '(sealed with another key)', cookieSource: 'Sealed before the key was dropped' });
    // The other sessions still work; the lost one is not counted as working.
    expect((await t.call({ method: 'GET', url: '/api/CookieAdmin/Status', as: EMAIL.admin })).body).toMatchObject({ working: true });
    await t.call({ method: 'DELETE', url: `/api/CookieAdmin?Id=${lost.id}`, as: EMAIL.admin });
  });

  it('never writes a value to the log while re-sealing', () => {
    expect(logged).not.toContain('lost-key');
    expect(logged).not.toContain('demo-session-token');
  });
});
