import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_REUSED } from '../src/access/idempotency';
import { BOARD_DEMO_STEPS } from '../src/db/seed/demo-board';
import { createTestApp, EMAIL, type TTestApp } from './helpers';

/** A doubled or retried save never creates twice; a tab never writes into a company it does not show. */

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ steps: BOARD_DEMO_STEPS });
});
afterAll(() => t.close());

const broker = (name: string) => ({
  brokerName: name,
  brokerAddress: '1 Main St',
  brokerCity: 'Dallas',
  brokerStateId: 45,
  brokerZipCode: '75201',
  phoneNumber: '2145550199',
  email: 'ops@example.com',
});
const save = (payload: unknown, key?: string, as: string = EMAIL.dispatcher) =>
  t.call({ method: 'POST', url: '/api/Broker/AddUpdateBroker', payload, as, headers: key ? { 'idempotency-key': key } : {} });
const brokersNamed = async (name: string) =>
  ((await t.call({ method: 'GET', url: '/api/Broker', as: EMAIL.dispatcher })).body as any[]).filter((b) => b.brokerName === name);

describe('Idempotency-Key: one opened form saves once', () => {
  it('answers a repeated save with the first answer and creates one broker', async () => {
    const first = await save(broker('Once Only Freight'), 'form-1');
    const again = await save(broker('Once Only Freight'), 'form-1');
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await brokersNamed('Once Only Freight')).toHaveLength(1);
  });

  it('saves a double click sent at once only once', async () => {
    const replies = await Promise.all([save(broker('Double Click Freight'), 'form-2'), save(broker('Double Click Freight'), 'form-2')]);
    expect(replies.map((r) => r.status).sort()).toContain(200);
    for (const r of replies) expect(r.status === 200 || /^ERROR This request is still being processed/.test(r.text)).toBe(true);
    expect(await brokersNamed('Double Click Freight')).toHaveLength(1);
  });

  it('keeps no refusal: the corrected form saves with the same key', async () => {
    const refused = await save({ ...broker('Fixed Later Freight'), brokerStateId: 999 }, 'form-3');
    expect(refused.status).toBe(400);
    const fixed = await save(broker('Fixed Later Freight'), 'form-3');
    expect(fixed.status).toBe(200);
    expect(await brokersNamed('Fixed Later Freight')).toHaveLength(1);
  });

  it('refuses a key reused for a different request', async () => {
    await save(broker('First Use Freight'), 'form-4');
    const reused = await save(broker('Other Values Freight'), 'form-4');
    expect(reused.status).toBe(409);
    expect(reused.text).toBe(`ERROR ${KEY_REUSED}`);
    expect(await brokersNamed('Other Values Freight')).toHaveLength(0);
  });

  it('answers a doubled delete with the same success, not "not found"', async () => {
    await save(broker('Delete Me Freight'));
    const [target] = await brokersNamed('Delete Me Freight');
    const del = () =>
      t.call({ method: 'DELETE', url: `/api/Broker/DeleteBroker?brokerId=${target.brokerId}`, as: EMAIL.dispatcher, headers: { 'idempotency-key': 'del-1' } });
    const first = await del();
    const second = await del();
    expect(first.text).toBe('Broker deleted successfully');
    expect(second.status).toBe(200);
    expect(second.text).toBe('Broker deleted successfully');
  });

  it('keys are per person: another person with the same key runs their own request', async () => {
    await save(broker('Per Person Freight'), 'shared-key', EMAIL.dispatcher);
    const other = await save(broker('Per Person Freight'), 'shared-key', EMAIL.admin);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(await brokersNamed('Per Person Freight')).toHaveLength(2);
  });
});

describe('the company a tab shows', () => {
  it('refuses a request from a tab that shows another company than the session’s, and saves nothing', async () => {
    const demo = t.ids.companies.demo;
    const second = t.ids.companies.second;
    // The administrator switches to Second Haul in one tab…
    expect((await t.call({ method: 'POST', url: '/api/Auth/ChangeUserCompany', as: EMAIL.admin, payload: { label: 'Second Haul Inc', value: second } })).status).toBe(200);
    // …and the other tab, still showing Demo Freight, saves.
    const stale = await t.call({ method: 'POST', url: '/api/Broker/AddUpdateBroker', as: EMAIL.admin, payload: broker('Wrong Tab Freight'), headers: { 'x-company-id': String(demo) } });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('COMPANY_CHANGED');
    expect(stale.body.message).toMatch(/^This tab was showing Demo Freight LLC, but your active company is now Second Haul Inc/);
    const list = await t.call({ method: 'GET', url: '/api/Broker', as: EMAIL.admin, headers: { 'x-company-id': String(demo) } });
    expect(list.status).toBe(409);
    // The session's own company passes, and so do the routes that read or switch the session itself.
    const right = await t.call({ method: 'POST', url: '/api/Broker/AddUpdateBroker', as: EMAIL.admin, payload: broker('Right Tab Freight'), headers: { 'x-company-id': String(second) } });
    expect(right.status).toBe(200);
    const me = await t.call({ method: 'POST', url: '/api/Auth/GetUserDetails', as: EMAIL.admin, headers: { 'x-company-id': String(demo) } });
    expect(me.status).toBe(200);
    const names = ((await t.call({ method: 'GET', url: '/api/Broker', as: EMAIL.admin })).body as any[]).map((b) => b.brokerName);
    expect(names).toContain('Right Tab Freight');
    expect(names).not.toContain('Wrong Tab Freight');
    await t.call({ method: 'POST', url: '/api/Auth/ChangeUserCompany', as: EMAIL.admin, payload: { label: 'Demo Freight LLC', value: demo } });
  });
});
