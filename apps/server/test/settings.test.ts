import { MSG, SUCCESS } from '@haulboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_DEMO_STEPS } from '../src/db/seed/demo-board';
import { createTestApp, EMAIL, type TTestApp } from './helpers';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ steps: BOARD_DEMO_STEPS });
});
afterAll(() => t.close());


describe('service URL', () => {
  it('starts empty, saves an http(s) address and reads it back, per company', async () => {
    expect((await t.call({ method: 'GET', url: '/api/General/GetServiceUrl', as: EMAIL.admin })).text).toBe('');
    const url = 'https://relay.example.com/api/v2';
    const res = await t.call({ method: 'POST', url: `/api/General/setServiceUrl?url=${encodeURIComponent(url)}`, as: EMAIL.admin });
    expect(res.status).toBe(200);
    expect(res.text).toBe(SUCCESS.serviceUrlSaved);
    const got = await t.call({ method: 'GET', url: '/api/General/GetServiceUrl', as: EMAIL.admin });
    expect(got.headers['content-type']).toMatch(/^text\/plain/);
    expect(got.text).toBe(url);
    expect((await t.call({ method: 'GET', url: '/api/General/GetServiceUrl', as: EMAIL.secondAdmin })).text).toBe('');
  });

  it('answers 400 "Field is required" without a URL and refuses one that is not http(s)', async () => {
    const empty = await t.call({ method: 'POST', url: '/api/General/setServiceUrl?url=', as: EMAIL.admin });
    expect(empty.status).toBe(400);
    expect(empty.body.fieldErrors.url).toEqual([MSG.required]);
    const ftp = await t.call({ method: 'POST', url: '/api/General/setServiceUrl?url=ftp%3A%2F%2Fx.example.com', as: EMAIL.admin });
    expect(ftp.status).toBe(400);
    expect(ftp.body.fieldErrors.url).toEqual(['Enter a valid http:// or https:// address']);
  });

  it('is refused to a dispatcher', async () => {
    expect((await t.call({ method: 'POST', url: '/api/General/setServiceUrl?url=https%3A%2F%2Fx.test', as: EMAIL.dispatcher })).status).toBe(403);
  });
});
