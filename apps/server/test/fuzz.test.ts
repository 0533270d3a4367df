import type { TRouteDef, TUploadDef } from '@haulboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInfrastructureRoute } from '../src/access/guard';
import { BOARD_DEMO_STEPS } from '../src/db/seed/demo-board';
import { routeTableOf } from '../src/lib/route-table';
import { createTestApp, EMAIL, type TTestApp } from './helpers';
import { contractRoutes, fieldsOf, type TWalkedRoute } from './route-walk';
import { validSampleOf } from './schema-sample';
import { mountTestUpload, testUploadRoute } from './upload-route';

/**
 * Every route of the contract gets bodies and query strings built from its schema and broken on
 * purpose, as the administrator (so the request reaches validation and the service). Each route
 * starts from a valid request (schema-sample.ts builds it from the schema; the demo's ids and a few
 * per-route values make it one the service acts on, and the suite checks it is not refused as
 * malformed), then one field at a time is broken: wrong types, missing, nulls, boundary and
 * overflow numbers, NUL and control characters, a 900 KB string, deep nesting, prototype keys,
 * invalid dates. So a broken value is the only thing wrong with the request and reaches as far as
 * it can. None may answer 5xx or hang. Routes added later are walked the same way, because the walk
 * reads the contract; one whose valid request cannot be built fails until it gets a base here.
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
/** Kept inside the 1 MB body limit, so it reaches validation and, where no maximum stops it, the database. */
const HUGE = 'x'.repeat(900_000);
/** An own `__proto__` key, as JSON.parse makes it (a literal would set the prototype instead). */
const PROTO = JSON.parse('{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}');
const MISSING = Symbol('missing');
/** Broken on every field: each kind of damage once (wrong type, null, overflow, NUL and control
 * characters, an impossible date, nesting, a huge string, prototype keys, a missing field). */
const BODY_CORE: unknown[] = [
  null,
  'x',
  1.5,
  true,
  2 ** 31,
  1e308,
  [],
  {},
  '\u0000',
  'a\u0001\u001f\u007f\u2028b',
  '2026-02-30T25:61:00',
  deep(60),
  HUGE,
  PROTO,
  MISSING,
];
/** The rest of BROKEN, a few per field in turn, so that each value still meets many fields while a
 * route's run stays short (the whole file runs in about two minutes on PGlite). */
const sameValue = (a: unknown, b: unknown) => typeof a !== 'symbol' && typeof b !== 'symbol' && JSON.stringify(a) === JSON.stringify(b);
const BODY_MORE = BROKEN.filter((v) => !BODY_CORE.some((c) => sameValue(c, v)));
const MORE_PER_FIELD = 3;
const valuesFor = (index: number) => [...BODY_CORE, ...Array.from({ length: MORE_PER_FIELD }, (_, i) => BODY_MORE[(index * MORE_PER_FIELD + i) % BODY_MORE.length])];
/** An extra query field is refused or ignored whatever it holds: three values are enough. */
const EXTRA_QUERY: unknown[] = ['x', '\u0000', 'x'.repeat(100_000)];
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
/** The demo's rows a valid request names (ids of the administrator's company). */
let demo: {
  company: number;
  week: { id: number; startDate: string; endDate: string };
  broker: number;
  driver: number;
  /** The dispatcher as the user admin form loads them (their version included). */
  dispatcher: Record<string, unknown>;
};
beforeAll(async () => {
  t = await createTestApp({ steps: BOARD_DEMO_STEPS, env: { API_RATE_LIMIT: '0' } });
  cookie = await t.loginAs(EMAIL.admin);
  const company = t.ids.companies.demo;
  const rowsOf = (r: any) => (Array.isArray(r) ? r : r.rows);
  const [week] = rowsOf(
    await t.db.execute(sql`select id, start_date::text as "startDate", end_date::text as "endDate" from work_weeks where company_id = ${company} order by start_date desc limit 1`),
  );
  const [broker] = rowsOf(await t.db.execute(sql`select id from brokers where company_id = ${company} and is_active order by id limit 1`));
  const users = await t.call({ method: 'GET', url: '/api/auth/GetUsers', as: EMAIL.admin });
  const { userId, email, firstName, lastName, phoneNumber, userRoles, userCompanies, serviceFee, serviceFeeType, unitNumber, isActive, updatedOn } =
    users.body.find((u: { email: string }) => u.email === EMAIL.dispatcher);
  const dispatcher = { userId, email, firstName, lastName, phoneNumber, userRoles, userCompanies, serviceFee, serviceFeeType, unitNumber, isActive, updatedOn };
  demo = { company, week, broker: broker.id, driver: t.ids.users[EMAIL.driver], dispatcher };
});
afterAll(() => t.close());

/** Fields that name a row, wherever a route has them: the demo's own rows, so services act on them. */
const idsByName = (): Record<string, unknown> => ({
  weekId: demo.week.id,
  brokerId: demo.broker,
  driverId: demo.driver,
  driver1: demo.driver,
  expenseUserId: demo.driver,
  driverIdList: [demo.driver],
  loadDrivers: [demo.driver],
  companyId: demo.company,
  userCompanies: [demo.company],
});

