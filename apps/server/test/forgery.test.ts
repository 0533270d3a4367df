import { isWriteAccess, loadOrderRoutes, onObject } from '@haulboard/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORGERY_TEXTS, needsProof } from '../src/access/forgery';
import { isInfrastructureRoute } from '../src/access/guard';
import { PLAIN_PATH_TEXT } from '../src/access/plain-path';
import { routeTableOf } from '../src/lib/route-table';
import { createTestApp, EMAIL, type TTestApp } from './helpers';
import { contractRoutes, isMutation } from './route-walk';
import { mountTestUpload, multipartBody, testUploadRoute } from './upload-route';

/**
 * Forgery: every state-changing API route, sent the way a page of another site (or another port
 * of this one) could send it, is refused before it does anything. State-changing is the method
 * (POST, PUT, DELETE) or the declared access (Write or DenyDelete, whatever the method: a GET
 * can change things too). The walk takes every such route the server has registered, so a route
 * added later is walked too; and every one of them must be a contract route, so the other suites
 * walk it as well. The same requests with the path spelled differently (`/%61pi/…`) are refused too.
 */
const PUBLIC_URL = 'http://localhost:3000';
let t: TTestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({
    env: { API_RATE_LIMIT: '0', PUBLIC_URL },
    extend: (app) => {
      mountTestUpload(app);
      mountTestWriteGet(app);
    },
  });
  cookie = await t.loginAs(EMAIL.admin);
});
afterAll(() => t?.close());

/** A test-only GET declared with Write access: a route like it added later is walked without a change here. */
const testWriteGet = { method: 'GET', path: '/api/TestOnly/WriteByGet' } as const;
let writeGetCalls = 0;
function mountTestWriteGet(app: FastifyInstance) {
  app.get(testWriteGet.path, { config: { access: onObject('SystemAdminPage', 'Write') } }, async () => {
    writeGetCalls++;
    return 'changed';
  });
}
const testOnlyRoutes = [`${testUploadRoute.method} ${testUploadRoute.path}`, `${testWriteGet.method} ${testWriteGet.path}`];

/** Routes that take a file (multipart) by contract, besides the test-only one. */
const uploadPaths = () => new Set([testUploadRoute.path, ...contractRoutes().filter((r) => r.def.upload).map((r) => r.def.path)]);

