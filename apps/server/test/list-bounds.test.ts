import { defineRoute, routesByDomain } from '@haulboard/contract';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { BOARD_DEMO_STEPS } from '../src/db/seed/demo-board';
import { capList } from '../src/lib/list-cap';
import { route } from '../src/lib/route';
import { createTestApp, EMAIL, type TTestApp } from './helpers';

/** Every list answer is bounded (issue 7): the contract declares the cap, one helper applies it. */

const testList = defineRoute({
  method: 'GET',
  path: '/api/TestOnly/Things',
  summary: 'Test-only list that reads every row',
  tag: 'TestOnly',
  access: { kind: 'member' },
  query: z.object({ n: z.coerce.number().int().min(0).max(100) }),
  response: z.array(z.object({ n: z.number() })),
  list: { cap: 3, noun: 'things' },
});

const fakeReply = () => {
  const headers: Record<string, string> = {};
  const reply = {
    header(k: string, v: string) {
      headers[k] = v;
      return reply;
    },
  } as unknown as FastifyReply;
  return { reply, headers };
};

describe('capList', () => {
  it('answers rows that fit as they are, without counting', async () => {
    const { reply, headers } = fakeReply();
    const count = vi.fn(async () => 99);
    expect(await capList(reply, testList, [1, 2, 3], count)).toEqual([1, 2, 3]);
    expect(count).not.toHaveBeenCalled();
    expect(headers).toEqual({});
  });

  it('cuts rows past the cap and says how many the request selected', async () => {
    const { reply, headers } = fakeReply();
    expect(await capList(reply, testList, [1, 2, 3, 4], async () => 4210)).toEqual([1, 2, 3]);
    expect(headers).toEqual({ 'x-total-count': '4210', 'x-info': 'INFO Showing the first 3 of 4,210 things. The rest are not listed.' });
  });

  it('names the paged twin of the load lists by its route', async () => {
    const { reply, headers } = fakeReply();
    const rows = Array.from({ length: 1001 }, (_, i) => i);
    expect(await capList(reply, routesByDomain.loads.getLoadHistory, rows, async () => 8950)).toHaveLength(1000);
    expect(headers['x-info']).toBe('INFO Showing the newest 1,000 of 8,950 loads. Narrow the filter, or page through them with GetLoadHistoryPage.');
  });

  it('refuses a route that declares no cap (a programming error, found by its first call)', async () => {
    const { reply } = fakeReply();
    await expect(capList(reply, routesByDomain.lookups.getRoles, [], async () => 0)).rejects.toThrow('declares no list cap');
  });
});

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({
    steps: BOARD_DEMO_STEPS,
    env: { API_RATE_LIMIT: '100000' },
    extend: (app) => route(app, testList, async (req) => Array.from({ length: req.query.n }, (_, n) => ({ n }))),
  });
});
afterAll(() => t.close());

const rowsOf = (r: any) => (Array.isArray(r) ? r : r.rows);