const city = (label: string, latitude: number, longitude: number) => ({ label, value: label, latitude, longitude });
const load = () => ({
  loadId: 0,
  loadNumber: 'FUZZ-1',
  loadStartDate: demo.week.startDate,
  loadEndDate: demo.week.startDate,
  originStateId: 45,
  originCity: 'Dallas',
  destinationStateId: 5,
  destinationCity: 'Fresno',
  loadStatusId: 1,
});

/** Per route, what the schema alone cannot know: new rows (id 0), real places, a role other than the caller's. */
const BASES: Record<string, () => Record<string, unknown>> = {
  'auth.changeUserCompany': () => ({ label: 'Demo', value: demo.company }),
  'users.updateUserInformation': () => demo.dispatcher,
  'brokers.addUpdateBroker': () => ({ brokerId: 0, brokerStateId: 45, brokerCity: 'Dallas', brokerName: 'Fuzz Freight' }),
  'loads.addUpdateLoad': load,
  'loadImport.saveImportedLoads': () => ({
    loads: [{ ...load(), loadNumber: 'FUZZ-IMPORT-1', brokerRead: 'Fuzz Unknown', driverRead: '' }],
    brokers: [{ name: 'Fuzz Unknown', brokerId: null, create: { brokerName: 'Fuzz Freight', brokerAddress: '1 Main St', brokerCity: 'Dallas', brokerStateId: 45, brokerZipCode: '75201', phoneNumber: '5125550100', email: 'fuzz@example.test', mcNumber: null } }],
    drivers: [{ name: 'Fuzz Nobody', driverId: null }],
    skipped: [],
    refused: [],
  }),
  // A role other than the administrator's, at the highest level: a broken roleId that lands on the
  // administrator still leaves them every page the rest of the walk needs.
  'permissions.setPermission': () => ({ roleId: 3, objectName: 'LoadBoardPage', accessType: 'Write', isMenuVisible: true }),
  'cookies.saveCookie': () => ({ companyCookieId: 0 }),
  // A preset is saved only when it maps every required field to a column the file has.
  'imports.savePreset': () => ({
    kind: 'fuel',
    name: 'Fuzz preset',
    headers: ['Date', 'Unit', 'State', 'Product', 'Gallons'],
    mapping: { date: 'Date', unit: 'Unit', state: 'State', product: 'Product', quantity: 'Gallons' },
  }),
  'loadOrders.placeOrder': () => ({
    loadOrderId: 0,
    origin: city('DALLAS, TX', 32.78, -96.8),
    destination: [city('FRESNO, CA', 36.74, -119.79)],
    excludedDestinations: [],
    excludedStates: [],
    driver2: null,
  }),
  'loadSearch.search': () => ({ origin: city('DALLAS, TX', 32.78, -96.8) }),
  'expenses.addUpdateExpense': () => ({ companyExpenseId: 0, frequencyTypeId: 1, expenseDate: demo.week.startDate, expenseStartDate: null, expenseEndDate: null, occurences: null }),
};

/** Fields that must differ between saves (a load number is unique): each case gets its own value. */
const UNIQUE: Record<string, TPath> = {
  'loads.addUpdateLoad': ['loadNumber'],
  'loadImport.saveImportedLoads': ['loads', 0, 'loadNumber'],
  'brokers.addUpdateBroker': ['brokerName'],
};
let uniqueCount = 0;

/** A valid request part for a route: the sample, the demo's ids by field name, then the route's own values. */
function baseOf(route: TWalkedRoute, part: 'body' | 'query'): unknown {
  const schema = route.def[part];
  if (!schema) return undefined;
  const sample = validSampleOf(schema);
  if (sample === null) return null;
  const fit = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(fit);
    if (!value || typeof value !== 'object') return value;
    const names = idsByName();
    const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const key of Object.keys(out)) if (key in names) out[key] = names[key];
    return part === 'body' ? { ...out, ...BASES[route.key]?.() } : out;
  };
  const base = fit(sample);
  return (schema as any).safeParse(base).success ? base : sample;
}

type TPath = (string | number)[];
/** The paths one case breaks: every field, and the fields of nested objects and of a list's first item. */
function pathsOf(value: unknown, prefix: TPath = [], depth = 0): TPath[] {
  if (Array.isArray(value)) return value.length && depth < 2 ? pathsOf(value[0], [...prefix, 0], depth + 1) : [];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => [[...prefix, key], ...(depth < 2 ? pathsOf(v, [...prefix, key], depth + 1) : [])]);
}
function withValue(base: unknown, path: TPath, value: unknown): unknown {
  const copy = structuredClone(base) as any;
  let at = copy;
  for (const step of path.slice(0, -1)) at = at[step];
  const last = path[path.length - 1];
  if (value === MISSING) delete at[last];
  else at[last] = value;
  return copy;
}
const labelOf = (path: TPath, value: unknown) => `${path.join('.')}=${value === MISSING ? '(missing)' : (JSON.stringify(value) ?? String(value)).slice(0, 30)}`;

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

