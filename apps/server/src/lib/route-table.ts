import type { TRouteAccess } from '@haulboard/contract';
import type { FastifyInstance } from 'fastify';

export type TRouteEntry = { method: string; url: string; access: TRouteAccess | undefined };

const tables = new WeakMap<FastifyInstance, TRouteEntry[]>();

/** Records every route with its declared access as it is added (call before registering routes). */
export function collectRoutes(app: FastifyInstance) {
  const table: TRouteEntry[] = [];
  tables.set(app, table);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) table.push({ method, url: r.url, access: r.config?.access });
  });
}

/** The routes of an app built with collectRoutes(), in registration order. */
export const routeTableOf = (app: FastifyInstance): readonly TRouteEntry[] => tables.get(app) ?? [];
