import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  createJsonSchemaTransform,
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { accessGuard } from './access/guard';
import { mountDevProvider } from './auth/dev-provider';
import { createOidcClient } from './auth/oidc-client';
import { repoRoot, type TConfig } from './config';
import type { TDatabase } from './db/client';
import { AppError, STATUS_OF } from './lib/errors';
import { collectRoutes } from './lib/route-table';
import { authModule } from './modules/auth/routes';
import { brokersModule } from './modules/brokers/routes';
import { healthModule } from './modules/health/routes';
import { loadsModule } from './modules/loads/routes';
import { lookupsModule } from './modules/lookups/routes';
import { boardLookupsModule } from './modules/lookups-board/routes';
import { permissionsModule } from './modules/permissions/routes';
import { settingsModule } from './modules/settings/routes';
import { usersModule } from './modules/users/routes';
import { workWeeksModule } from './modules/work-weeks/routes';

export type TAppDeps = {
  config: TConfig;
  database: TDatabase;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app; served with an SPA fallback when it exists. */
  webDist?: string | null;
};

export const defaultWebDist = path.join(repoRoot, 'apps/web/dist');

export async function buildApp(deps: TAppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const db = database.db;
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  collectRoutes(app);

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
  // Only the sign-in routes are limited (per address); API routes are behind a session.
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Haulboard API', version: '1.0.0', description: 'The back office of a trucking company.' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'hb_session' } } },
      security: [{ session: [] }],
    },
    transform: createJsonSchemaTransform({ skipList: [] }),
    hideUntagged: true,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(accessGuard, { db });

  const oidc = createOidcClient({
    issuer: config.oidc.issuer,
    clientId: config.oidc.clientId,
    clientSecret: config.oidc.clientSecret,
    // The built-in provider lives in this process: answer its requests without a network hop.
    fetch: config.oidc.builtIn ? inProcessFetch(app, config.publicUrl) : undefined,
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
    });
  }

  await app.register(healthModule, { database });
  await app.register(authModule, { db, oidc, publicUrl: config.publicUrl, secureCookies: config.secureCookies });
  await app.register(usersModule, { db });
  await app.register(lookupsModule, { db });
  await app.register(boardLookupsModule, { db });
  await app.register(brokersModule, { db });
  await app.register(loadsModule, { db });
  await app.register(workWeeksModule, { db });
  await app.register(settingsModule, { db });
  await app.register(permissionsModule, { db });

  const webDist = deps.webDist === undefined ? defaultWebDist : deps.webDist;
  if (webDist) {
    // Looked up per request, so a rebuild of the web app is picked up without a restart.
    fs.mkdirSync(webDist, { recursive: true });
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
    app.get('/*', { config: { access: { kind: 'public' } } }, async (req, reply) => {
      const file = req.url.split('?')[0];
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
    reply.code(404).send({ statusCode: 404, code: 'NOT_FOUND', message: `No route ${req.method} ${req.url.split('?')[0]}` });
  });
  return app;
}

function errorHandler(this: FastifyInstance, error: FastifyError, req: any, reply: any) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fieldErrors: Record<string, string[]> = {};
    for (const v of error.validation) {
      const key = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || (v.params as any)?.issue?.path?.join('.') || '_';
      fieldErrors[key] = [...(fieldErrors[key] ?? []), v.message ?? 'Invalid value'];
    }
    const [field, messages] = Object.entries(fieldErrors)[0];
    return reply.code(400).send({ statusCode: 400, code: 'BAD_REQUEST', message: `${field}: ${messages[0]}`, fieldErrors });
  }
  if (error instanceof AppError) {
    const status = STATUS_OF[error.code];
    if (error.code === 'REFUSED' || error.code === 'CONFLICT') {
      return reply.code(status).type('text/plain; charset=utf-8').send(error.message);
    }
    return reply.code(status).send({ statusCode: status, code: error.code, message: error.message, fieldErrors: error.fieldErrors });
  }
  const status = error.statusCode ?? 500;
  if (status < 500) {
    return reply.code(status).send({ statusCode: status, code: error.code ?? 'BAD_REQUEST', message: error.message });
  }
  req.log.error({ err: error }, 'request failed');
  return reply.code(500).send({ statusCode: 500, code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' });
}

/** A fetch that answers requests to this server's own address through inject(). */
function inProcessFetch(app: FastifyInstance, publicUrl: string) {
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
      headers: { ...headers, host: target.host },
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
