import { createHash } from 'node:crypto';
import { SIGN_IN_ERRORS, signInErrorText } from '@haulboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, EMAIL, type TTestApp } from './helpers';

/** Drives the real authorization-code flow against the built-in provider, in-process. */
async function signIn(t: TTestApp, email: string, returnTo = '/app/loadboard') {
  const jar = new Map<string, string>();
  const remember = (setCookie: string | string[] | undefined) => {
    for (const c of [setCookie ?? []].flat()) {
      const [pair] = c.split(';');
      const [name, ...rest] = pair.split('=');
      const value = rest.join('=');
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(c)) jar.delete(name);
      else jar.set(name, value);
    }
  };
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const go = async (method: 'GET' | 'POST', url: string, payload?: string) => {
    const u = new URL(url, 'http://localhost:3000');
    const res = await t.app.inject({
      method,
      url: u.pathname + u.search,
      headers: { cookie: cookieHeader(), host: 'localhost:3000', ...(payload ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      payload,
    });
    remember(res.headers['set-cookie'] as any);
    return res;
  };
  let res = await go('GET', `/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
  const trail: string[] = [];
  while (res.statusCode >= 300 && res.statusCode < 400) {
    const next = String(res.headers.location);
    trail.push(next);
    if (new URL(next, 'http://localhost:3000').pathname.startsWith('/oidc/interaction/')) {
      const page = await go('GET', next);
      expect(page.body).toContain('name="login"');
      expect(page.body).toContain('name="password"');
      const action = /action="([^"]+\/login)"/.exec(page.body)![1];
      res = await go('POST', action, `login=${encodeURIComponent(email)}&password=anything`);
      continue;
    }
    if (!next.startsWith('http') && !next.startsWith('/oidc') && !next.startsWith('/auth')) break;
    res = await go('GET', next);
  }
  return { res, jar, trail, cookieHeader };
}

describe('sign-in through the built-in OpenID Connect provider', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('signs a seeded user in and lands on the page they asked for, with no consent screen', async () => {
    const { res, jar, trail } = await signIn(t, EMAIL.dispatcher);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/app/loadboard');
    expect(trail.some((u) => u.includes('consent'))).toBe(false);
    expect(jar.get('hb_session')).toBeTruthy();
    const me = await t.app.inject({ method: 'POST', url: '/api/Auth/GetUserDetails', headers: { cookie: `hb_session=${jar.get('hb_session')}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: EMAIL.dispatcher, company: 'Demo Freight LLC', roleId: 2, roleName: 'Dispatcher', fullName: 'Dana Reyes' });
  });

  it('creates a new person with no company and no role on first sign-in', async () => {
    const { jar } = await signIn(t, 'New.Person@Example.com', '/');
    const me = await t.app.inject({ method: 'POST', url: '/api/Auth/GetUserDetails', headers: { cookie: `hb_session=${jar.get('hb_session')}` }, payload: { email: 'admin@demo.haulboard.test' } });
    expect(me.json()).toMatchObject({ email: 'new.person@example.com', companyId: null, roleId: null, userCompanies: [] });
  });

  it('sends a failed sign-in back to /login with a code of ours, never the provider text', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/auth/login' });
    expect(start.statusCode).toBe(302);
    const cases: [string, string][] = [
      ['access_denied', 'access_denied'],
      ['login_required', 'login_required'],
      ['consent_required', 'consent_required'],
      ['interaction_required', 'interaction_required'],
      ['temporarily_unavailable', 'temporarily_unavailable'],
      ['server_error', 'server_error'],
      ['x', 'failed'],
      ['<script>alert(1)</script>', 'failed'],
      ['__proto__', 'failed'],
      ['toString', 'failed'],
    ];
    for (const [error, code] of cases) {
      const description = encodeURIComponent('Your account is locked. Call +1 555 0100 to unlock it.');
      const res = await t.app.inject({ method: 'GET', url: `/auth/callback?error=${encodeURIComponent(error)}&error_description=${description}` });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`/login?error=${code}`);
      expect(String(res.headers.location)).not.toContain('locked');
    }
    expect(signInErrorText('access_denied')).toBe(SIGN_IN_ERRORS.access_denied);
    expect(signInErrorText('Your account is locked.')).toBe(SIGN_IN_ERRORS.failed);
    expect(signInErrorText('hasOwnProperty')).toBe(SIGN_IN_ERRORS.failed);
  });

  it('refuses a callback without the sign-in it belongs to', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/callback?code=forged&state=forged' });
    expect(res.statusCode).toBe(302);
    expect(String(res.headers.location)).toMatch(/^\/login\?error=/);
    expect(res.headers['set-cookie'] ?? '').not.toContain('hb_session=');
  });

  it('never returns to another site after sign-in', async () => {
    const { res } = await signIn(t, EMAIL.driver, '//evil.example.com/x');
    expect(res.headers.location).toBe('/');
  });

  it('returns only to a same-origin path that survives a URL parse; anything else goes home', async () => {
    const cases: [string, string][] = [
      ['/app/load-history?week=3#top', '/app/load-history?week=3#top'],
      ['/\t/evil.example', '/'],
      ['/\t\t//evil.example', '/'],
      ['/\\evil.example', '/'],
      ['/\\/evil.example', '/'],
      ['//evil.example', '/'],
      ['https://evil.example/', '/'],
      ['javascript:alert(1)', '/'],
      ['/\nSet-Cookie:x=1', '/'],
      ['/\r\n', '/'],
      ['/a\u0001b', '/'],
      ['/\u2028', '/'],
      ['/\u{1F69A}', '/'],
      ['/caf\u00e9 menu', '/caf%C3%A9%20menu'],
      ['/%09/evil.example', '/%09/evil.example'],
      ['/./evil.example/..//x', '/'],
      ['/app/../loadboard', '/loadboard'],
      ['x'.repeat(600), '/'],
    ];
    for (const [returnTo, expected] of cases) {
      const { res, jar } = await signIn(t, EMAIL.driver, returnTo);
      expect(res.statusCode, JSON.stringify(returnTo)).toBe(302);
      expect(res.headers.location, JSON.stringify(returnTo)).toBe(expected);
      expect(new URL(String(res.headers.location), 'http://localhost:3000').origin).toBe('http://localhost:3000');
      expect(jar.get('hb_session'), JSON.stringify(returnTo)).toBeTruthy();
    }
  });

  it('never answers 500 on an odd returnTo, and a failed callback writes no session row', async () => {
    for (const returnTo of ['/\n', '/\u2028', '/\u{1F69A}', '/\t/evil.example', '%E0%A4%A']) {
      const start = await t.app.inject({ method: 'GET', url: `/auth/login?returnTo=${encodeURIComponent(returnTo)}` });
      expect(start.statusCode).toBe(302);
    }
    const raw = await t.app.inject({ method: 'GET', url: '/auth/login?returnTo=%E0%A4%A&returnTo=/x' });
    expect(raw.statusCode).toBe(302);
    const count = async () => {
      const r: any = await t.db.execute(sql`select count(*)::int as n from sessions`);
      return Number((Array.isArray(r) ? r : r.rows)[0].n);
    };
    const before = await count();
    for (const returnTo of ['/\n', '/\u2028', 'https://evil.example', '/ok']) {
      const tx = t.app.signCookie(JSON.stringify({ verifier: 'v'.repeat(43), state: 's', nonce: 'n', returnTo }));
      const res = await t.app.inject({ method: 'GET', url: '/auth/callback?code=forged&state=s', headers: { cookie: `hb_oidc=${encodeURIComponent(tx)}` } });
      expect(res.statusCode).toBe(302);
      expect(String(res.headers.location)).toMatch(/^\/login\?error=/);
      expect(String(res.headers['set-cookie'] ?? '')).not.toContain('hb_session=');
    }
    const broken = t.app.signCookie('{not json');
    const res = await t.app.inject({ method: 'GET', url: '/auth/callback?code=x&state=y', headers: { cookie: `hb_oidc=${encodeURIComponent(broken)}` } });
    expect(res.statusCode).toBe(302);
    expect(await count()).toBe(before);
  });

  it('logs out: the session stops working and the provider sign-out address is given', async () => {
    const { jar, cookieHeader } = await signIn(t, EMAIL.admin);
    const out = await t.app.inject({ method: 'POST', url: '/api/Auth/LogOut', headers: { cookie: cookieHeader() } });
    expect(out.statusCode).toBe(200);
    expect(out.json().endSessionUrl).toMatch(/^http:\/\/localhost:3000\/oidc\/session\/end\?/);
    expect(String(out.headers['set-cookie'])).toMatch(/hb_session=;/);
    const me = await t.app.inject({ method: 'POST', url: '/api/Auth/GetUserDetails', headers: { cookie: `hb_session=${jar.get('hb_session')}` } });
    expect(me.statusCode).toBe(401);

    // The provider's sign-out page submits itself (its policy allows that one script) and lands on '/'.
    const endUrl = new URL(out.json().endSessionUrl);
    const page = await t.app.inject({ method: 'GET', url: endUrl.pathname + endUrl.search, headers: { cookie: cookieHeader(), host: 'localhost:3000' } });
    expect(page.statusCode).toBe(200);
    const script = /<script>([^<]+)<\/script>/.exec(page.body)![1];
    const hash = createHash('sha256').update(script).digest('base64');
    expect(String(page.headers['content-security-policy'])).toContain(`'sha256-${hash}'`);
    const action = /<form[^>]*action="([^"]+)"/.exec(page.body)![1];
    const fields = [...page.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(([, k, v]) => `${k}=${encodeURIComponent(v)}`);
    const confirm = await t.app.inject({
      method: 'POST',
      url: new URL(action, 'http://localhost:3000').pathname,
      headers: { cookie: cookieHeader(), host: 'localhost:3000', 'content-type': 'application/x-www-form-urlencoded' },
      payload: fields.join('&'),
    });
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe('http://localhost:3000/');
    for (const c of [confirm.headers['set-cookie'] ?? []].flat()) {
      const [pair] = String(c).split(';');
      const [name, value] = pair.split('=');
      if (!value || /expires=thu, 01 jan 1970/i.test(String(c))) jar.delete(name);
      else jar.set(name, value);
    }

    // The provider forgot the person: the next sign-in shows its sign-in page again.
    const again = await t.app.inject({ method: 'GET', url: '/auth/login', headers: { host: 'localhost:3000' } });
    const auth = new URL(String(again.headers.location));
    const next = await t.app.inject({ method: 'GET', url: auth.pathname + auth.search, headers: { cookie: cookieHeader(), host: 'localhost:3000' } });
    expect(String(next.headers.location)).toMatch(/\/oidc\/interaction\//);
  });
});
