import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORGERY_TEXTS } from '../src/access/forgery';
import { isInfrastructureRoute } from '../src/access/guard';
import { routeTableOf } from '../src/lib/route-table';
import { createTestApp, EMAIL, type TTestApp } from './helpers';
import { contractRoutes, isMutation } from './route-walk';
import { mountTestUpload, multipartBody, testUploadRoute } from './upload-route';

/**
 * Forgery: every state-changing API route, sent the way a page of another site (or another port
 * of this one) could send it, is refused before it does anything. The walk takes every mutation
 * route the server has registered, so a route added later is walked too; and every one of them
 * must be a contract route, so the other suites walk it as well.
 */
const PUBLIC_URL = 'http://localhost:3000';
let t: TTestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({ env: { API_RATE_LIMIT: '0', PUBLIC_URL }, extend: (app) => void mountTestUpload(app) });
  cookie = await t.loginAs(EMAIL.admin);
});
afterAll(() => t?.close());

/** Routes that take a file (multipart) by contract, besides the test-only one. */
const uploadPaths = () => new Set([testUploadRoute.path, ...contractRoutes().filter((r) => r.def.upload).map((r) => r.def.path)]);

const mutationRoutes = () =>
  routeTableOf(t.app)
    .filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && !isInfrastructureRoute(r.url))
    .map((r) => ({ method: r.method as 'POST', url: r.url.replace(/:[A-Za-z]+/g, '1'), upload: uploadPaths().has(r.url) }));

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
  it('walks every contract mutation route, and the server has no /api mutation route the contract does not list', () => {
    const walked = mutationRoutes().map((r) => `${r.method} ${r.url}`);
    const contract = contractRoutes()
      .filter((r) => isMutation(r.def))
      .map((r) => `${r.def.method} ${r.def.path.replace(/:[A-Za-z]+/g, '1')}`);
    expect(contract.length).toBeGreaterThan(20);
    for (const route of contract) expect(walked).toContain(route);
    const testOnly = `${testUploadRoute.method} ${testUploadRoute.path}`;
    expect(walked.filter((r) => r !== testOnly && !contract.includes(r))).toEqual([]);
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
    expect((await t.call({ method: 'GET', url: '/auth/login', headers: { origin: undefined, 'x-requested-with': undefined } })).status).toBe(302);
  });
});