function casesOf(route: TWalkedRoute): TCase[] {
  const { def } = route;
  const cases: TCase[] = [];
  const json = (v: unknown) => JSON.stringify(v);
  if (def.upload) cases.push(...uploadCasesOf(def as TRouteDef & { upload: TUploadDef }));
  if (def.method !== 'GET') {
    for (const raw of RAW_BODIES) cases.push({ label: `raw body ${raw.slice(0, 30)}`, url: def.path, payload: raw, contentType: 'application/json' });
    cases.push({ label: 'form body', url: def.path, payload: 'a=1', contentType: 'application/x-www-form-urlencoded' });
    cases.push({ label: 'text body', url: def.path, payload: 'hello', contentType: 'text/plain' });
    const base = baseOf(route, 'body');
    if (base !== undefined && base !== null) {
      const body = (label: string, value: unknown): TCase => ({ label, url: def.path, payload: json(value), contentType: 'application/json' });
      const unique = UNIQUE[route.key];
      // A case that breaks the unique field or what holds it (a list of loads) is sent as broken.
      const fresh = (value: unknown, path: TPath) => (unique && !`${unique.join('.')}.`.startsWith(`${path.join('.')}.`) ? withValue(value, unique, `FUZZ-${++uniqueCount}`) : value);
      pathsOf(base).forEach((path, index) => {
        for (const value of valuesFor(index)) cases.push(body(labelOf(path, value), fresh(withValue(base, path, value), path)));
      });
      const whole = json(base);
      const inside = Array.isArray(base) ? whole.replace(/^\[\{/, '[{"__proto__":{"isAdmin":true},') : whole.replace(/^\{/, '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}},');
      cases.push({ label: 'valid body with prototype keys', url: def.path, payload: inside, contentType: 'application/json' });
      cases.push(body('valid body with extra fields', Array.isArray(base) ? [...base, { unexpected: 1 }] : { ...(base as object), unexpected: 1, __proto__x: 2 }));
      if (Array.isArray(base)) cases.push(body('a thousand copies', Array.from({ length: 1000 }, () => base[0])));
    }
  }
  const query = baseOf(route, 'query') as Record<string, unknown> | undefined | null;
  // A GET starts from a valid query; a mutation's query (an id to delete, a year to generate) is sent one field alone.
  const queryBase = def.method === 'GET' && query ? query : {};
  const qs = (q: Record<string, unknown>) => {
    const text = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString();
    return text ? `${def.path}?${text}` : def.path;
  };
  for (const field of [...fieldsOf(def.query), 'unexpected']) {
    for (const value of field === 'unexpected' ? EXTRA_QUERY : [...BROKEN, MISSING]) {
      const rest = Object.fromEntries(Object.entries(queryBase).filter(([k]) => k !== field));
      if (value === MISSING) {
        cases.push({ label: `?${field} missing`, url: qs(rest) });
        continue;
      }
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      cases.push({ label: `?${field}=${text.slice(0, 30)}`, url: qs({ ...rest, [field]: text.slice(0, 20_000) }) });
    }
    cases.push({ label: `?${field} twice`, url: `${qs(queryBase)}${Object.keys(queryBase).length ? '&' : '?'}${field}=1&${field}=2` });
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

/** Sends a route's valid request: it must get past validation and the access guard. */
async function sendBase(route: TWalkedRoute) {
  const body = baseOf(route, 'body');
  const query = route.def.method === 'GET' ? (baseOf(route, 'query') as Record<string, unknown> | undefined) : undefined;
  const search = query ? new URLSearchParams(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString() : '';
  return t.app.inject({
    method: route.def.method,
    url: search ? `${route.def.path}?${search}` : route.def.path,
    ...(body !== undefined ? { payload: JSON.stringify(body), headers: { cookie, 'content-type': 'application/json' } } : { headers: { cookie } }),
  });
}

describe('fuzz: broken input never ends in a 5xx', () => {
  for (const route of routes) {
    it(`${route.def.method} ${route.def.path}`, async () => {
      // Routes with a body, and GETs: a mutation's query alone (an id to delete, a year to generate)
      // is sent one field at a time below, never as a valid request that would delete the demo's rows.
      if (!route.def.upload && route.key !== 'auth.logOut' && (route.def.body || route.def.method === 'GET')) {
        expect(baseOf(route, 'body'), 'no valid body could be built: add its base to BASES').not.toBeNull();
        expect(baseOf(route, 'query'), 'no valid query could be built: add its base to BASES').not.toBeNull();
        const res = await sendBase(route);
        // The valid request is not malformed, and the walk still has its administrator.
        expect([400, 401, 403], `valid request answered ${res.statusCode} ${res.body.slice(0, 300)}`).not.toContain(res.statusCode);
        expect(res.statusCode).toBeLessThan(500);
      }
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
