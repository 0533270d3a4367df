import { SUCCESS } from '@haulboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, EMAIL, type TTestApp } from './helpers';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const userForm = (over: Record<string, unknown> = {}) => ({
  userId: t.ids.users[EMAIL.applicant],
  email: EMAIL.applicant,
  firstName: 'Jamie',
  lastName: 'Lee',
  phoneNumber: '5125550103',
  userRoles: [3],
  userCompanies: [t.ids.companies.demo],
  serviceFee: 0,
  unitNumber: '107',
  isActive: true,
  ...over,
});

describe('user administration', () => {
  it('lists the users of the active company for an administrator, applicants included', async () => {
    const res = await t.call({ method: 'GET', url: '/api/auth/GetUsers', as: EMAIL.admin });
    expect(res.status).toBe(200);
    const emails = res.body.map((u: any) => u.email);
    expect(emails).toEqual(expect.arrayContaining([EMAIL.admin, EMAIL.dispatcher, EMAIL.driver, EMAIL.applicant]));
    expect(emails).not.toContain(EMAIL.secondAdmin);
    const driver = res.body.find((u: any) => u.email === EMAIL.driver);
    expect(driver).toMatchObject({ unitNumber: '101', serviceFee: 150, userRoles: [3], userRoleNames: 'Driver', isActive: true });
  });

  it('refuses user administration to dispatchers and drivers', async () => {
    for (const as of [EMAIL.dispatcher, EMAIL.driver]) {
      expect((await t.call({ method: 'GET', url: '/api/auth/GetUsers', as })).status).toBe(403);
      expect((await t.call({ method: 'POST', url: '/api/auth/UpdateUserInformation', as, payload: userForm() })).status).toBe(403);
    }
  });

  it('keeps companies apart: a Second Haul administrator neither sees nor changes Demo Freight users', async () => {
    const list = await t.call({ method: 'GET', url: '/api/auth/GetUsers', as: EMAIL.secondAdmin });
    expect(list.body.map((u: any) => u.email)).not.toContain(EMAIL.dispatcher);
    const edit = await t.call({
      method: 'POST',
      url: '/api/auth/UpdateUserInformation',
      as: EMAIL.secondAdmin,
      payload: userForm({ userId: t.ids.users[EMAIL.dispatcher], userCompanies: [t.ids.companies.second] }),
    });
    expect(edit.status).toBe(404);
    const companies = await t.call({ method: 'GET', url: '/api/Lookup/GetCompanyListUserAdmin', as: EMAIL.secondAdmin });
    expect(companies.body).toEqual([{ label: 'Second Haul Inc', value: t.ids.companies.second }]);
  });

  it('validates the edit form with the spec messages', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/UpdateUserInformation',
      as: EMAIL.admin,
      payload: userForm({ firstName: ' ', lastName: '', phoneNumber: '', userRoles: [], userCompanies: [] }),
    });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toMatchObject({
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
      phoneNumber: ['Phone number is required'],
      userRoles: ['At least one role is required'],
      userCompanies: ['At least one company is required'],
    });
  });

  it('approves an applicant by giving a role: their next load takes them into the app', async () => {
    const before = await t.call({ method: 'GET', url: '/api/Lookup/GetStates', as: EMAIL.applicant });
    expect(before.status).toBe(403);
    const res = await t.call({ method: 'POST', url: '/api/auth/UpdateUserInformation', as: EMAIL.admin, payload: userForm() });
    expect(res.status).toBe(200);
    expect(res.text).toBe(SUCCESS.userUpdated);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const me = await t.call({ method: 'POST', url: '/api/Auth/GetUserDetails', as: EMAIL.applicant });
    expect(me.body).toMatchObject({ roleId: 3, roleName: 'Driver' });
    const list = await t.call({ method: 'GET', url: '/api/auth/GetUsers', as: EMAIL.admin });
    expect(list.body.find((u: any) => u.email === EMAIL.applicant)).toMatchObject({ unitNumber: '107', userRoles: [3] });
  });

  it('refuses a save made from a stale form', async () => {
    const list = await t.call({ method: 'GET', url: '/api/auth/GetUsers', as: EMAIL.admin });
    const current = list.body.find((u: any) => u.email === EMAIL.dispatcher);
    const form = { ...userForm(), userId: current.userId, userRoles: [2], firstName: 'Dana', lastName: 'Reyes', unitNumber: null, updatedOn: current.updatedOn };
    const first = await t.call({ method: 'POST', url: '/api/auth/UpdateUserInformation', as: EMAIL.admin, payload: form });
    expect(first.status).toBe(200);
    const second = await t.call({ method: 'POST', url: '/api/auth/UpdateUserInformation', as: EMAIL.admin, payload: { ...form, firstName: 'Other' } });
    expect(second.status).toBe(409);
    expect(second.text).toMatch(/^ERROR .*someone else/i);
  });

  it('will not let an administrator remove their own last administrator role', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/UpdateUserInformation',
      as: EMAIL.secondAdmin,
      payload: userForm({ userId: t.ids.users[EMAIL.secondAdmin], firstName: 'Taylor', lastName: 'Brooks', userRoles: [2], userCompanies: [t.ids.companies.second] }),
    });
    expect(res.status).toBe(409);
    expect(res.text).toMatch(/^ERROR /);
  });

  it('refuses assigning a company the administrator does not administer', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/UpdateUserInformation',
      as: EMAIL.secondAdmin,
      payload: userForm({ userId: t.ids.users[EMAIL.secondAdmin], userRoles: [1], userCompanies: [t.ids.companies.second, t.ids.companies.demo] }),
    });
    expect(res.status).toBe(409);
  });

  it('leaves a person’s name and phone to them when they also belong to a company the administrator does not administer', async () => {
    // Alex administers Demo Freight and Second Haul; Taylor administers only Second Haul.
    const alex = t.ids.users[EMAIL.admin];
    const list = await t.call({ method: 'GET', url: '/api/auth/GetUsers', as: EMAIL.secondAdmin });
    expect(list.body.find((u: any) => u.userId === alex)).toMatchObject({ canEditPersonFields: false });
    expect(list.body.find((u: any) => u.userId === t.ids.users[EMAIL.secondAdmin])).toMatchObject({ canEditPersonFields: true });
    const base = { userId: alex, email: EMAIL.admin, userRoles: [1], userCompanies: [t.ids.companies.second], serviceFee: 0, unitNumber: null, isActive: true };
    const renamed = await t.call({
      method: 'POST',
      url: '/api/auth/UpdateUserInformation',
      as: EMAIL.secondAdmin,
      payload: { ...base, firstName: 'Mallory', lastName: 'Morgan', phoneNumber: '5125550100' },
    });
    expect(renamed.status).toBe(409);
    expect(renamed.text).toMatch(/^ERROR Alex Morgan also belongs to another company that you do not administer/);
    const me = await t.call({ method: 'POST', url: '/api/Auth/GetUserDetails', as: EMAIL.admin });
    expect(me.body).toMatchObject({ firstName: 'Alex', phoneNumber: '5125550100' });
    // Company-level fields in a company Taylor administers still save, with the name unchanged.
    const unitOnly = await t.call({
      method: 'POST',
      url: '/api/auth/UpdateUserInformation',
      as: EMAIL.secondAdmin,
      payload: { ...base, firstName: 'Alex', lastName: 'Morgan', phoneNumber: '5125550100', unitNumber: '900' },
    });
    expect(unitOnly.status).toBe(200);
    // The administrator of both companies may change the name.
    const byBoth = await t.call({
      method: 'POST',
      url: '/api/auth/UpdateUserInformation',
      as: EMAIL.admin,
      payload: { ...userForm({ userId: t.ids.users[EMAIL.driver], email: EMAIL.driver, firstName: 'Samuel', lastName: 'Carter', phoneNumber: '5125550102', unitNumber: '101', serviceFee: 150 }) },
    });
    expect(byBoth.status).toBe(200);
  });

  it('stores a role given twice once', async () => {
    const res = await t.call({ method: 'POST', url: '/api/auth/UpdateUserInformation', as: EMAIL.admin, payload: userForm({ userRoles: [3, 3] }) });
    expect(res.status).toBe(200);
    const list = await t.call({ method: 'GET', url: '/api/auth/GetUsers', as: EMAIL.admin });
    expect(list.body.find((u: any) => u.email === EMAIL.applicant).userRoles).toEqual([3]);
  });
});
