
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../src/auth/sessions';
import { createTestApp, EMAIL, type TTestApp } from './helpers';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A brand-new person, signed in, with no company and no role. */
async function newcomer(email: string) {
  const { upsertSignedInUser } = await import('../src/modules/auth');
  const user = await upsertSignedInUser(t.db, { email, sub: email }, 'http://localhost:3000/oidc');
  return `hb_session=${await createSession(t.db, user.id, null)}`;
}

describe('current user and the guard states', () => {
  it('answers 401 without a session', async () => {
    const res = await t.call({ method: 'POST', url: '/api/Auth/GetUserDetails', payload: {} });
    expect(res.status).toBe(401);
  });

  it('describes a member with role, company and permissions; the body cannot change who you are', async () => {
    const res = await t.call({ method: 'POST', url: '/api/Auth/GetUserDetails', as: EMAIL.driver, payload: { email: EMAIL.admin, uid: 'x' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: EMAIL.driver, roleId: 3, roleName: 'Driver', company: 'Demo Freight LLC' });
    expect(res.body.userPermissibleObjects).toContainEqual({ objectName: 'DriverDashboardPage', accessType: 'Read', isMenuVisible: true });
    expect(res.body.userPermissibleObjects.find((p: any) => p.objectName === 'UserAdmin')).toBeUndefined();
  });

  it('gives an applicant a company but no role and no permissions', async () => {
    const res = await t.call({ method: 'POST', url: '/api/Auth/GetUserDetails', as: EMAIL.applicant });
    expect(res.body).toMatchObject({ company: 'Demo Freight LLC', roleId: null, userPermissibleObjects: [] });
  });

  it('keeps an applicant out of member routes', async () => {
    const res = await t.call({ method: 'GET', url: '/api/Lookup/GetStates', as: EMAIL.applicant });
    expect(res.status).toBe(403);
    const ok = await t.call({ method: 'GET', url: '/api/Lookup/GetStates', as: EMAIL.driver });
    expect(ok.status).toBe(200);
    expect(ok.body[4]).toEqual({ label: 'California', value: 5 });
    expect(ok.body).toHaveLength(52);
  });
});

describe('registration', () => {
  it('registers a newcomer with a company: in review afterwards', async () => {
    const cookie = await newcomer('reg.one@example.com');
    const companies = await t.app.inject({ method: 'GET', url: '/api/Lookup/GetCompanyList', headers: { cookie } });
    expect(companies.json()).toEqual([
      { label: 'Demo Freight LLC', value: t.ids.companies.demo },
      { label: 'Second Haul Inc', value: t.ids.companies.second },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Auth/UpdateUserCompany',
      headers: { cookie },
      payload: { companyId: t.ids.companies.second, phoneNumber: '2145550199', email: 'ignored@example.com', userId: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'reg.one@example.com', companyId: t.ids.companies.second, roleId: null, phoneNumber: '2145550199' });
  });

  it('refuses missing fields with the spec messages and a phone over 10 characters', async () => {
    const cookie = await newcomer('reg.two@example.com');
    const empty = await t.app.inject({ method: 'POST', url: '/api/Auth/UpdateUserCompany', headers: { cookie }, payload: { phoneNumber: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toMatchObject({ companyId: ['Field is required'], phoneNumber: ['Field is required'] });
    const long = await t.app.inject({
      method: 'POST',
      url: '/api/Auth/UpdateUserCompany',
      headers: { cookie },
      payload: { companyId: t.ids.companies.demo, phoneNumber: '12345678901' },
    });
    expect(long.statusCode).toBe(400);
  });

  it('refuses a second registration and an unknown company', async () => {
    const again = await t.call({ method: 'POST', url: '/api/Auth/UpdateUserCompany', as: EMAIL.applicant, payload: { companyId: t.ids.companies.second, phoneNumber: '5125550100' } });
    expect(again.status).toBe(409);
    expect(again.text).toMatch(/^ERROR /);
    const cookie = await newcomer('reg.three@example.com');
    const unknown = await t.app.inject({ method: 'POST', url: '/api/Auth/UpdateUserCompany', headers: { cookie }, payload: { companyId: 999999, phoneNumber: '5125550100' } });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('company switch', () => {
  it('switches the administrator to the other company they belong to', async () => {
    const cookie = `hb_session=${await createSession(t.db, t.ids.users[EMAIL.admin], null)}`;
    const res = await t.app.inject({ method: 'POST', url: '/api/Auth/ChangeUserCompany', headers: { cookie }, payload: { label: 'Second Haul Inc', value: t.ids.companies.second } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ company: 'Second Haul Inc', roleId: 1 });
    expect(res.json().userCompanies).toHaveLength(2);
    const me = await t.app.inject({ method: 'POST', url: '/api/Auth/GetUserDetails', headers: { cookie } });
    expect(me.json().company).toBe('Second Haul Inc');
  });

  it('answers 404 for a company the person does not belong to', async () => {
    const res = await t.call({ method: 'POST', url: '/api/Auth/ChangeUserCompany', as: EMAIL.dispatcher, payload: { label: 'x', value: t.ids.companies.second } });
    expect(res.status).toBe(404);
  });
});

describe('health and documentation', () => {
  it('reports the database state', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    expect(res.body).toMatchObject({ status: 'ok', database: 'up', role: 'all' });
    // Every migration this version ships is applied.
    expect(res.body.migrations.pending).toBe(0);
    expect(res.body.migrations.applied).toBe(res.body.migrations.shipped);
    expect(res.body.migrations.shipped).toBeGreaterThan(15);
  });

  it('publishes OpenAPI for the API routes', async () => {
    const res = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/Auth/GetUserDetails', '/api/auth/GetUsers', '/api/Lookup/GetStates']));
  });

  it('documents the header every write needs, and a client that follows the document succeeds the first time', async () => {
    const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).body;
    const scheme = doc.components.securitySchemes.appRequest;
    expect(scheme).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-requested-with' });
    expect(scheme.description).toContain('x-requested-with: haulboard');
    const writes = Object.entries(doc.paths as Record<string, Record<string, { security?: Record<string, string[]>[] }>>).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([method]) => ['post', 'put', 'delete', 'patch'].includes(method))
        .map(([method, op]) => ({ path, method, security: op.security })),
    );
    expect(writes.length).toBeGreaterThan(30);
    for (const w of writes) expect(w.security?.some((s) => 'appRequest' in s), `${w.method} ${w.path}`).toBe(true);
    // As a script would do it: the session cookie, the documented header, a JSON body; no Origin.
    const value = scheme.description.match(/x-requested-with: (\w+)/)[1];
    const res = await t.call({
      method: 'POST',
      url: '/api/Broker/AddUpdateBroker',
      as: EMAIL.dispatcher,
      headers: { origin: undefined, 'x-requested-with': value, 'content-type': 'application/json' },
      payload: { brokerId: 0, brokerName: 'Docs Client Broker', brokerAddress: '1 Main St', brokerCity: 'Dallas', brokerStateId: 5, brokerZipCode: '75201', phoneNumber: '555-0100', email: 'ops@docs.test' },
    });
    expect(res.status).toBe(200);
    const without = await t.call({
      method: 'POST',
      url: '/api/Broker/AddUpdateBroker',
      as: EMAIL.dispatcher,
      headers: { origin: undefined, 'x-requested-with': undefined },
      payload: { brokerId: 0, brokerName: 'Docs Client Broker 2', brokerAddress: '1 Main St', brokerCity: 'Dallas', brokerStateId: 5, brokerZipCode: '75201', phoneNumber: '555-0100', email: 'ops@docs.test' },
    });
    expect(without.status).toBe(403);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.call({ method: 'GET', url: '/api/nope' });
    expect(res.status).toBe(404);
  });
});

describe('the guard runs before validation', () => {
  it('answers 401, not 400, to a signed-out caller with a bad body', async () => {
    const res = await t.call({ method: 'POST', url: '/api/auth/UpdateUserInformation', payload: { nonsense: true } });
    expect(res.status).toBe(401);
  });

  it('answers 403, not 400, to a caller without the permission', async () => {
    const res = await t.call({ method: 'POST', url: '/api/auth/UpdateUserInformation', as: EMAIL.driver, payload: { nonsense: true } });
    expect(res.status).toBe(403);
  });
});
