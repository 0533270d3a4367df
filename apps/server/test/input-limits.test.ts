import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_DEMO_STEPS } from '../src/db/seed/demo-board';
import { errorHandler } from '../src/lib/error-handler';
import { createTestApp, EMAIL, type TTestApp } from './helpers';

/** What a person can type never ends in a bare 500, and one person cannot take the API from everyone. */

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ steps: BOARD_DEMO_STEPS, env: { API_RATE_LIMIT: '100000' } });
});
afterAll(() => t.close());

describe('numbers, text and lists a person can type', () => {
  it('refuses ids past their column with 400, not 500', async () => {
    const cases = [
      { method: 'DELETE' as const, url: '/api/Load?id=2147483648' },
      { method: 'DELETE' as const, url: '/api/Broker/DeleteBroker?brokerId=99999999999' },
      { method: 'POST' as const, url: '/api/Load/GetFilteredLoads', payload: { weekId: 2147483648 } },
      { method: 'POST' as const, url: '/api/Load/GetLoadHistory', payload: { stateId: 32768 } },
      { method: 'POST' as const, url: '/api/Auth/ChangeUserCompany', payload: { label: 'x', value: 2147483648 } },
      { method: 'POST' as const, url: '/api/Broker/AddUpdateBroker', payload: { brokerId: 0, brokerStateId: 32768 } },
    ];
    for (const c of cases) {
      const res = await t.call({ ...c, as: EMAIL.admin });
      expect(res.status, `${c.method} ${c.url}`).toBe(400);
    }
  });

  it('refuses NUL in any text with 400 naming the field', async () => {
    const res = await t.call({ method: 'POST', url: '/api/Load/GetFilteredLoads', as: EMAIL.admin, payload: { loadNumber: 'A\u0000B' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('loadNumber: Text cannot contain NUL characters');
    const query = await t.call({ method: 'POST', url: '/api/General/setServiceUrl?url=http://a%00b', as: EMAIL.admin });
    expect(query.status).toBe(400);
  });

  it('answers an unexpected failure with a request id the person can quote', async () => {
    const app = Fastify({ logger: false });
    app.setErrorHandler(errorHandler);
    app.get('/boom', async () => {
      throw new Error('disk on fire');
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.requestId).toBeTruthy();
    expect(body.message).toContain(body.requestId);
    expect(body.message).not.toContain('disk on fire');
    await app.close();
  });

  it('gives each request an id of its own across restarts, so a quoted id names one request', async () => {
    const ids: string[] = [];
    for (let run = 0; run < 2; run++) {
      const app = await createTestApp({
        extend: (a) =>
          void a.get('/test-boom', async () => {
            throw new Error('disk on fire');
          }),
      });
      try {
        for (let i = 0; i < 2; i++) {
          const res = await app.call({ method: 'GET', url: '/test-boom' });
          expect(res.status).toBe(500);
          expect(res.body.message).toContain(res.body.requestId);
          ids.push(res.body.requestId);
        }
      } finally {
        await app.close();
      }
    }
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(4);
  });
});

describe('bounded lists', () => {
  it('answers at most 1,000 loads unpaged, with the count and an INFO text past that', async () => {
    const demo = t.ids.companies.demo;
    const rowsOf = (r: any) => (Array.isArray(r) ? r : r.rows);
    const [week] = rowsOf(await t.db.execute(sql`select id from work_weeks where company_id = ${demo} order by start_date limit 1`));
    const [broker] = rowsOf(await t.db.execute(sql`select id from brokers where company_id = ${demo} limit 1`));
    await t.db.execute(sql`insert into loads (company_id, load_number, broker_id, load_start_date, load_end_date, week_id,
      origin_state_id, origin_city, destination_state_id, destination_city, trip_length, number_of_stops, price_per_mile, payout, load_status_id)
      select ${demo}, 'CAP-' || g, ${broker.id}, now(), now(), ${week.id}, 45, 'Dallas', 5, 'Fresno', 100, 2, 2, 200, 1
      from generate_series(1, 1001) g`);
    const res = await t.call({ method: 'POST', url: '/api/Load/GetFilteredLoads', as: EMAIL.admin, payload: {} });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1000);
    const total = Number(res.headers['x-total-count']);
    expect(total).toBeGreaterThan(1001);
    expect(res.headers['x-info']).toMatch(/^INFO Showing the newest 1,000 of [\d,]+ loads/);
    const few = await t.call({ method: 'POST', url: '/api/Load/GetFilteredLoads', as: EMAIL.admin, payload: { loadNumber: 'CAP-100' } });
    expect(few.body.length).toBeLessThan(1000);
    expect(few.headers['x-info']).toBeUndefined();
  });
});

describe('per-session rate limit', () => {
  it('answers 429 past the limit to that session only', async () => {
    const limited = await createTestApp({ env: { API_RATE_LIMIT: '5' } });
    try {
      const statuses = [];
      for (let i = 0; i < 7; i++) statuses.push((await limited.call({ method: 'GET', url: '/api/Lookup/GetRoles', as: EMAIL.admin })).status);
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(statuses[6]).toBe(429);
      const other = await limited.call({ method: 'GET', url: '/api/Lookup/GetRoles', as: EMAIL.dispatcher });
      expect(other.status).toBe(200);
      const refused = await limited.call({ method: 'GET', url: '/api/Lookup/GetRoles', as: EMAIL.admin });
      expect(refused.body.message).toMatch(/^Too many requests from this session/);
    } finally {
      await limited.close();
    }
  });

  it('counts one allowance per session across every API route, in the database', async () => {
    const limited = await createTestApp({ env: { API_RATE_LIMIT: '5' } });
    try {
      const statuses = [];
      for (const url of ['/api/Lookup/GetRoles', '/api/Broker', '/api/Lookup/GetRoles', '/api/Broker', '/api/Lookup/GetRoles', '/api/Broker']) {
        statuses.push((await limited.call({ method: 'GET', url, as: EMAIL.admin })).status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const [row] = (await limited.db.execute(sql`select hits from rate_limit_hits where key like 'api|session:%'`)).rows as { hits: number }[];
      expect(Number(row.hits)).toBe(6);
    } finally {
      await limited.close();
    }
  });

  it('counts cookies that name no live session by address: a new random cookie per request is no new allowance', async () => {
    const limited = await createTestApp({ env: { API_RATE_LIMIT: '5' } });
    try {
      const statuses = [];
      for (let i = 0; i < 7; i++) {
        const cookie = `hb_session=${randomBytes(24).toString('base64url')}`;
        statuses.push((await limited.call({ method: 'GET', url: '/api/Lookup/GetRoles', headers: { cookie } })).status);
      }
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses[6]).toBe(429);
      expect((await limited.call({ method: 'GET', url: '/api/Lookup/GetRoles' })).status).toBe(429);
      // A live session from the same address keeps its own allowance.
      expect((await limited.call({ method: 'GET', url: '/api/Lookup/GetRoles', as: EMAIL.admin })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
