import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TDb } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { badRequest, conflict } from '../lib/errors';

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: { userId: number; route: string; key: string } | null;
  }
}

const HEADER = 'idempotency-key';
/** A request still 'pending' after this long died with its process: a retry may run it again. */
const PENDING_STALE_SECONDS = 120;

export const KEY_REUSED = 'This form was already sent with other values. Close it and open it again.';
export const STILL_RUNNING = 'This request is still being processed. Wait a moment, then check the list before trying again.';

/**
 * Mutations sent with an `Idempotency-Key` header (the web sends one per opened form) run once:
 * the first request runs and its successful answer is kept; a retry or a doubled click with the
 * same key gets that same answer without doing the work again. A refusal (4xx) or a failure (5xx)
 * is not kept, so the person can correct the form and save again with the same key.
 */
export const idempotency = fp(async (app: FastifyInstance, { db }: { db: TDb }) => {
  app.decorateRequest('idempotency', null);

  app.addHook('preHandler', async (req, reply) => {
    const key = req.headers[HEADER];
    if (req.method === 'GET' || req.method === 'HEAD' || typeof key !== 'string' || !key || !req.ctx?.user) return;
    if (key.length > 200) throw badRequest(HEADER, 'The Idempotency-Key header is at most 200 characters');
    const userId = req.ctx.user.id;
    const route = `${req.method} ${req.routeOptions.url}`;
    const requestHash = hashOf(req);
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ userId, route, key, requestHash, state: 'pending' })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length) {
      req.idempotency = { userId, route, key };
      return;
    }
    const where = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.route, route), eq(idempotencyKeys.key, key));
    const [row] = await db
      .select({
        requestHash: idempotencyKeys.requestHash,
        state: idempotencyKeys.state,
        status: idempotencyKeys.status,
        contentType: idempotencyKeys.contentType,
        body: idempotencyKeys.body,
        stale: sql<boolean>`${idempotencyKeys.createdOn} < now() - make_interval(secs => ${PENDING_STALE_SECONDS})`,
      })
      .from(idempotencyKeys)
      .where(where);
    if (!row) return; // finished and forgotten in between: run it
    if (row.requestHash !== requestHash) throw conflict(KEY_REUSED);
    if (row.state === 'done') {
      reply.code(row.status ?? 200).header('idempotent-replayed', 'true');
      if (row.contentType) reply.header('content-type', row.contentType);
      return reply.send(row.body ?? '');
    }
    if (!row.stale) throw conflict(STILL_RUNNING);
    await db.update(idempotencyKeys).set({ createdOn: sql`now()` as any }).where(where);
    req.idempotency = { userId, route, key };
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const idem = req.idempotency;
    if (!idem) return payload;
    const where = and(eq(idempotencyKeys.userId, idem.userId), eq(idempotencyKeys.route, idem.route), eq(idempotencyKeys.key, idem.key));
    if (reply.statusCode >= 200 && reply.statusCode < 300 && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
      const contentType = reply.getHeader('content-type');
      await db
        .update(idempotencyKeys)
        .set({ state: 'done', status: reply.statusCode, contentType: contentType ? String(contentType) : null, body: String(payload) })
        .where(where);
    } else {
      await db.delete(idempotencyKeys).where(where);
    }
    return payload;
  });
});

function hashOf(req: FastifyRequest) {
  return createHash('sha256')
    .update(JSON.stringify({ body: req.body ?? null, query: req.query ?? null, company: req.ctx?.companyId ?? null }))
    .digest('base64url');
}

/** How long a kept answer is replayed. */
export const IDEMPOTENCY_KEEP_HOURS = 24;

/** Forgets answers older than a day at `now` (run by a scheduled job); the count forgotten. */
export async function purgeIdempotencyKeys(db: TDb, now: Date, olderThanHours = IDEMPOTENCY_KEEP_HOURS) {
  const before = new Date(now.getTime() - olderThanHours * 3600_000).toISOString();
  const deleted = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdOn, before)).returning({ key: idempotencyKeys.key });
  return deleted.length;
}
