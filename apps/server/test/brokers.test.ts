import { MSG, SUCCESS } from '@haulboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_DEMO_STEPS } from '../src/db/seed/demo-board';
import { createTestApp, EMAIL, type TTestApp } from './helpers';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ steps: BOARD_DEMO_STEPS });
});
afterAll(() => t.close());

const brokerForm = (over: Record<string, unknown> = {}) => ({
  brokerId: 0,
  brokerName: 'Canyon Creek Freight',
  brokerAddress: '500 Commerce St',
  brokerCity: 'Fort Worth',
  brokerStateId: 45,
  brokerZipCode: '76102',
  phoneNumber: '8175550100',
  email: 'loads@canyoncreek.test',
  mcNumber: '123456',
  dotNumber: '7654321',
  comments: null,
  isActive: true,
  ...over,
});

const brokers = async (as: string = EMAIL.dispatcher) => (await t.call({ method: 'GET', url: '/api/Broker', as })).body as any[];
const byName = async (name: string, as?: string) => (await brokers(as)).find((b) => b.brokerName === name);

describe('GET /api/Broker', () => {
  it('lists the active company’s brokers by name with full address and whether loads use them', async () => {
    const list = await brokers();
    expect(list.length).toBe(13);
    expect(list.map((b) => b.brokerName)).toEqual([...list.map((b) => b.brokerName)].sort((a, b) => a.localeCompare(b)));
    const summit = list.find((b) => b.brokerName === 'Summit Ridge Logistics');
    expect(summit).toMatchObject({
      brokerCity: 'Dallas',
      brokerStateName: 'Texas',
      fullAddress: '2200 Ross Ave, Suite 1400, Dallas, TX 75201',
      mcNumber: '784512',
      dotNumber: '2981044',
      isActive: true,
      hasLoads: true,
    });
    expect(summit.updatedOn).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(list.find((b) => b.brokerName === 'Red River Freight Exchange')).toMatchObject({ isActive: false, hasLoads: true });
  });

  it('shows another company only its own brokers', async () => {
    const list = await brokers(EMAIL.secondAdmin);
    expect(list.map((b) => b.brokerName)).not.toContain('Summit Ridge Logistics');
    expect(list).toHaveLength(4);
  });

  it('is refused to a driver, who has no BrokerAdmin access by default', async () => {
    const res = await t.call({ method: 'GET', url: '/api/Broker', as: EMAIL.driver });
    expect(res.status).toBe(403);
  });
});

describe('POST /api/Broker/AddUpdateBroker', () => {
  it('adds a broker with state 5 (California) when no state is given, and says so', async () => {
    const { brokerStateId: _, ...form } = brokerForm({ brokerName: 'Golden Gate Freight' });
    const res = await t.call({ method: 'POST', url: '/api/Broker/AddUpdateBroker', payload: form, as: EMAIL.dispatcher });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toBe(SUCCESS.brokerUpdated);
    expect(await byName('Golden Gate Freight')).toMatchObject({ brokerStateId: 5, brokerStateName: 'California', isActive: true, hasLoads: false });
  });

  it('answers 400 with every spec message for an empty form', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/Broker/AddUpdateBroker',
      payload: { brokerName: '', brokerAddress: ' ', brokerStateId: null, email: '' },
      as: EMAIL.dispatcher,
    });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toMatchObject({
      brokerName: [MSG.brokerName],
      brokerAddress: [MSG.brokerAddress],
      brokerCity: [MSG.brokerCity],
      brokerStateId: [MSG.brokerState],
      brokerZipCode: [MSG.brokerZip],
      phoneNumber: [MSG.brokerRequired],
      email: [MSG.brokerRequired],
    });
  });

  it('refuses an email that is not one', async () => {
    const res = await t.call({ method: 'POST', url: '/api/Broker/AddUpdateBroker', payload: brokerForm({ email: 'loads at x' }), as: EMAIL.dispatcher });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.email).toEqual(['Must be a valid email']);
  });

  it('edits a broker and refuses a stale version: the second of two editors is told, nothing is overwritten', async () => {
    await t.call({ method: 'POST', url: '/api/Broker/AddUpdateBroker', payload: brokerForm({ brokerName: 'Two Editors LLC' }), as: EMAIL.dispatcher });
    const loaded = await byName('Two Editors LLC');
    const first = await t.call({
      method: 'POST',
      url: '/api/Broker/AddUpdateBroker',
      payload: { ...loaded, brokerCity: 'Arlington' },
      as: EMAIL.dispatcher,
    });
    expect(first.text).toBe(SUCCESS.brokerUpdated);
    const second = await t.call({ method: 'POST', url: '/api/Broker/AddUpdateBroker', payload: { ...loaded, brokerCity: 'Denton' }, as: EMAIL.admin });
    expect(second.status).toBe(409);
    expect(second.text).toMatch(/^ERROR .*changed by someone else/);
    expect(await byName('Two Editors LLC')).toMatchObject({ brokerCity: 'Arlington' });
  });

  it('lets only Write change the Active flag: DenyDelete gets 403', async () => {
    await t.call({ method: 'POST', url: '/api/Broker/AddUpdateBroker', payload: brokerForm({ brokerName: 'Flag Test Freight' }), as: EMAIL.admin });
    const broker = await byName('Flag Test Freight');
    // Give dispatchers DenyDelete on BrokerAdmin (default Write) through the matrix.
    const set = await t.call({
      method: 'POST',
      url: '/api/General/SetPermission',
      payload: { roleId: 2, objectName: 'BrokerAdmin', accessType: 'DenyDelete', isMenuVisible: true },
      as: EMAIL.admin,
    });
    expect(set.status).toBe(200);
    try {
      const refused = await t.call({ method: 'POST', url: '/api/Broker/AddUpdateBroker', payload: { ...broker, isActive: false }, as: EMAIL.dispatcher });
      expect(refused.status).toBe(403);
      const newInactive = await t.call({ method: 'POST', url: '/api/Broker/AddUpdateBroker', payload: brokerForm({ isActive: false }), as: EMAIL.dispatcher });
      expect(newInactive.status).toBe(403);
      const edit = await t.call({ method: 'POST', url: '/api/Broker/AddUpdateBroker', payload: { ...broker, comments: 'edited' }, as: EMAIL.dispatcher });
      expect(edit.text).toBe(SUCCESS.brokerUpdated);
      const del = await t.call({ method: 'DELETE', url: `/api/Broker/DeleteBroker?brokerId=${broker.brokerId}`, as: EMAIL.dispatcher });
      expect(del.status).toBe(403);
    } finally {
      await t.call({ method: 'POST', url: '/api/General/ResetPermissions', as: EMAIL.admin });
    }
    const reloaded = await byName('Flag Test Freight');
    const ok = await t.call({ method: 'POST', url: '/api/Broker/AddUpdateBroker', payload: { ...reloaded, isActive: false }, as: EMAIL.dispatcher });
    expect(ok.text).toBe(SUCCESS.brokerUpdated);
    expect(await byName('Flag Test Freight')).toMatchObject({ isActive: false, comments: 'edited' });
  });

  it('answers 404 for another company’s broker, exactly like a missing one', async () => {
    const summit = await byName('Summit Ridge Logistics');
    const res = await t.call({ method: 'POST', url: '/api/Broker/AddUpdateBroker', payload: { ...summit, brokerName: 'Hijacked' }, as: EMAIL.secondAdmin });
    expect(res.status).toBe(404);
    const missing = await t.call({ method: 'POST', url: '/api/Broker/AddUpdateBroker', payload: brokerForm({ brokerId: 999999 }), as: EMAIL.secondAdmin });
    expect(missing.status).toBe(404);
    expect(await byName('Summit Ridge Logistics')).toBeTruthy();
  });

  it('is refused to a driver', async () => {
    const res = await t.call({ method: 'POST', url: '/api/Broker/AddUpdateBroker', payload: brokerForm(), as: EMAIL.driver });
    expect(res.status).toBe(403);
  });
});

