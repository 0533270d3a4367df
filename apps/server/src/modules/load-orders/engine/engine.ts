import { inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../../db/client';
import { rowsOf } from '../../../db/rows';
import { loadOrders } from '../../../db/schema';
import { asCompany } from '../../../db/scope';
import type { TConnectionOptions } from '../../../loadboard/connection';
import type { TVault } from '../../../loadboard/vault';
import { resumePaused } from './circuit';
import { sleep, type TEngineChange, type TEngineContext, type TEngineStats } from './context';
import { tick } from './tick';

/**
 * The load-order engine (issue 12): every active order searches the board every refreshRate
 * seconds, its results are filtered, and its action runs (alert, book, book & assign).
 * Each server runs one engine; they share the database. A tick is claimed with
 * `FOR UPDATE SKIP LOCKED` and moves the order's `next_search_on` ahead (a lease), so each tick
 * runs on one server only (docs/decisions/009-order-engine.md).
 *
 * This file is the engine's lifecycle: the loop that claims due orders and starts their ticks
 * (tick.ts), the booking hand-off (hand-off.ts) and the circuit per account (circuit.ts).
 */

export type TEngineOptions = {
  /** The time results are judged by (pickup lead and window); Date.now unless a test's board has its own clock. */
  now?: () => number;
  /** How often the engine looks for due orders, ms (100). */
  pollMs?: number;
  /** Requests per second per board account (1). */
  requestsPerSecond?: number;
  /** Extra spacing between requests, as a share of the interval (0.2: up to 20 % more). */
  jitter?: number;
  /** A search waits at most this long for its account's slot, else it is skipped this time (1000 ms). */
  maxQueueMs?: number;
  /** A claimed tick not finished after this long may be claimed again (30 s). */
  leaseMs?: number;
  /** Session failures (401/403, sign-in page, not JSON) in a row that pause the account's orders (2). */
  sessionFailuresToPause?: number;
  /** How often paused accounts are checked for a working session (2000 ms). */
  resumeCheckMs?: number;
  /** A pending booking this old with no answer is settled from the board's trips (60 s). */
  pendingRecoverAfterMs?: number;
  /** A search is recorded when its result changed, else at most this often per order (60 s). */
  searchEventEveryMs?: number;
  /** Pages of 50 one search reads at most when the board has more (3); each page is a request of its own, paced. */
  maxSearchPages?: number;
  /** How long a finished search's answer is shared with identical searches (300 ms). */
  coalesceMs?: number;
  /** Orders claimed per look (100) and ticks running at once in this server (500). */
  batch?: number;
  maxInFlight?: number;
  /** The board client's options (tests inject fetch). */
  board?: TConnectionOptions;
  log?: { warn: (obj: object, msg: string) => void };
  /** How long stop() waits for ticks in flight (20 s). */
  stopWaitMs?: number;
  /** No loop of its own: only runOnce() looks for due orders (tests). */
  manual?: boolean;
  /** Told when an order's state changes (the push to dashboards listens here). */
  onChange?: (change: TEngineChange) => void;
};

export type TOrderEngine = {
  stats: TEngineStats;
  /** Calls `listener` on each change this server's engine makes (alerts, bookings, pauses); answers the unsubscribe. */
  subscribe: (listener: (change: TEngineChange) => void) => () => void;
  /** One look for due orders, waiting for the ticks it starts (tests). */
  runOnce: () => Promise<void>;
  stop: () => Promise<void>;
};

export function startOrderEngine(db: TDb, vault: TVault, options: TEngineOptions = {}): TOrderEngine {
  const now = options.now ?? Date.now;
  const pollMs = options.pollMs ?? 100;
  const intervalMs = 1000 / (options.requestsPerSecond ?? 1);
  const jitter = options.jitter ?? 0.2;
  const maxQueueMs = options.maxQueueMs ?? 1000;
  const leaseMs = options.leaseMs ?? 30_000;
  const failuresToPause = options.sessionFailuresToPause ?? 2;
  const resumeCheckMs = options.resumeCheckMs ?? 2000;
  const recoverAfterMs = options.pendingRecoverAfterMs ?? 60_000;
  const searchEventEveryMs = options.searchEventEveryMs ?? 60_000;
  const coalesceMs = options.coalesceMs ?? 300;
  const maxPages = Math.max(1, options.maxSearchPages ?? 3);
  const batch = options.batch ?? 100;
  const maxInFlight = options.maxInFlight ?? 500;
  const log = options.log;
  const listeners = new Set<(change: TEngineChange) => void>(options.onChange ? [options.onChange] : []);
  const notify = (c: TEngineChange) => {
    for (const listener of listeners) {
      try {
        listener(c);
      } catch {
        /* a listener's failure is not the engine's */
      }
    }
  };

  const stats: TEngineStats = { ticks: 0, searches: 0, coalesced: 0, requests: new Map(), alerts: 0, bookings: 0, searchMs: [] };
  const ctx: TEngineContext = {
    db,
    vault,
    board: options.board,
    now,
    intervalMs,
    jitter,
    maxQueueMs,
    failuresToPause,
    recoverAfterMs,
    searchEventEveryMs,
    coalesceMs,
    maxPages,
    stats,
    notify,
    shared: new Map(),
    sessionFailures: new Map(),
    lastSent: new Map(),
    sendGates: new Map(),
    lastSearchEvent: new Map(),
    weeks: new Map(),
  };
  const inFlight = new Map<number, Promise<void>>();
  let running = true;
  let lastResumeCheck = 0;

  /** Claims due orders: each moves its next_search_on ahead by the lease, so no other server takes it. */
  async function claim(limit: number): Promise<{ id: number; claimedMs: number }[]> {
    // Orders whose tick is still running here are not claimed again (their lease would move).
    const busy = `{${[...inFlight.keys()].join(',')}}`;
    const rows = rowsOf(
      await db.execute(sql`
        update load_orders set next_search_on = clock_timestamp() + ${leaseMs} * interval '1 millisecond'
        where id in (
          select id from load_orders
          where id in (
            select o.id from load_orders o
            left join board_pacing p on p.company_id = o.company_id
            where (o.status = 1 and o.state in ('searching', 'alerted', 'booking')
                -- Cancelled while its booking had no answer yet: the booking is still settled.
                or (o.state = 'cancelled' and exists (
                  select 1 from order_bookings b where b.order_id = o.id and b.company_id = o.company_id and b.state = 'pending')))
              and (o.next_search_on is null or o.next_search_on <= clock_timestamp())
              and o.id <> all(${busy}::int[])
              -- An account that is blocked, or whose queue is full, costs nothing until it frees up
              -- (a pending booking is settled regardless).
              and (o.state in ('booking', 'cancelled') or p.company_id is null
                or ((p.blocked_until is null or p.blocked_until <= clock_timestamp())
                  and p.next_slot_on <= clock_timestamp() + ${maxQueueMs} * interval '1 millisecond'))
            order by o.last_search_on asc nulls first, o.next_search_on asc nulls first
            limit ${limit})
          and (next_search_on is null or next_search_on <= clock_timestamp())
          for update skip locked)
        returning id, company_id, (extract(epoch from clock_timestamp()) * 1000)::float8 as claimed_ms`),
    );
    return rows.map((r) => ({ id: Number(r.id), claimedMs: Number(r.claimed_ms) }));
  }

  async function pass(): Promise<Promise<void>[]> {
    if (Date.now() - lastResumeCheck >= resumeCheckMs) {
      lastResumeCheck = Date.now();
      await resumePaused(ctx);
    }
    const room = maxInFlight - inFlight.size;
    if (room <= 0) return [];
    const claimed = await claim(Math.min(batch, room));
    if (!claimed.length) return [];
    const orders = await db
      .select()
      .from(loadOrders)
      .where(
        inArray(
          loadOrders.id,
          claimed.map((c) => c.id),
        ),
      );
    const started: Promise<void>[] = [];
    for (const o of orders) {
      const claimedMs = claimed.find((c) => c.id === o.id)!.claimedMs;
      // Claimed as the system (across companies); each tick runs as its order's company, under row-level security.
      const p = asCompany(o.companyId, () => tick(ctx, o, claimedMs))
        .catch((e) => log?.warn({ orderId: o.id, error: (e as Error)?.message }, 'load order tick failed'))
        .finally(() => inFlight.delete(o.id));
      inFlight.set(o.id, p);
      started.push(p);
    }
    return started;
  }

  let loop: Promise<void> | null = null;
  const run = async () => {
    while (running) {
      try {
        await pass();
      } catch (e) {
        if (running) log?.warn({ error: (e as Error)?.message }, 'load order engine pass failed');
      }
      if (running) await sleep(pollMs);
    }
  };
  if (!options.manual) loop = run();
  else running = false;

  return {
    stats,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    runOnce: async () => {
      await Promise.allSettled(await pass());
    },
    stop: async () => {
      running = false;
      await loop;
      await Promise.race([Promise.allSettled([...inFlight.values()]), sleep(options.stopWaitMs ?? 20_000)]);
    },
  };
}

/** Timeline entries older than 90 days go (the daily job). */
export async function pruneOrderEvents(db: TDb, now: Date, days = 90) {
  const before = new Date(now.getTime() - days * 86_400_000).toISOString();
  const rows = rowsOf(await db.execute(sql`delete from order_events where at < ${before}::timestamptz returning id, company_id`));
  return rows.length;
}
