import { healthRoutes } from '@haulboard/contract';
import type { FastifyInstance } from 'fastify';
import type { TDatabase } from '../../db/client';
import { route } from '../../lib/route';

export async function healthModule(app: FastifyInstance, { database }: { database: TDatabase }) {
  route(app, healthRoutes.health, async (_req, reply) => {
    const up = await database.ping();
    if (!up) reply.code(503);
    return { status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down', time: new Date().toISOString() } as const;
  });
}
