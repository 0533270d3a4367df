
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_DEMO_STEPS } from '../src/db/seed/demo-board';
import { createTestApp, EMAIL, type TTestApp } from './helpers';

let t: TTestApp;
const year = new Date().getUTCFullYear();
beforeAll(async () => {
  t = await createTestApp({ steps: BOARD_DEMO_STEPS });
});
afterAll(() => t.close());


describe('board lookups', () => {
  it('lists load statuses in order', async () => {
    const res = await t.call({ method: 'GET', url: '/api/Lookup/GetLoadStatusList', as: EMAIL.driver });
    expect(res.body.map((s: any) => s.label)).toEqual(['Booked', 'Dispatched', 'In transit', 'Delivered', 'Invoiced', 'Paid', 'Cancelled', 'TONU']);
  });

  it('lists the company’s drivers by unit: 101 to 106', async () => {
    const res = await t.call({ method: 'GET', url: '/api/Lookup/GetCompanyDrivers', as: EMAIL.dispatcher });
    expect(res.body.map((d: any) => d.label.slice(0, 3))).toEqual(['101', '102', '103', '104', '105', '106']);
    expect(res.body[0]).toEqual({ label: '101 - Sam Carter', value: t.ids.users[EMAIL.driver], unitNumber: '101' });
    const second = await t.call({ method: 'GET', url: '/api/Lookup/GetCompanyDrivers', as: EMAIL.secondAdmin });
    expect(second.body.map((d: any) => d.label)).toEqual(['201 - Olivia Grant', '202 - Luis Ortega']);
  });

  it('defaults the week list to this year and keeps it to members', async () => {
    const res = await t.call({ method: 'GET', url: '/api/Lookup/GetWorkWeekList', as: EMAIL.driver });
    expect(res.body[0].label).toMatch(new RegExp(`^Week 1 \\(01/0\\d/${year} - 01/\\d\\d/${year}\\)$`));
    expect((await t.call({ method: 'GET', url: '/api/Lookup/GetWorkWeekList', as: EMAIL.applicant })).status).toBe(403);
  });
});
