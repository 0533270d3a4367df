import { sql } from 'drizzle-orm';
import type { TDb } from '../db/client';
import { rowsOf } from '../db/rows';

type TResult = { current: number; ttl: number };
type TCallback = (error: Error | null, result?: TResult) => void;
/** What @fastify/rate-limit hands a store's `child`: the route's merged limit options. */
type TRouteLimit = { bucket?: string; routeInfo?: { method?: string | string[]; url?: string } };

/**
 * A @fastify/rate-limit store that counts in the database, so every server process on one
 * PostgreSQL limits as one (an in-memory store multiplies a limit by the number of processes).
 * A limit that names a `bucket` ('api') counts across all its routes; one without counts per route.
 * One statement per request: the row's window restarts at 1 once it has passed.
 */
export function databaseRateStore(db: TDb) {
  return class DatabaseRateStore {
    readonly bucket: string;

    constructor(options: object = {}) {
      this.bucket = bucketOf(options as TRouteLimit);
    }

    incr(key: string, callback: TCallback, timeWindow: number) {
      count(db, `${this.bucket}|${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: TCallback, timeWindow: number) {
      peek(db, `${this.bucket}|${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    // The plugin's type names the route options; what a limit sets (bucket, routeInfo) is read from them.
    child(options: object) {
      return new DatabaseRateStore(options as TRouteLimit);
    }
  };
}

function bucketOf(options: TRouteLimit) {
  if (options.bucket) return options.bucket;
  const info = options.routeInfo;
  if (!info?.url) return 'global';
  return `${[info.method].flat().join(',')} ${info.url}`;
}

async function count(db: TDb, key: string, windowMs: number): Promise<TResult> {
  const rows = rowsOf<{ hits: number; ttl: number }>(
    await db.execute(sql`
    insert into rate_limit_hits as r (key, window_start, hits) values (${key}, clock_timestamp(), 1)
    on conflict (key) do update set
      hits = case when r.window_start + make_interval(secs => ${windowMs / 1000}) <= clock_timestamp() then 1 else r.hits + 1 end,
      window_start = case when r.window_start + make_interval(secs => ${windowMs / 1000}) <= clock_timestamp() then clock_timestamp() else r.window_start end
    returning hits, greatest(0, extract(epoch from (r.window_start + make_interval(secs => ${windowMs / 1000}) - clock_timestamp())) * 1000)::float8 as ttl
  `),
  );
  return { current: Number(rows[0].hits), ttl: Math.ceil(Number(rows[0].ttl)) };
}

async function peek(db: TDb, key: string, windowMs: number): Promise<TResult> {
  const rows = rowsOf<{ hits: number; ttl: number }>(
    await db.execute(sql`
    select hits, extract(epoch from (window_start + make_interval(secs => ${windowMs / 1000}) - clock_timestamp())) * 1000 as ttl
    from rate_limit_hits where key = ${key}
  `),
  );
  const row = rows[0];
  if (!row || Number(row.ttl) <= 0) return { current: 0, ttl: 0 };
  return { current: Number(row.hits), ttl: Math.ceil(Number(row.ttl)) };
}

/** Counts whose window ended over a day ago (hourly job). */
export async function purgeRateLimitHits(db: TDb, now: Date) {
  const cutoff = new Date(now.getTime() - 24 * 3600_000).toISOString();
  await db.execute(sql`delete from rate_limit_hits where window_start < ${cutoff}`);
}