describe('DELETE /api/Broker/DeleteBroker', () => {
  it('deletes a broker without loads', async () => {
    const unused = await byName('Lone Pine Shipping Co');
    expect(unused.hasLoads).toBe(false);
    const res = await t.call({ method: 'DELETE', url: `/api/Broker/DeleteBroker?brokerId=${unused.brokerId}`, as: EMAIL.dispatcher });
    expect(res.status).toBe(200);
    expect(res.text).toBe(SUCCESS.brokerDeleted);
    expect(await byName('Lone Pine Shipping Co')).toBeUndefined();
  });

  it('refuses a broker with loads and suggests marking it inactive', async () => {
    const used = await byName('Keystone Transit Group');
    const res = await t.call({ method: 'DELETE', url: `/api/Broker/DeleteBroker?brokerId=${used.brokerId}`, as: EMAIL.admin });
    expect(res.status).toBe(409);
    expect(res.text).toMatch(/^ERROR Keystone Transit Group has loads .*inactive/);
    expect(await byName('Keystone Transit Group')).toBeTruthy();
  });

  it('answers 404 for another company’s broker and 403 to a driver', async () => {
    const golden = await byName('Summit Ridge Logistics');
    expect((await t.call({ method: 'DELETE', url: `/api/Broker/DeleteBroker?brokerId=${golden.brokerId}`, as: EMAIL.secondAdmin })).status).toBe(404);
    expect((await t.call({ method: 'DELETE', url: `/api/Broker/DeleteBroker?brokerId=${golden.brokerId}`, as: EMAIL.driver })).status).toBe(403);
    expect((await t.call({ method: 'DELETE', url: '/api/Broker/DeleteBroker?brokerId=abc', as: EMAIL.admin })).status).toBe(400);
  });
});

describe('GET /api/Lookup/GetBrokerList', () => {
  it('offers active brokers only, plus an inactive one asked for by id', async () => {
    const red = await byName('Red River Freight Exchange');
    const list = (await t.call({ method: 'GET', url: '/api/Lookup/GetBrokerList', as: EMAIL.driver })).body;
    expect(list.map((b: any) => b.value)).not.toContain(red.brokerId);
    expect(list[0]).toEqual({ label: expect.any(String), value: expect.any(Number) });
    const withOld = (await t.call({ method: 'GET', url: `/api/Lookup/GetBrokerList?includeId=${red.brokerId}`, as: EMAIL.dispatcher })).body;
    expect(withOld).toContainEqual({ label: 'Red River Freight Exchange (inactive)', value: red.brokerId });
    const foreign = (await t.call({ method: 'GET', url: `/api/Lookup/GetBrokerList?includeId=${red.brokerId}`, as: EMAIL.secondAdmin })).body;
    expect(foreign.map((b: any) => b.value)).not.toContain(red.brokerId);
  });
});
