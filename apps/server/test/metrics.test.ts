import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, EMAIL, type TTestApp } from './helpers';

/** GET /metrics: off unless METRICS_TOKEN is set; then for a scraper with the token only. */
const TOKEN = 'metrics-token-0123456789abcdef';
let t: TTestApp;
let off: TTestApp;

beforeAll(async () => {
  [t, off] = await Promise.all([createTestApp({ env: { METRICS_TOKEN: TOKEN } }), createTestApp()]);
});
afterAll(async () => {
  await Promise.all([t.close(), off.close()]);
});

describe('Prometheus metrics', () => {
  it('are off by default', async () => {
    expect((await off.call({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });

  it('need the token, and are never shown to a signed-in person without it', async () => {
    expect((await t.call({ method: 'GET', url: '/metrics' })).status).toBe(401);
    expect((await t.call({ method: 'GET', url: '/metrics', as: EMAIL.admin })).status).toBe(401);
    expect((await t.call({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-0123456789ab' } })).status).toBe(401);
  });

  it('count requests and their latency by route pattern, never by raw URL', async () => {
    await t.call({ method: 'GET', url: '/api/Broker', as: EMAIL.dispatcher });
    await t.call({ method: 'GET', url: '/api/Load/GetLoadById?id=987654321', as: EMAIL.dispatcher });
    const res = await t.call({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toMatch(/haulboard_http_requests_total\{method="GET",route="\/api\/Broker",status="200"\} \d+/);
    expect(res.text).toMatch(/haulboard_http_request_duration_seconds_bucket\{le="0\.5",method="GET",route="\/api\/Broker"\} \d+/);
    expect(res.text).not.toContain('987654321');
    for (const name of ['haulboard_jobs_total', 'haulboard_board_calls_total', 'haulboard_import_rows_total', 'haulboard_process_cpu_seconds_total']) {
      expect(res.text).toContain(`# TYPE ${name}`);
    }
  });
});
