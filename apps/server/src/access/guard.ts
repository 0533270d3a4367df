import { accessObjects, isAccessSufficient, TEXT, type TRouteAccess } from '@haulboard/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { TOUCH_EVERY_SECONDS, touchSession } from '../auth/sessions';
import type { TDb } from '../db/client';
import { continueAsCompany } from '../db/scope';
import { AppError, forbidden, unauthenticated } from '../lib/errors';
import { bindCompany } from '../lib/logging';
import { loadContext, type TRequestContext } from './context';

export const SESSION_COOKIE = 'hb_session';

declare module 'fastify' {
  interface FastifyRequest {
    ctx: TRequestContext;
  }
}

const contexts = new WeakMap<FastifyRequest, Promise<TRequestContext | null>>();

/**
 * The live session a request's cookie names, with its person and permissions; null without a
 * cookie or for one that names no live session. Looked up once per request: the rate limit (which
 * runs first) and the guard both ask.
 */
export function sessionContextOf(db: TDb, req: FastifyRequest): Promise<TRequestContext | null> {
  const token = req.cookies?.[SESSION_COOKIE];
  if (!token) return Promise.resolve(null);
  let found = contexts.get(req);
  if (!found) {
    found = loadContext(db, token);
    contexts.set(req, found);
  }
  return found;
}

/** Decides, for one declared access, whether a context may pass; throws the refusal. */
export function enforce(access: TRouteAccess, ctx: TRequestContext | null): asserts ctx is TRequestContext {
  if (access.kind === 'public') return;
  if (!ctx) throw unauthenticated();
  if (access.kind === 'signedIn') return;
  if (ctx.accessRemoved) throw forbidden(TEXT.accessRemoved);
  if (!ctx.companyId || !ctx.roleId) throw forbidden('Your account is waiting for approval by the company administrator');
  if (access.kind === 'member') return;
  // One object, any of several, or any kind's page (the kind's own page is checked by the handler: perKind).
  const objects: readonly string[] = accessObjects(access);
  const held = ctx.permissions.filter((p) => objects.includes(p.objectName));
  if (!held.some((p) => isAccessSufficient(access.level, p.accessType))) throw forbidden();
}

/** The one access guard: every route states who may call it, and a route that states nothing is
 * refused outright so that a forgotten declaration fails closed. */
export const accessGuard = fp(async (app: FastifyInstance, opts: { db: TDb; sessionIdleHours: number }) => {
  app.decorateRequest('ctx', null as unknown as TRequestContext);
  app.addHook('preValidation', async (req: FastifyRequest, reply: FastifyReply) => {
    const access = req.routeOptions.config?.access;
    if (!access) {
      if (req.routeOptions.url === undefined) return; // not-found handler
      if (isInfrastructureRoute(req.routeOptions.url)) return;
      throw new AppError('FORBIDDEN', 'This route declares no access and is closed');
    }
    const ctx = await sessionContextOf(opts.db, req);
    enforce(access, ctx);
    if (ctx) {
      req.ctx = ctx;
      bindCompany(req, reply, { companyId: ctx.companyId ?? null, userId: ctx.user.id });
      if (needsTouch(ctx, opts.sessionIdleHours)) await touchSession(opts.db, ctx.sessionId, opts.sessionIdleHours);
    }
  });
  // From here on (the route's own hooks, the handler, the reply) the request's statements run as
  // haulboard_app with the active company of a member route, or with no company at all: the
  // database's row-level security backs the queries' own conditions (decision 018). Before this
  // hook (the rate limit, reading the session above) they run as the system.
  app.addHook('preValidation', (req: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    continueAsCompany(actingCompanyOf(req), done);
  });
});

/** The company a request acts for: the session's active company on a member route, else none. */
function actingCompanyOf(req: FastifyRequest): number | null {
  const kind = req.routeOptions.config?.access?.kind;
  if (!kind || kind === 'public' || kind === 'signedIn') return null;
  return req.ctx?.companyId ?? null;
}

/** The idle limit moves forward at most once a minute: most requests write nothing. */
const needsTouch = (ctx: TRequestContext, idleHours: number) =>
  ctx.idleSecondsLeft === undefined || !(ctx.idleSecondsLeft > idleHours * 3600 - TOUCH_EVERY_SECONDS);

/** Routes added by plugins (static files, OpenAPI UI) that serve no company data. */
export function isInfrastructureRoute(url: string) {
  return url.startsWith('/api/docs') || !url.startsWith('/api');
}
