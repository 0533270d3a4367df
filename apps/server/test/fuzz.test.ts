import type { TRouteDef, TUploadDef } from '@haulboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInfrastructureRoute } from '../src/access/guard';
import { BOARD_DEMO_STEPS } from '../src/db/seed/demo-board';
import { routeTableOf } from '../src/lib/route-table';
import { createTestApp, EMAIL, type TTestApp } from './helpers';
import { contractRoutes, fieldsOf, type TWalkedRoute } from './route-walk';
import { mountTestUpload, testUploadRoute } from './upload-route';

/**
 * Every route of the contract gets bodies and query strings built from its schema and broken on
 * purpose, as the administrator (so the request reaches validation and the service): wrong types,
 * missing and extra fields, nulls, boundary and overflow numbers, NUL and control characters,
 * long strings, deep nesting, prototype keys, invalid dates. None may answer 5xx or hang. Routes
 * added later are walked the same way, because the walk reads the contract.
 */

const deep = (levels: number): unknown => (levels === 0 ? 'x' : { a: deep(levels - 1) });
const BROKEN: unknown[] = [
  null,
  '',
  'x',
  -1,
  0,
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 1,
  1e308,
  '1e309',
  'NaN',
  true,
  [],
  [1, 1, 2],
  ['x', null],
  {},
  '\u0000',
  'a\u0001\u001f\u007f\u2028b',
  '2026-13-45',
  '2026-02-30T25:61:00',
  '9999-12-31T23:59:59Z',
  '0000-01-01',
  deep(60),
  'x'.repeat(100_000),
];
const RAW_BODIES = [
  'null',
  '[]',
  '"text"',
  '12',
  '{',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"x":"${'y'.repeat(1_100_000)}"}`,
];

let t: TTestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ steps: BOARD_DEMO_STEPS, env: { API_RATE_LIMIT: '0' } });
  cookie = await t.loginAs(EMAIL.admin);
});
afterAll(() => t.close());

type TCase = { label: string; url: string; payload?: string | Buffer; contentType?: string };

const BOUNDARY = 'fuzzBoundary7MA4YWxkTrZu0gW';
type TPart = { name: string; value: string | Buffer; fileName?: string; type?: string };
/** A multipart body written by hand, so it can also be broken on purpose. */
const multipart = (parts: TPart[], boundary = BOUNDARY) =>
  Buffer.concat([
    ...parts.flatMap((p) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.fileName === undefined ? '' : `; filename="${p.fileName}"`}\r\n` +
          `${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
      ),
      Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
const FORM = `multipart/form-data; boundary=${BOUNDARY}`;

/** An upload route's form: valid text parts and a file, then each broken in turn, then the envelope. */
function uploadCasesOf(def: TRouteDef & { upload: TUploadDef }): TCase[] {
  const { files } = def.upload;
  const fields = fieldsOf(def.upload.fields);
  const file = (over: Partial<TPart> = {}): TPart => ({ name: files.name, fileName: `loads${files.accept[0]}`, value: 'Load,Amount\nL-1,10\n', type: 'text/csv', ...over });
  const form = (label: string, parts: TPart[], contentType = FORM): TCase => ({ label, url: def.path, payload: multipart(parts), contentType });
  // A value each text part accepts, so that one broken part at a time is what gets refused.
  const shape = (def.upload.fields as any).shape ?? {};
  const candidates = ['2026', '1', 'x', 'true', '2026-01-06', '10.00'];
  const valid = fields.map((name) => ({ name, value: candidates.find((c) => shape[name]?.safeParse(c).success) ?? '1' }));
  const cases: TCase[] = [
    form('no file', valid),
    form('empty file input', [...valid, file({ fileName: '', value: '' })]),
    form('empty file', [...valid, file({ value: '' })]),
    form('oversize file', [...valid, file({ value: Buffer.alloc(files.maxBytes + 1, 'a') })]),
    form('wrong type', [...valid, file({ fileName: 'invoice.pdf', type: 'application/pdf' })]),
    form('no ending', [...valid, file({ fileName: 'loads' })]),
    form('path in name', [...valid, file({ fileName: '../../etc/passwd.csv' })]),
    form('control characters in name', [...valid, file({ fileName: 'a\u0001\u007f.csv' })]),
    form('too many files', [...valid, ...Array.from({ length: files.maxFiles + 1 }, () => file())]),
    form('file under another field', [...valid, file({ name: 'other' })]),
    form('file as a text part', [...valid, { name: files.name, value: 'x' }]),
    form('prototype field', [...valid, { name: '__proto__', value: '{"isAdmin":true}' }, file()]),
    form('constructor field', [...valid, { name: 'constructor', value: 'x' }, file()]),
    form('bad JSON part', [...valid, { name: fields[0] ?? 'x', value: '{', type: 'application/json' }, file()]),
    form('long text part', [...valid, { name: fields[0] ?? 'x', value: 'x'.repeat(200_000) }, file()]),
    form('many parts', [...Array.from({ length: 300 }, (_, i) => ({ name: `f${i}`, value: 'x' })), file()]),
    form('no boundary', [...valid, file()], 'multipart/form-data'),
    { label: 'other boundary', url: def.path, payload: multipart([...valid, file()], 'elsewhere'), contentType: FORM },
    { label: 'truncated', url: def.path, payload: multipart([...valid, file()]).subarray(0, 80), contentType: FORM },
    { label: 'garbage', url: def.path, payload: Buffer.from('\u0000\u0001garbage--'), contentType: FORM },
    { label: 'empty', url: def.path, payload: Buffer.alloc(0), contentType: FORM },
  ];
  for (const field of fields) {
    for (const value of BROKEN) {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      cases.push(form(`${field}=${text.slice(0, 30)}`, [...valid.filter((v) => v.name !== field), { name: field, value: text }, file()]));
    }
    cases.push(form(`${field} twice`, [...valid, { name: field, value: '2' }, file()]));
  }
  return cases;
}

function casesOf({ def }: TWalkedRoute): TCase[] {
  const cases: TCase[] = [];
  const bodyFields = fieldsOf(def.body);
  const queryFields = fieldsOf(def.query);
  const json = (v: unknown) => JSON.stringify(v);
  if (def.upload) cases.push(...uploadCasesOf(def as TRouteDef & { upload: TUploadDef }));
  if (def.method !== 'GET') {
    for (const raw of RAW_BODIES) cases.push({ label: `raw body ${raw.slice(0, 30)}`, url: def.path, payload: raw, contentType: 'application/json' });
    cases.push({ label: 'form body', url: def.path, payload: 'a=1', contentType: 'application/x-www-form-urlencoded' });
    cases.push({ label: 'text body', url: def.path, payload: 'hello', contentType: 'text/plain' });
    for (const field of bodyFields) {
      for (const value of BROKEN) cases.push({ label: `${field}=${json(value)?.slice(0, 30)}`, url: def.path, payload: json({ [field]: value }), contentType: 'application/json' });
    }
    cases.push({ label: 'extra fields', url: def.path, payload: json({ unexpected: 1, __proto__x: 2 }), contentType: 'application/json' });
  }
  for (const field of [...queryFields, 'unexpected']) {
    for (const value of BROKEN) {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      cases.push({ label: `?${field}=${text.slice(0, 30)}`, url: `${def.path}?${field}=${encodeURIComponent(text.slice(0, 20_000))}` });
    }
    cases.push({ label: `?${field} twice`, url: `${def.path}?${field}=1&${field}=2` });
  }
  if (!cases.length) cases.push({ label: 'plain', url: `${def.path}?x=%00` });
  return cases;
}

// Logging out ends the session the other routes use: it is walked last.
const routes = contractRoutes().sort((a, b) => Number(a.key === 'auth.logOut') - Number(b.key === 'auth.logOut'));

async function fuzz(app: TTestApp, route: TWalkedRoute, as: string) {
  const failures: string[] = [];
  for (const c of casesOf(route)) {
    const res = await app.app.inject({
      method: route.def.method,
      url: c.url,
      payload: c.payload,
      headers: { cookie: as, ...(c.contentType ? { 'content-type': c.contentType } : {}) },
    });
    if (res.statusCode >= 500) failures.push(`${c.label} → ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  return failures;
}

