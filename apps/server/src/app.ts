import { randomBytes, randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_REQUEST_HEADER } from '@haulboard/contract';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { createJsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { refuseOtherCompany } from './access/company-header';
import { refuseForgery } from './access/forgery';
import { accessGuard, sessionContextOf } from './access/guard';
import { idempotency } from './access/idempotency';
import { refuseDisguisedPaths } from './access/plain-path';
import { proxyTrust } from './access/proxies';
import { redirectToPublicHost } from './access/public-host';
import { limitApiPerSession, signInLimit } from './access/rate-limits';
import { databaseRateStore } from './access/rate-store';
import { mountDevProvider } from './auth/dev-provider';
import { createOidcClient } from './auth/oidc-client';
import { repoRoot, type TConfig } from './config';
import type { TDatabase } from './db/client';
import { createFileStore } from './files/file-store';
import type { TFileStore } from './files/store';
import { scheduleHousekeeping, type TJobs } from './jobs';
import { errorHandler, refuseNulBytes } from './lib/error-handler';
import { unauthenticated } from './lib/errors';
import { bindRoute } from './lib/logging';
import { measureRequests, mountMetrics } from './lib/metrics';
import { decodedPathOf, isApiPath, isApiRequest, rawPathOf } from './lib/paths';
import { collectRoutes } from './lib/route-table';
import { uploads } from './lib/upload';
import { mountDemoBoard } from './loadboard/demo-board';
import { scheduleSessionRefresh } from './loadboard/jobs';
import { type TVault, vaultFromConfig } from './loadboard/vault';
import { accountingModule } from './modules/accounting';
import { authModule } from './modules/auth';
import { brokersModule } from './modules/brokers';
import { cookiesModule } from './modules/cookies';
import { driverDashboardModule } from './modules/driver-dashboard';
import { expensesModule } from './modules/expenses';
import { fuelModule } from './modules/fuel';
import { healthModule } from './modules/health';
import { importsModule } from './modules/imports';
import { loadOrdersModule, scheduleOrderJobs, startOrderEngine, type TEngineOptions, type TOrderEngine } from './modules/load-orders';
import { loadSearchModule } from './modules/load-search';
import { loadsModule } from './modules/loads';
import { lookupsModule } from './modules/lookups';
import { permissionsModule } from './modules/permissions';
import { settingsModule } from './modules/settings';
import { carriedDashboardLines, frozenDashboard, settlementsModule } from './modules/settlements';
import { usersModule } from './modules/users';
import { workWeeksModule } from './modules/work-weeks';

export type TAppDeps = {
  config: TConfig;
  database: TDatabase;
  logger?: FastifyServerOptions['logger'];
  /** A logger to use as it is (tests capture what is logged). */
  loggerInstance?: FastifyBaseLogger;
  /** Seals the external board's sessions; from configuration when not given. */
  vault?: TVault;
  /**
   * Background jobs (jobs/startJobs). When given, the app schedules its housekeeping on them,
   * offers them to modules as `app.jobs`, and stops them when it closes. Tests without jobs leave it out.
   */
  jobs?: TJobs;
  /**
   * The load-order engine: runs with the jobs unless false (or config ORDER_ENGINE=off); options
   * here start it even without jobs (tests).
   */
  engine?: false | TEngineOptions;
  /** Mounts the simulated load board under /demo-board (demo mode only; refused in production). */
  demoBoard?: boolean;
  /** Folder of the built web app; served with an SPA fallback when it exists. */
  webDist?: string | null;
  /** Where files live; from configuration when not given (FILES_DIR: disk, else the database). */
  files?: TFileStore;
};

declare module 'fastify' {
  interface FastifyInstance {
    jobs: TJobs | null;
    /** The load-order engine of this server, when it runs. */
    orderEngine: TOrderEngine | null;
    /** What this process does (HAULBOARD_ROLE). */
    role: TConfig['role'];
    /** The one place files are put, read and deleted (files/store.ts). */
    files: TFileStore;
  }
}

export const defaultWebDist = path.join(repoRoot, 'apps/web/dist');

export async function buildApp(deps: TAppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const db = database.db;
  const vault = deps.vault ?? vaultFromConfig(config);
  // Only the configured proxies may name the client's address and protocol (none by default).
  const trusted = proxyTrust(config.trustProxy);
  // Marks the server's own in-process calls to its built-in provider (not rate limited).
  const internalMark = { header: 'x-haulboard-internal', value: randomBytes(24).toString('hex') };
  const app = Fastify({
    ...(deps.loggerInstance ? { loggerInstance: deps.loggerInstance } : { logger: deps.logger ?? false }),
    trustProxy: trusted ? (address: string) => trusted(address) : false,
    bodyLimit: 1024 * 1024,
    // The id a person quotes from an error names one request, across restarts and processes.
    genReqId: () => randomUUID(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  measureRequests(app);
  collectRoutes(app);
  app.decorate('jobs', deps.jobs ?? null);
  app.decorate('role', config.role);
  app.decorate('files', deps.files ?? createFileStore({ db, filesDir: config.filesDir }));
  if (deps.jobs) {
    const jobs = deps.jobs;
    app.addHook('onClose', async () => jobs.stop());
    await scheduleHousekeeping(jobs, { db, files: app.files });
    await scheduleSessionRefresh(jobs, { db, vault, log: app.log });
    await scheduleOrderJobs(jobs, { db });
  }
  // The engine tells this server's order-event streams at once; streams also see other servers' changes in the database.
  const orderChanges = new EventEmitter();
  let engine: TOrderEngine | null = null;
  if (deps.engine !== false && (deps.engine || (deps.jobs && config.orderEngine))) {
    engine = startOrderEngine(db, vault, {
      requestsPerSecond: config.boardRequestsPerSecond,
      log: app.log,
      onChange: (change) => orderChanges.emit('change', change),
      ...(deps.engine || {}),
    });
    const started = engine;
    app.addHook('onClose', async () => started.stop());
  }
  app.decorate('orderEngine', engine);

  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        formAction: ["'self'", ...(config.oidc.builtIn ? [] : [new URL(config.oidc.issuer).origin])],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    strictTransportSecurity: config.secureCookies,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (req, reply) => {
    bindRoute(req, reply);
    // On the raw response, so the built-in provider's own (hijacked) answers carry it too.
    reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
    // API answers hold a company's data: no browser or proxy keeps a copy.
    if (isApiRequest(req)) reply.header('cache-control', 'no-store');
  });
  // Before every check that reads the path (each reads it as the router does), after the headers every answer carries.
  refuseDisguisedPaths(app);
  redirectToPublicHost(app, { publicUrl: config.publicUrl, fromTrustedProxy: (req) => !!trusted?.(req.raw.socket?.remoteAddress) });
  refuseForgery(app, { publicUrl: config.publicUrl });
  // The sign-in routes have their own limit (per address); every API route is limited per session.
  limitApiPerSession(app, { perMinute: config.apiRateLimit, db });
  // Counted in the database: every server process on one PostgreSQL limits as one.
  await app.register(rateLimit, { global: false, store: databaseRateStore(db) });
  await app.register(uploads);
  if (config.production) {
    // In production the API's map is for signed-in people only.
    app.addHook('onRequest', async (req) => {
      const pathname = decodedPathOf(req.url);
      const route = req.routeOptions.url ?? '';
      const isDocs = (p: string) => p === '/api/docs' || p.startsWith('/api/docs/');
      if (!isDocs(pathname) && !isDocs(route)) return;
      if (!(await sessionContextOf(db, req))) throw unauthenticated();
    });
  }
  await app.register(swagger, {
    openapi: {
      info: { title: 'Haulboard API', version: '1.0.0', description: 'The back office of a trucking company.' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'hb_session', description: 'The session cookie set by signing in (/auth/login).' },
          appRequest: {
            type: 'apiKey',
            in: 'header',
            name: APP_REQUEST_HEADER.name,
            description: `Every write (POST, PUT, DELETE, and reads declared at a write level) must send \`${APP_REQUEST_HEADER.name}: ${APP_REQUEST_HEADER.value}\`, and a JSON body as \`application/json\`; without it the request is refused with 403. It proves the request comes from a client of Haulboard's, not from a page of another site.`,
          },
        },
      },
      security: [{ session: [] }],
    },
    transform: createJsonSchemaTransform({ skipList: [] }),
    hideUntagged: true,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(accessGuard, { db, sessionIdleHours: config.sessionIdleHours });
  // After the guard (401/403 first), before the route's own validation.
  app.addHook('preValidation', refuseOtherCompany);
  app.addHook('preValidation', refuseNulBytes);
  await app.register(idempotency, { db });

  await app.register(healthModule, { database, jobs: deps.jobs ?? null });
  mountMetrics(app, config.metricsToken);
  if (config.role === 'worker') {
    // A worker runs the jobs and the engine (above) and answers only its health: people use the web processes.
    app.setNotFoundHandler((req, reply) => {
      reply.code(404).send({ statusCode: 404, code: 'NOT_FOUND', message: `No route ${req.method} ${decodedPathOf(req.url)}: this is a worker process (HAULBOARD_ROLE=worker)` });
    });
    return app;
  }

  const oidc = createOidcClient({
    issuer: config.oidc.issuer,
    clientId: config.oidc.clientId,
    clientSecret: config.oidc.clientSecret,
    // The built-in provider lives in this process: answer its requests without a network hop.
    fetch: config.oidc.builtIn ? inProcessFetch(app, config.publicUrl, internalMark) : undefined,
  });
  if (config.oidc.builtIn) {
    await mountDevProvider(app, {
      db,
      issuer: config.oidc.issuer,
      clientId: config.oidc.clientId,
      clientSecret: config.oidc.clientSecret,
      redirectUri: `${config.publicUrl}/auth/callback`,
      postLogoutRedirectUri: `${config.publicUrl}/`,
      cookieSecret: config.sessionSecret,
      publicUrl: config.publicUrl,
      rateLimit: signInLimit(internalMark),
    });
  }

  await app.register(authModule, {
    db,
    oidc,
    issuer: config.oidc.issuer,
    requireEmailVerified: config.requireEmailVerified,
    publicUrl: config.publicUrl, secureCookies: config.secureCookies, sessionIdleHours: config.sessionIdleHours, signInLimit: signInLimit(internalMark) });
  await app.register(usersModule, { db });
  await app.register(lookupsModule, { db });
  await app.register(brokersModule, { db });
  await app.register(loadsModule, { db });
  await app.register(workWeeksModule, { db });
  await app.register(settingsModule, { db });
  await app.register(permissionsModule, { db });
  await app.register(cookiesModule, { db, vault });
  await app.register(loadOrdersModule, { db, changes: orderChanges, listen: database.listen });
  await app.register(loadSearchModule, { db, vault });
  await app.register(fuelModule, { db });
  await app.register(driverDashboardModule, { db, frozen: frozenDashboard, carried: carriedDashboardLines });
  await app.register(settlementsModule, { db });
  await app.register(accountingModule, { db, vault });
  await app.register(expensesModule, { db });
  await app.register(importsModule, { db });
  if (deps.demoBoard) await mountDemoBoard(app, { production: config.production, db });

  const webDist = deps.webDist === undefined ? defaultWebDist : deps.webDist;
  if (webDist) {
    // Looked up per request, so a rebuild of the web app is picked up without a restart.
    fs.mkdirSync(webDist, { recursive: true });
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
    app.get('/*', { config: { access: { kind: 'public' } } }, async (req, reply) => {
      const file = rawPathOf(req.url);
      // A missing API route is missing, not the web app: clients and monitors must see a 404.
      const decoded = decodedPathOf(req.url);
      if (isApiPath(decoded)) return reply.code(404).send({ statusCode: 404, code: 'NOT_FOUND', message: `No route ${req.method} ${decoded}` });
      const candidate = path.join(webDist, path.normalize(file));
      if (candidate.startsWith(webDist) && path.extname(file) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) {
        const immutable = file.startsWith('/assets/');
        return reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache').sendFile(file);
      }
      if (path.extname(file) && !file.endsWith('.html')) return reply.code(404).send({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found' });
      if (!fs.existsSync(path.join(webDist, 'index.html'))) {
        return reply.code(503).type('text/plain; charset=utf-8').send('The web app is not built yet. Run `npm run build`, or start with `npm start`.');
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  }
  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send({ statusCode: 404, code: 'NOT_FOUND', message: `No route ${req.method} ${decodedPathOf(req.url)}` });
  });
  return app;
}

/** Powerful browser features the app never uses are off for it and anything it could embed. */
const PERMISSIONS_POLICY = 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

/** A fetch that answers requests to this server's own address through inject(). */
function inProcessFetch(app: FastifyInstance, publicUrl: string, mark: { header: string; value: string }) {
  return async (url: string, init: RequestInit = {}) => {
    const target = new URL(url);
    if (target.origin !== new URL(publicUrl).origin) return fetch(url, init);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const res = await app.inject({
      method: (init.method ?? 'GET') as any,
      url: target.pathname + target.search,
      headers: { ...headers, host: target.host, [mark.header]: mark.value },
      payload: init.body instanceof URLSearchParams ? init.body.toString() : (init.body as any),
    });
    const out = new Headers();
    for (const [key, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) out.append(key, String(v));
    }
    return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers: out });
  };
}
