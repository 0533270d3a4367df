import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_REDACT } from '../src/lib/logging';
import { createTestApp, EMAIL, type TTestApp } from './helpers';

/**
 * The server's log lines, as an operator reads them: each line a request writes names the request
 * id, the route and (once signed in) the company, so one person's trouble can be followed; and no
 * line ever holds a session cookie, a board cookie or token, or a password.
 */
let t: TTestApp;
let logged = '';
const lines = () =>
  logged
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, any>);

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _enc, done) {
      logged += chunk.toString();
      done();
    },
  });
  t = await createTestApp({ logger: pino({ level: 'info', redact: { paths: LOG_REDACT, censor: '[redacted]' } }, sink) as any });
});
afterAll(() => t.close());

describe('structured logs', () => {
  it('name the request id, the route and the company of every request line', async () => {
    const res = await t.call({ method: 'GET', url: '/api/Broker', as: EMAIL.dispatcher });
    expect(res.status).toBe(200);
    const done = lines().find((l) => l.msg === 'request completed' && l.route === 'GET /api/Broker');
    expect(done).toBeTruthy();
    expect(done?.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(done?.companyId).toBe(t.ids.companies.demo);
    expect(typeof done?.userId).toBe('number');
    expect(done?.res.statusCode).toBe(200);
    // A request nobody signed in for still names its route.
    await t.call({ method: 'GET', url: '/api/Lookup/GetRoles' });
    const refused = lines().find((l) => l.msg === 'request completed' && l.route === 'GET /api/Lookup/GetRoles');
    expect(refused?.res.statusCode).toBe(401);
    expect(refused?.companyId).toBeUndefined();
  });

  it('never hold a session cookie, a board cookie, a token or a password', async () => {
    const boardCookie = 'session-token=BOARD-SECRET-7f3a9c; x-main=MAINSECRET-42';
    const csrf = 'CSRF-SECRET-99';
    const session = (await t.loginAs(EMAIL.admin)).split('=')[1];
    await t.call({ method: 'POST', url: '/api/CookieAdmin', as: EMAIL.admin, payload: { cookie: boardCookie, csrfToken: csrf, cookieSource: 'Chrome' } });
    // A refused body and an unreadable one are logged as refusals, never with what was sent.
    await t.call({ method: 'POST', url: '/api/CookieAdmin', as: EMAIL.admin, payload: { cookie: boardCookie, csrfToken: 7 } });
    await t.call({ method: 'POST', url: '/api/CookieAdmin', as: EMAIL.admin, headers: { 'content-type': 'application/json' }, payload: `{"cookie":"${boardCookie}"` });
    await t.call({ method: 'GET', url: '/api/Broker', headers: { cookie: `hb_session=${session}`, authorization: 'Bearer AUTH-SECRET-1' } });
    expect(logged.length).toBeGreaterThan(0);
    for (const secret of ['BOARD-SECRET-7f3a9c', 'MAINSECRET-42', csrf, session, 'AUTH-SECRET-1']) expect(logged).not.toContain(secret);
  });
});
