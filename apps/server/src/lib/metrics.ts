import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Figures for Prometheus: requests and their latency by route, background jobs and their
 * failures, calls to the external board by outcome, imported rows and their pace. One registry per
 * process (metrics count what this process did; a scrape of each process adds up the cluster).
 * Served at /metrics only when METRICS_TOKEN is set, to a scraper that sends it as a bearer token.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'haulboard_' });

const requests = new Counter({
  name: 'haulboard_http_requests_total',
  help: 'HTTP requests answered, by method, route and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});
const latency = new Histogram({
  name: 'haulboard_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method and route',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});
const jobs = new Counter({
  name: 'haulboard_jobs_total',
  help: 'Background jobs run by this process, by queue and outcome (completed, failed)',
  labelNames: ['name', 'outcome'] as const,
  registers: [registry],
});
const boardCalls = new Counter({
  name: 'haulboard_board_calls_total',
  help: 'Calls to the external load board, by outcome (ok, or the refusal: rate-limited, session-expired, unavailable, …)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});
const boardLatency = new Histogram({
  name: 'haulboard_board_call_duration_seconds',
  help: 'Time the external load board took to answer',
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
  registers: [registry],
});
const importRows = new Counter({
  name: 'haulboard_import_rows_total',
  help: 'Rows read by confirmed imports, by kind',
  labelNames: ['kind'] as const,
  registers: [registry],
});
const importPace = new Gauge({
  name: 'haulboard_import_rows_per_second',
  help: 'Rows per second of the last confirmed import, by kind',
  labelNames: ['kind'] as const,
  registers: [registry],
});

export function recordJob(name: string, outcome: 'completed' | 'failed') {
  jobs.inc({ name, outcome });
}

export function recordBoardCall(outcome: string, seconds: number) {
  boardCalls.inc({ outcome });
  boardLatency.observe(seconds);
}

export function recordImport(kind: string, rows: number, seconds: number) {
  importRows.inc({ kind }, rows);
  if (seconds > 0) importPace.set({ kind }, Math.round(rows / seconds));
}

/** Counts every answered request by its route pattern (never the raw URL: ids would explode the labels). */
export function measureRequests(app: FastifyInstance) {
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? '(no route)';
    const seconds = reply.elapsedTime / 1000;
    requests.inc({ method: req.method, route, status: String(reply.statusCode) });
    latency.observe({ method: req.method, route }, seconds);
  });
}

/** GET /metrics for a scraper with the token; 404 when metrics are off, 401 without the token. */
export function mountMetrics(app: FastifyInstance, token: string | undefined) {
  if (!token) return;
  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', { config: { access: { kind: 'public' } } }, async (req, reply) => {
    const given = Buffer.from(String(req.headers.authorization ?? ''));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ statusCode: 401, code: 'UNAUTHENTICATED', message: 'Send the metrics token as a bearer token' });
    }
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(await registry.metrics());
  });
}