describe('capped lists over the API', () => {
  it('a handler that reads every row still answers at most the cap, with the count and the INFO text', async () => {
    const few = await t.call({ method: 'GET', url: '/api/TestOnly/Things?n=3', as: EMAIL.admin });
    expect(few.body).toHaveLength(3);
    expect(few.headers['x-info']).toBeUndefined();
    const many = await t.call({ method: 'GET', url: '/api/TestOnly/Things?n=5', as: EMAIL.admin });
    expect(many.body).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }]);
    expect(many.headers['x-total-count']).toBe('5');
    expect(many.headers['x-info']).toBe('INFO Showing the first 3 of 5 things. The rest are not listed.');
  });

  it('the load history past 1,000 loads points to its own paged list, GetLoadHistoryPage', async () => {
    const demo = t.ids.companies.demo;
    const [week] = rowsOf(await t.db.execute(sql`select id from work_weeks where company_id = ${demo} order by start_date limit 1`));
    const [broker] = rowsOf(await t.db.execute(sql`select id from brokers where company_id = ${demo} limit 1`));
    await t.db.execute(sql`insert into loads (company_id, load_number, broker_id, load_start_date, load_end_date, week_id,
      origin_state_id, origin_city, destination_state_id, destination_city, trip_length, number_of_stops, price_per_mile, payout, load_status_id)
      select ${demo}, 'HIST-' || g, ${broker.id}, now(), now(), ${week.id}, 45, 'Dallas', 5, 'Fresno', 100, 2, 2, 200, 1
      from generate_series(1, 1001) g`);
    const res = await t.call({ method: 'POST', url: '/api/Load/GetLoadHistory', as: EMAIL.admin, payload: {} });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1000);
    const total = Number(res.headers['x-total-count']);
    expect(total).toBeGreaterThan(1001);
    expect(res.headers['x-info']).toBe(
      `INFO Showing the newest 1,000 of ${total.toLocaleString('en-US')} loads. Narrow the filter, or page through them with GetLoadHistoryPage.`,
    );
    const board = await t.call({ method: 'POST', url: '/api/Load/GetFilteredLoads', as: EMAIL.admin, payload: {} });
    expect(board.headers['x-info']).toMatch(/page through them with GetFilteredLoadsPage\.$/);
  });

  it('answers the first 5,000 brokers of a company with more, in the broker table and the broker list', async () => {
    const demo = t.ids.companies.demo;
    await t.db.execute(sql`insert into brokers (company_id, name, address, city, state_id, zip_code, phone_number, email)
      select ${demo}, 'Cap Broker ' || lpad(g::text, 5, '0'), '1 Main St', 'Dallas', 45, '75201', '2145550100', 'cap@example.test'
      from generate_series(1, 5001) g`);
    const [{ n }] = rowsOf(await t.db.execute(sql`select count(*)::int as n from brokers where company_id = ${demo}`));
    const table = await t.call({ method: 'GET', url: '/api/Broker', as: EMAIL.admin });
    expect(table.status).toBe(200);
    expect(table.body).toHaveLength(5000);
    expect(table.headers['x-total-count']).toBe(String(n));
    expect(table.headers['x-info']).toBe(`INFO Showing the first 5,000 of ${Number(n).toLocaleString('en-US')} brokers. The rest are not listed.`);
    const lookup = await t.call({ method: 'GET', url: '/api/Lookup/GetBrokerList', as: EMAIL.admin });
    expect(lookup.body).toHaveLength(5000);
    expect(lookup.headers['x-info']).toMatch(/^INFO Showing the first 5,000 of [\d,]+ brokers\./);
    // Another company's list is its own: the cap counts only the company's rows.
    const other = await t.call({ method: 'GET', url: '/api/Broker', as: EMAIL.secondAdmin });
    expect(other.headers['x-info']).toBeUndefined();
  });

  it('answers the newest 200 imports and says older ones are not listed', async () => {
    const demo = t.ids.companies.demo;
    await t.db.execute(sql`insert into imports (company_id, kind, file_name, layout, rows_read, rows_added, rows_duplicate, rows_flagged, rows_refused, created_on)
      select ${demo}, 'fuel', 'fuel-' || g || '.csv', 'EFS (WEX)', 1, 1, 0, 0, 0, now() - make_interval(mins => g)
      from generate_series(1, 201) g`);
    const res = await t.call({ method: 'GET', url: '/api/Imports?kind=fuel', as: EMAIL.admin });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(200);
    expect(res.body[0].fileName).toBe('fuel-1.csv');
    expect(res.headers['x-info']).toBe('INFO Showing the newest 200 of 201 imports. Older imports are not listed.');
  });

  it('lists under their cap answer whole, with no INFO', async () => {
    const urls = [
      { method: 'GET' as const, url: '/api/Expense' },
      { method: 'GET' as const, url: '/api/auth/GetUsers' },
      { method: 'GET' as const, url: '/api/CookieAdmin' },
      { method: 'GET' as const, url: '/api/LoadOrder' },
      { method: 'GET' as const, url: '/api/Lookup/GetCompanyDrivers' },
      { method: 'GET' as const, url: '/api/Lookup/GetIftaDrivers' },
      { method: 'GET' as const, url: '/api/LoadOrder/GetCompanyDrivers' },
      { method: 'GET' as const, url: '/api/Lookup/GetCompanyList' },
      { method: 'POST' as const, url: '/api/Accounting/GetIftaMiles', payload: {} },
    ];
    for (const c of urls) {
      const res = await t.call({ ...c, as: EMAIL.admin });
      expect(res.status, c.url).toBe(200);
      expect(Array.isArray(res.body), c.url).toBe(true);
      expect(res.headers['x-info'], c.url).toBeUndefined();
      expect(res.headers['x-total-count'], c.url).toBeUndefined();
    }
  });
});