describe('fuzz: broken input never ends in a 5xx', () => {
  for (const route of routes) {
    it(`${route.def.method} ${route.def.path}`, async () => {
      expect(await fuzz(t, route, cookie)).toEqual([]);
    }, 120_000);
  }
});

// Until the contract has its first import route, the upload cases run on a test-only upload route
// mounted through the same route helper; contract upload routes get them above, automatically.
describe('fuzz: broken uploads never end in a 5xx', () => {
  let withUpload: TTestApp;
  beforeAll(async () => {
    withUpload = await createTestApp({ env: { API_RATE_LIMIT: '0' }, extend: (app) => void mountTestUpload(app) });
  });
  afterAll(() => withUpload?.close());

  it(`${testUploadRoute.method} ${testUploadRoute.path} (test-only)`, async () => {
    const route = { key: 'testOnly.upload', domain: 'testOnly', def: testUploadRoute };
    expect(casesOf(route).length).toBeGreaterThan(40);
    expect(await fuzz(withUpload, route, await withUpload.loginAs(EMAIL.admin))).toEqual([]);
  }, 120_000);
});

describe('the suites cover every API route', () => {
  it('registers no /api route that the contract (and so every suite walking it) does not list', () => {
    const declared = new Set(contractRoutes().map((r) => `${r.def.method} ${r.def.path}`));
    const registered = routeTableOf(t.app)
      .filter((r) => r.method !== 'HEAD' && !isInfrastructureRoute(r.url))
      .map((r) => `${r.method} ${r.url}`);
    expect(registered.filter((r) => !declared.has(r))).toEqual([]);
  });
});
