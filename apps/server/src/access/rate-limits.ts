import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TDb } from '../db/client';
import { isInfrastructureRoute, sessionContextOf } from './guard';

/**
 * One person cannot take the API from everyone else: every /api route is limited per live session
 * to `perMinute` requests, and requests without one (no cookie, or a cookie that names no live
 * session: a new random one per request must not be a new allowance) per client address. Routes that set their own
 * limit (sign-in) keep it. Add this hook before @fastify/rate-limit is registered: that plugin
 * reads each route's `config.rateLimit` as the route is added.
 */
export function limitApiPerSession(app: FastifyInstance, opts: { perMinute: number; db: TDb }) {
  const { perMinute, db } = opts;
  if (!perMinute) return;
  app.addHook('onRoute', (route) => {
    if (isInfrastructureRoute(route.url) || route.config?.rateLimit !== undefined) return;
    route.config = {
      ...route.config,
      rateLimit: {
        max: perMinute,
        timeWindow: '1 minute',
        // One count per session across every API route (access/rate-store.ts).
        bucket: 'api',
        keyGenerator: (req: FastifyRequest) => sessionKey(db, req),
        errorResponseBuilder: (_req: FastifyRequest, context: { after: string }) => ({
          statusCode: 429,
          code: 'RATE_LIMITED',
          message: `Too many requests from this session. Please wait ${context.after} and try again.`,
        }),
      },
    } as typeof route.config;
  });
}

/** The address is the peer's, or the one a configured proxy (TRUST_PROXY) names. */
async function sessionKey(db: TDb, req: FastifyRequest) {
  const ctx = await sessionContextOf(db, req);
  return ctx ? `session:${ctx.sessionId}` : `address:${req.ip}`;
}

/**
 * Sign-in, per client address: the app's /auth routes and the built-in provider's own endpoints.
 * The address is the peer's, or the one a configured proxy (TRUST_PROXY) names: a client cannot
 * pick a new one per request. The server's own calls to its built-in provider (in-process, marked
 * with a per-process secret) are not counted against anyone.
 */
export function signInLimit(internalMark: { header: string; value: string }) {
  return {
    max: 120,
    timeWindow: '1 minute',
    allowList: (req: FastifyRequest) => req.headers[internalMark.header] === internalMark.value,
  };
}
