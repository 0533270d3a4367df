import { createHash } from 'node:crypto';
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

  it('sends a cancelled sign-in back to /login with the provider message', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/auth/login' });
    expect(start.statusCode).toBe(302);
    const res = await t.app.inject({ method: 'GET', url: '/auth/callback?error=access_denied&error_description=Sign-in%20was%20cancelled.' });
    expect(res.headers.location).toBe(`/login?error=${encodeURIComponent('Sign-in was cancelled.')}`);
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