/** Chosen by method and by declared access, not by method alone. HEAD twins of GETs are walked apart. */
const mutationRoutes = () =>
  routeTableOf(t.app)
    .filter((r) => r.method !== 'HEAD' && (['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) || isWriteAccess(r.access)) && !isInfrastructureRoute(r.url))
    .map((r) => ({ method: r.method as 'POST', url: r.url.replace(/:[A-Za-z]+/g, '1'), upload: uploadPaths().has(r.url) }));

const isStateChanging = (r: { def: { method: string; access: Parameters<typeof isWriteAccess>[0] } }) => isMutation(r.def as any) || isWriteAccess(r.def.access);

type TCase = { label: string; headers: Record<string, string | undefined>; payload?: string | Buffer; status: number; message: string };

async function casesFor(upload: boolean): Promise<TCase[]> {
  const json = { 'content-type': 'application/json' };
  const refused = (label: string, headers: TCase['headers'], payload: TCase['payload'] = '{}') => ({ label, headers, payload, status: 403, message: '' });
  const form = upload ? await multipartBody({ year: '2024' }, [{ name: 'a.csv', content: 'a,b\n1,2\n' }]) : null;
  const body = form ? { 'content-type': form.contentType } : json;
  const payload = form ? form.payload : '{}';
  const cases: TCase[] = [
    { ...refused('foreign origin', { ...body, origin: 'https://evil.example' }, payload), message: FORGERY_TEXTS.foreignOrigin },
    { ...refused('same site, other port', { ...body, origin: 'http://localhost:3001' }, payload), message: FORGERY_TEXTS.foreignOrigin },
    { ...refused('same site, other scheme', { ...body, origin: 'https://localhost:3000' }, payload), message: FORGERY_TEXTS.foreignOrigin },
    { ...refused('subdomain', { ...body, origin: 'http://evil.localhost:3000' }, payload), message: FORGERY_TEXTS.foreignOrigin },
    { ...refused('opaque origin', { ...body, origin: 'null' }, payload), message: FORGERY_TEXTS.foreignOrigin },
    { ...refused('no origin, same-site fetch', { ...body, origin: undefined, 'sec-fetch-site': 'same-site' }, payload), message: FORGERY_TEXTS.foreignOrigin },
    { ...refused('no origin, cross-site fetch', { ...body, origin: undefined, 'sec-fetch-site': 'cross-site' }, payload), message: FORGERY_TEXTS.foreignOrigin },
    { ...refused('no app header', { ...body, 'x-requested-with': undefined }, payload), message: FORGERY_TEXTS.missingHeader },
    { ...refused('another app header', { ...body, 'x-requested-with': 'XMLHttpRequest' }, payload), message: FORGERY_TEXTS.missingHeader },
    { ...refused('no origin, no app header', { ...body, origin: undefined, 'x-requested-with': undefined }, payload), message: FORGERY_TEXTS.missingHeader },
    // What a plain HTML form on another site sends: refused on its origin whatever its content type.
    { ...refused('cross-site form', { origin: 'http://localhost:8080', 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': undefined }, 'a=1'), message: FORGERY_TEXTS.foreignOrigin },
    { ...refused('cross-site text', { origin: 'http://localhost:8080', 'content-type': 'text/plain', 'x-requested-with': undefined }, '{}'), message: FORGERY_TEXTS.foreignOrigin },
  ];
  if (!upload) {
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain', 'text/plain; charset=utf-8', 'text/html', 'application/xml']) {
      cases.push({ label: `app headers, ${type}`, headers: { 'content-type': type }, payload: type.startsWith('multipart') ? '--x--\r\n' : 'a=1', status: 415, message: FORGERY_TEXTS.contentType });
    }
  }
  return cases;
}

describe('forgery: every mutation route refuses what another site could send', () => {
  it('walks every contract route that changes state (by method or by write access), and the server has none the contract does not list', () => {
    const walked = mutationRoutes().map((r) => `${r.method} ${r.url}`);
    const contract = contractRoutes()
      .filter(isStateChanging)
      .map((r) => `${r.def.method} ${r.def.path.replace(/:[A-Za-z]+/g, '1')}`);
    expect(contract.length).toBeGreaterThan(20);
    for (const route of contract) expect(walked).toContain(route);
    // Write-level GETs are in the walk: today's, and the test-only one standing for any added later.
    expect(walked).toContain('GET /api/CookieAdmin/RefreshCookies');
    expect(walked).toContain(`GET ${testWriteGet.path}`);
    expect(walked.filter((r) => !testOnlyRoutes.includes(r) && !contract.includes(r))).toEqual([]);
  });

  it('asks proof of exactly the routes the walk chooses (the server and this suite agree)', () => {
    for (const r of routeTableOf(t.app).filter((r) => !isInfrastructureRoute(r.url) && r.method !== 'HEAD')) {
      const walked = mutationRoutes().some((m) => m.method === r.method && m.url === r.url.replace(/:[A-Za-z]+/g, '1'));
      expect(needsProof(r.method, r.access), `${r.method} ${r.url}`).toBe(walked);
    }
  });

  it('refuses each route from a foreign origin, without the app header, or with a form or text body', async () => {
    const failures: string[] = [];
    for (const route of mutationRoutes()) {
      for (const c of await casesFor(route.upload)) {
        const res = await t.call({ method: route.method, url: route.url, payload: c.payload, headers: { cookie, ...c.headers } });
        if (res.status !== c.status || res.body?.message !== c.message) failures.push(`${route.method} ${route.url} ${c.label} → ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('refuses the same requests with the path spelled differently (encoded letters, an encoded slash)', async () => {
    const failures: string[] = [];
    const spellings = (url: string) => [url.replace(/^\/api\//, '/%61pi/'), url.replace(/^\/api\/(.)/, (_m, c: string) => `/api/%${c.charCodeAt(0).toString(16).toUpperCase()}`), url.replace(/^\/api\//, '/api%2F')];
    for (const route of mutationRoutes()) {
      const c = (await casesFor(route.upload)).find((x) => x.label === 'cross-site text')!;
      for (const url of spellings(route.url)) {
        const res = await t.call({ method: route.method, url, payload: c.payload, headers: { cookie, ...c.headers } });
        if (res.status !== 400 || res.body?.message !== PLAIN_PATH_TEXT) failures.push(`${route.method} ${url} → ${res.status} ${res.text.slice(0, 120)}`);
      }
      // The router is case-sensitive: an upper-case /API is no route at all.
      const upper = await t.call({ method: route.method, url: route.url.replace(/^\/api\//, '/API/'), payload: c.payload, headers: { cookie, ...c.headers } });
      if (upper.status !== 404) failures.push(`${route.method} /API… → ${upper.status}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('keeps the service URL as it was after a disguised cross-site text post (what the audit did)', async () => {
    const before = await t.call({ method: 'GET', url: '/api/General/GetServiceUrl', headers: { cookie } });
    const evil = encodeURIComponent('https://evil.example/');
    for (const url of [`/%61pi/General/setServiceUrl?url=${evil}`, `/api/General/set%53erviceUrl?url=${evil}`]) {
      const res = await t.call({ method: 'POST', url, payload: '{}', headers: { cookie, origin: 'http://localhost:8080', 'content-type': 'text/plain', 'x-requested-with': undefined } });
      expect(res.status, url).toBe(400);
    }
    const after = await t.call({ method: 'GET', url: '/api/General/GetServiceUrl', headers: { cookie } });
    expect(after.text).toBe(before.text);
    expect(after.text).not.toContain('evil.example');
    // An encoded query string is ordinary: the app's own request with one goes through.
    const own = await t.call({ method: 'POST', url: `/api/General/setServiceUrl?url=${encodeURIComponent('http://127.0.0.1:9/board?a=1&b=two words')}`, headers: { cookie } });
    expect(own.status).toBe(200);
  });

  it('refuses a write-level GET (and its HEAD) from another site, and lets the app call it', async () => {
    const before = writeGetCalls;
    for (const method of ['GET', 'HEAD'] as const) {
      const foreign = await t.call({ method, url: testWriteGet.path, headers: { cookie, origin: 'https://evil.example' } });
      expect(foreign.status, method).toBe(403);
      const bare = await t.call({ method, url: testWriteGet.path, headers: { cookie, origin: undefined, 'x-requested-with': undefined, 'sec-fetch-site': 'same-site' } });
      expect(bare.status, method).toBe(403);
      const noHeader = await t.call({ method, url: testWriteGet.path, headers: { cookie, 'x-requested-with': undefined } });
      expect(noHeader.status, method).toBe(403);
    }
    expect(writeGetCalls).toBe(before);
    const own = await t.call({ method: 'GET', url: testWriteGet.path, headers: { cookie } });
    expect(own.status).toBe(200);
    expect(writeGetCalls).toBe(before + 1);
  });

  it('refuses signed-out forgeries the same way (before the sign-in check says anything)', async () => {
    for (const route of mutationRoutes()) {
      const res = await t.call({ method: route.method, url: route.url, payload: '{}', headers: { 'content-type': 'application/json', origin: 'https://evil.example' } });
      expect(res.status, route.url).toBe(403);
    }
  });

  it('lets the app through: its origin, its header and JSON (or no body, or an upload)', async () => {
    const failures: string[] = [];
    for (const route of mutationRoutes()) {
      const form = route.upload ? await multipartBody({ year: '2024' }, [{ name: 'a.csv', content: 'a,b\n1,2\n' }]) : null;
      const variants = form
        ? [{ headers: { 'content-type': form.contentType }, payload: form.payload }]
        : [
            { headers: { 'content-type': 'application/json; charset=utf-8' }, payload: '{}' },
            { headers: { 'sec-fetch-site': 'same-origin' }, payload: undefined },
            { headers: { origin: undefined, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' }, payload: '{}' },
            { headers: { origin: undefined, 'content-type': 'application/json' }, payload: '{}' },
          ];
      for (const v of variants) {
        // Logging out would end the session the walk uses.
        if (route.url === '/api/Auth/LogOut') continue;
        const res = await t.call({ method: route.method, url: route.url, payload: v.payload, headers: { cookie, ...v.headers } });
        const message = res.body?.message;
        if (res.status === 415 || Object.values(FORGERY_TEXTS).includes(message)) failures.push(`${route.method} ${route.url} ${JSON.stringify(v.headers)} → ${res.status} ${message}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('does not ask reads or pages for proof', async () => {
    expect((await t.call({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example', 'x-requested-with': undefined } })).status).toBe(200);
    // The event stream is opened by an EventSource, which cannot send the app's header: it must stay a read.
    expect(isWriteAccess(loadOrderRoutes.orderEvents.access)).toBe(false);
    // A Read-level GET, as an EventSource or a link sends it (no custom header possible).
    expect((await t.call({ method: 'GET', url: '/api/General/GetServiceUrl', headers: { cookie, origin: undefined, 'x-requested-with': undefined } })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/auth/login', headers: { origin: undefined, 'x-requested-with': undefined } })).status).toBe(302);
  });
});
