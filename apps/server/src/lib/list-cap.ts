import { listCapText, routesByDomain, type TCapBound, type TRouteDef } from '@haulboard/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import type { TDbLike } from '../db/client';

/**
 * One way every capped list answers (issue 7, item 3): at most the contract's `list.cap` rows; when
 * the request selects more, `x-total-count` says how many and `x-info` carries an INFO text that the
 * web shows once (lib/list-info.ts there). The cap is declared once, on the route in the contract.
 */

/** The cap a route declares; a route without one is a programming error caught by its first call. */
export function capOf(def: TRouteDef): TCapBound {
  if (!def.list || !('cap' in def.list)) throw new Error(`${def.method} ${def.path} declares no list cap`);
  return def.list;
}

/** How many rows to read for a capped route: one past the cap tells that more exist. */
export const capLimit = (def: TRouteDef) => capOf(def).cap + 1;

let pagedPaths: WeakMap<TRouteDef, string> | null = null;
/** The path of the paged twin a route names by its key in the same domain. */
function pagedPathOf(def: TRouteDef): string | undefined {
  if (!pagedPaths) {
    pagedPaths = new WeakMap();
    for (const routes of Object.values(routesByDomain) as Record<string, TRouteDef>[]) {
      for (const r of Object.values(routes)) {
        const paged = r.list && 'cap' in r.list ? r.list.paged : undefined;
        const twin = paged ? routes[paged] : undefined;
        if (twin) pagedPaths.set(r, twin.path);
      }
    }
  }
  return pagedPaths.get(def);
}

/** Sets the headers of a list that selected `total` rows, more than its cap; `hint` replaces the route's advice for this request. */
export function markCapped(reply: FastifyReply, def: TRouteDef, total: number, hint?: string) {
  const bound = capOf(def);
  reply.header('x-total-count', String(total));
  reply.header('x-info', listCapText(hint ? { ...bound, hint } : bound, total, pagedPathOf(def)));
}

/**
 * The answer of a capped list from rows read with `capLimit(def)`: the rows as they are when they
 * fit, else the first `cap` of them with the count (`count()` runs only then) and the INFO text.
 */
export async function capList<T>(reply: FastifyReply, def: TRouteDef, rows: T[], count: () => Promise<number> | number, hint?: string): Promise<T[]> {
  const { cap } = capOf(def);
  if (rows.length <= cap) return rows;
  markCapped(reply, def, Math.max(await count(), rows.length), hint);
  return rows.slice(0, cap);
}

/** How many rows of `table` match `where`: the count a capped list reports (its where names the company). */
export async function countRows(db: TDbLike, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table as PgTable).where(where);
  return Number(row?.n ?? 0);
}
