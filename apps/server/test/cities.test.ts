import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, EMAIL, type TTestApp } from './helpers';

/** City autocomplete for load orders (spec §7 GET /api/LoadOrder/GetCities, §8 city-search errors). */

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const cities = (value: string, as: string = EMAIL.dispatcher) =>
  t.call({ method: 'GET', url: `/api/LoadOrder/GetCities?value=${encodeURIComponent(value)}`, as });

describe('GET /api/LoadOrder/GetCities', () => {
  it('answers the biggest matching cities first, labelled like DALLAS, TX', async () => {
    const res = await cities('dall');
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({ label: 'DALLAS, TX', value: 'DALLAS, TX', name: 'DALLAS', stateCode: 'TX' });
    expect(res.body[0].latitude).toBeCloseTo(32.78, 1);
    expect(res.body[0].longitude).toBeCloseTo(-96.8, 1);
    expect(res.body.length).toBeLessThanOrEqual(10);
  });

  it('narrows by state', async () => {
    const res = await cities('Springfield, IL');
    expect(res.body.map((c: any) => c.label)).toEqual(['SPRINGFIELD, IL']);
  });

  it('answers an empty list when nothing matches', async () => {
    const res = await cities('Zzzyzx Qq');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('answers ERROR text for empty or one-letter text', async () => {
    for (const value of ['', 'd', '  ', '1']) {
      const res = await cities(value);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.text).toBe('ERROR Type at least 2 letters of a city');
    }
    const none = await t.call({ method: 'GET', url: '/api/LoadOrder/GetCities', as: EMAIL.dispatcher });
    expect(none.text).toBe('ERROR Type at least 2 letters of a city');
  });

  it('refuses text that is too long and people not signed in; any member may look cities up', async () => {
    expect((await cities('a'.repeat(101))).status).toBe(400);
    expect((await cities('dallas', EMAIL.driver)).status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/LoadOrder/GetCities?value=dallas' })).status).toBe(401);
  });
});
