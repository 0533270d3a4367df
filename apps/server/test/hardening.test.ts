import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TEXT } from '@haulboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAIN_PATH_TEXT } from '../src/access/plain-path';
import { createTestApp, EMAIL, type TTestApp } from './helpers';

/** What the security review of issue 7 found, each kept fixed here (forgery has its own suite). */
describe('unknown API paths and the web app fallback', () => {
  let t: TTestApp;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'hb-web-'));
  beforeAll(async () => {
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Haulboard</title>');
    t = await createTestApp({ webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('answers any unknown /api path with a JSON 404, signed in or not', async () => {
    for (const url of ['/api', '/api/', '/api/Nonexistent', '/api/Nonexistent?x=1', '/api/a/b/c', '/api/Load/GetFilteredLoads/extra']) {
      for (const as of [undefined, EMAIL.admin]) {
        const res = await t.call({ method: 'GET', url, as });
        expect(res.status, url).toBe(404);
        expect(res.headers['content-type'], url).toContain('application/json');
        expect(res.body, url).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
        expect(typeof res.body.message).toBe('string');
      }
    }
    const post = await t.call({ method: 'POST', url: '/api/Nonexistent', as: EMAIL.admin, payload: {} });
    expect(post.status).toBe(404);
    expect(post.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  it('does not serve the web app for an API path spelled differently (/%61pi/…): refused as JSON, or a JSON 404', async () => {
    for (const url of ['/%61pi/x', '/%61pi/Nonexistent?x=1', '/api/%4Eonexistent', '/api%2FNonexistent', '/%61pi']) {
      for (const as of [undefined, EMAIL.admin]) {
        const res = await t.call({ method: 'GET', url, as });
        expect(res.status, url).toBe(400);
        expect(res.headers['content-type'], url).toContain('application/json');
        expect(res.body, url).toMatchObject({ statusCode: 400, code: 'BAD_REQUEST', message: PLAIN_PATH_TEXT });
        expect(res.text, url).not.toContain('<title>Haulboard</title>');
      }
    }
    // Characters that do need encoding keep an API path an API path: still the JSON 404.
    const spaced = await t.call({ method: 'GET', url: '/api/No%20such' });
    expect(spaced.status).toBe(404);
    expect(spaced.body).toMatchObject({ code: 'NOT_FOUND', message: 'No route GET /api/No such' });
  });

  it('still serves the web app for page paths, including ones that only start like /api', async () => {
    for (const url of ['/', '/app/loadboard', '/login?returnTo=%2Fapp', '/apiary', '/app/loads?q=%61%62']) {
      const res = await t.call({ method: 'GET', url });
      expect(res.status, url).toBe(200);
      expect(res.text, url).toContain('<title>Haulboard</title>');
    }
  });
});

describe('response headers', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('marks every API answer no-store: success, refusal, 404 and validation error', async () => {
    const answers = [
      await t.call({ method: 'POST', url: '/api/Auth/GetUserDetails', as: EMAIL.admin }),
      await t.call({ method: 'POST', url: '/api/Auth/GetUserDetails' }),
      await t.call({ method: 'GET', url: '/api/Nothing' }),
      await t.call({ method: 'GET', url: '/api/health' }),
      await t.call({ method: 'POST', url: '/api/Auth/ChangeUserCompany', as: EMAIL.admin, payload: { value: 'x' } }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 401, 404, 200, 400]);
    for (const a of answers) expect(a.headers['cache-control']).toBe('no-store');
    // However the path is spelled: refused before anything is read, and no-store all the same.
    for (const url of ['/%61pi/health', '/api/%68ealth', '/api/No%20thing']) {
      const res = await t.call({ method: 'GET', url, as: EMAIL.admin });
      expect(res.status, url).not.toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    }
  });

  it('sends a Permissions-Policy on every answer, the built-in provider’s too', async () => {
    for (const url of ['/api/health', '/api/Nothing', '/auth/login', '/oidc/.well-known/openid-configuration', '/login', '/%61pi/health']) {
      const res = await t.call({ method: 'GET', url });
      expect(res.headers['permissions-policy'], url).toMatch(/camera=\(\)/);
      expect(res.headers['permissions-policy'], url).toMatch(/geolocation=\(\)/);
    }
  });
});

describe('one host for the portal: other host names are sent to PUBLIC_URL', () => {
  let t: TTestApp;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'hb-web-'));
  beforeAll(async () => {
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Haulboard</title>');
    t = await createTestApp({ webDist, env: { PUBLIC_URL: 'http://localhost:3000' } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('redirects pages and sign-in asked for under another host, keeping path and query', async () => {
    for (const host of ['127.0.0.1:3000', 'LOCALHOST:3001', '[::1]:3000', 'evil.example', 'localhost']) {
      for (const url of ['/', '/login?returnTo=%2Fapp%2Floadboard', '/auth/login?returnTo=%2Fapp', '/auth/callback?code=1&state=2', '/oidc/.well-known/openid-configuration', '/app/loadboard']) {
        const res = await t.call({ method: 'GET', url, headers: { host } });
        expect(res.status, `${host}${url}`).toBe(302);
        expect(res.headers.location, `${host}${url}`).toBe(`http://localhost:3000${url}`);
        expect(res.headers['set-cookie'], `${host}${url}`).toBeUndefined();
        expect(res.headers['permissions-policy']).toBeTruthy();
      }
    }
    const post = await t.call({ method: 'POST', url: '/oidc/token', headers: { host: '127.0.0.1:3000' }, payload: 'a=1' });
    expect(post.status).toBe(308);
    expect(post.headers.location).toBe('http://localhost:3000/oidc/token');
  });

  it('serves the public host itself, and answers /api on any host', async () => {
    expect((await t.call({ method: 'GET', url: '/login', headers: { host: 'localhost:3000' } })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/auth/login', headers: { host: 'localhost:3000' } })).headers.location).toMatch(/^http:\/\/localhost:3000\/oidc\/auth\?/);
    for (const host of ['127.0.0.1:3000', '10.0.0.7']) {
      expect((await t.call({ method: 'GET', url: '/api/health', headers: { host } })).status).toBe(200);
      expect((await t.call({ method: 'POST', url: '/api/Auth/GetUserDetails', as: EMAIL.admin, headers: { host } })).status).toBe(200);
    }
  });

  it('never redirects to a host named in the request', async () => {
    for (const url of ['//evil.example/x', '/\\evil.example']) {
      const res = await t.call({ method: 'GET', url, headers: { host: '127.0.0.1:3000' } });
      expect(new URL(String(res.headers.location)).origin).toBe('http://localhost:3000');
    }
  });
});

describe('proxies are trusted only when configured, and every URL comes from PUBLIC_URL', () => {
  const open = (env: Record<string, string> = {}) => createTestApp({ env: { PUBLIC_URL: 'http://localhost:3000', ...env } });

  it('without TRUST_PROXY a new X-Forwarded-For per request does not escape the sign-in limit', async () => {
    const t = await open();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 125; i++) {
        statuses.push((await t.call({ method: 'GET', url: '/auth/login', headers: { 'x-forwarded-for': `203.0.113.${i % 250}` } })).status);
      }
      expect(statuses.slice(0, 120).every((s) => s === 302)).toBe(true);
      expect(statuses.slice(120)).toEqual([429, 429, 429, 429, 429]);
    } finally {
      await t.close();
    }
  });

  it('with TRUST_PROXY the proxy names the client: each client has its own sign-in limit', async () => {
    const t = await open({ TRUST_PROXY: '127.0.0.1' });
    try {
      for (let i = 0; i < 125; i++) {
        const res = await t.call({ method: 'GET', url: '/auth/login', headers: { 'x-forwarded-for': `203.0.113.${i}` } });
        expect(res.status).toBe(302);
      }
    } finally {
      await t.close();
    }
  });

  it('the built-in provider’s endpoints get the sign-in limit; the server’s own calls to it do not count', async () => {
    const t = await open();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 122; i++) statuses.push((await t.call({ method: 'GET', url: '/oidc/.well-known/openid-configuration' })).status);
      expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true);
      expect(statuses.slice(120)).toEqual([429, 429]);
      const interaction = await t.call({ method: 'GET', url: '/oidc/interaction/x' });
      expect(interaction.status).not.toBe(429);
      for (let i = 0; i < 121; i++) await t.call({ method: 'GET', url: '/oidc/interaction/x', headers: { 'x-forwarded-for': `198.51.100.${i}` } });
      expect((await t.call({ method: 'GET', url: '/oidc/interaction/x' })).status).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('the discovery document names PUBLIC_URL whatever Host or X-Forwarded-* say', async () => {
    for (const env of [{}, { TRUST_PROXY: 'loopback' }]) {
      const t = await open(env);
      try {
        const headers = [
          { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
          { forwarded: 'host=evil.example;proto=https' },
          { 'x-forwarded-host': 'localhost:3000', 'x-forwarded-proto': 'https', 'x-forwarded-port': '8443' },
        ];
        for (const h of headers) {
          const res = await t.call({ method: 'GET', url: '/oidc/.well-known/openid-configuration', headers: h });
          if (res.status === 302) {
            expect(res.headers.location).toBe('http://localhost:3000/oidc/.well-known/openid-configuration');
            continue;
          }
          expect(res.status).toBe(200);
          const urls = Object.entries(res.body).filter(([, v]) => typeof v === 'string' && /^https?:/.test(v as string));
          expect(urls.length).toBeGreaterThan(3);
          for (const [key, url] of urls) expect(String(url), `${JSON.stringify(h)} ${key}`).toMatch(/^http:\/\/localhost:3000\/oidc(\/|$)/);
        }
        const login = await t.call({ method: 'GET', url: '/auth/login', headers: { 'x-forwarded-host': 'evil.example' } });
        const auth = new URL(String(login.headers.location));
        expect(auth.origin).toBe('http://localhost:3000');
        // From a trusted proxy the asked-for host is evil.example: sent to PUBLIC_URL first.
        if (auth.pathname === '/auth/login') expect(env).toHaveProperty('TRUST_PROXY');
        else expect(auth.searchParams.get('redirect_uri')).toBe('http://localhost:3000/auth/callback');
      } finally {
        await t.close();
      }
    }
  });

  it('an X-Forwarded-Host from an untrusted client is not a host of its own', async () => {
    const t = await open();
    try {
      const res = await t.call({ method: 'GET', url: '/auth/login', headers: { host: 'localhost:3000', 'x-forwarded-host': 'evil.example' } });
      expect(res.status).toBe(302);
      expect(String(res.headers.location)).toMatch(/^http:\/\/localhost:3000\/oidc\/auth\?/);
    } finally {
      await t.close();
    }
  });
});

describe('a deactivated person', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.db.execute(sql`update user_companies set is_active = false where user_id = ${t.ids.users[EMAIL.driver]}`);
  });
  afterAll(() => t.close());

  it('is told their access was removed, not that they await approval', async () => {
    const me = await t.call({ method: 'POST', url: '/api/Auth/GetUserDetails', as: EMAIL.driver });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ company: 'Demo Freight LLC', roleId: null, accessRemoved: true, userPermissibleObjects: [] });
    const refused = await t.call({ method: 'GET', url: '/api/Lookup/GetStates', as: EMAIL.driver });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(TEXT.accessRemoved);

    const applicant = await t.call({ method: 'POST', url: '/api/Auth/GetUserDetails', as: EMAIL.applicant });
    expect(applicant.body).toMatchObject({ roleId: null, accessRemoved: false });
    const waiting = await t.call({ method: 'GET', url: '/api/Lookup/GetStates', as: EMAIL.applicant });
    expect(waiting.status).toBe(403);
    expect(waiting.body.message).toMatch(/waiting for approval/);
    const member = await t.call({ method: 'POST', url: '/api/Auth/GetUserDetails', as: EMAIL.admin });
    expect(member.body.accessRemoved).toBe(false);
  });
});

describe('the OpenAPI document', () => {
  const production = {
    NODE_ENV: 'production',
    OIDC_ISSUER: 'https://idp.example',
    OIDC_CLIENT_ID: 'haulboard',
    OIDC_CLIENT_SECRET: 'secret',
    SESSION_SECRET: 's'.repeat(40),
    HAULBOARD_SECRET_KEY: 'k'.repeat(64),
    PUBLIC_URL: 'https://haulboard.example.com',
  };

  it('is served only to signed-in people in production', async () => {
    const t = await createTestApp({ env: production });
    try {
      for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html']) {
        const anonymous = await t.call({ method: 'GET', url });
        expect(anonymous.status, url).toBe(401);
        expect(anonymous.text, url).not.toContain('GetUserDetails');
        const forged = await t.call({ method: 'GET', url, headers: { cookie: 'hb_session=forged' } });
        expect(forged.status, url).toBe(401);
      }
      // Spelled differently, the document is not served anonymously either (the router would decode it).
      for (const url of ['/%61pi/docs/json', '/api/%64ocs/json', '/api/docs/%6Ason', '/api%2Fdocs/json', '/API/docs/json', '/api/docs/../docs/json']) {
        const anonymous = await t.call({ method: 'GET', url });
        expect(anonymous.status, url).not.toBe(200);
        expect(anonymous.text, url).not.toContain('GetUserDetails');
      }
      const member = await t.call({ method: 'GET', url: '/api/docs/json', as: EMAIL.driver });
      expect(member.status).toBe(200);
      expect(Object.keys(member.body.paths)).toContain('/api/Auth/GetUserDetails');
      const applicant = await t.call({ method: 'GET', url: '/api/docs/json', as: EMAIL.applicant });
      expect(applicant.status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('is open in development', async () => {
    const t = await createTestApp();
    try {
      expect((await t.call({ method: 'GET', url: '/api/docs/json' })).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
