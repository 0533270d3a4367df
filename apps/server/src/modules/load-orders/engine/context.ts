import { sql } from 'drizzle-orm';
import type { TDb } from '../../../db/client';
import { loadOrders } from '../../../db/schema';
import type { TBoardWork } from '../../../loadboard/client';
import type { TConnectionOptions } from '../../../loadboard/connection';
import type { TVault } from '../../../loadboard/vault';
import { blockedFor, reserveSlot } from './pacing';

export type TEngineChange = { companyId: number; orderId: number; kind: 'alert' | 'booked' | 'lost' | 'paused' | 'resumed' | 'state' };

export type TEngineStats = {
  ticks: number;
  searches: number;
  /** Searches answered by an identical search of another order instead of a call. */
  coalesced: number;
  /** Board calls per company: their times (Date.now), the last 10,000. */
  requests: Map<number, number[]>;
  alerts: number;
  bookings: number;
  /** How long the board took to answer each search, ms (the last 10,000). */
  searchMs: number[];
};

export type TSearchOutcome = { works: TBoardWork[]; total: number; pages: number; latencyMs: number; coalesced: boolean };

/**
 * What one engine's parts share: its settings (TEngineOptions with their defaults applied) and
 * this server's state of the accounts and orders it works for.
 */
export type TEngineContext = {
  db: TDb;
  vault: TVault;
  /** The board client's options (tests inject fetch). */
  board: TConnectionOptions | undefined;
  now: () => number;
  intervalMs: number;
  jitter: number;
  maxQueueMs: number;
  failuresToPause: number;
  recoverAfterMs: number;
  searchEventEveryMs: number;
  coalesceMs: number;
  maxPages: number;
  stats: TEngineStats;
  notify: (change: TEngineChange) => void;
  /** Identical searches in flight (or just made), by search key. */
  shared: Map<string, { promise: Promise<Omit<TSearchOutcome, 'coalesced'>>; doneAt: number | null }>;
  sessionFailures: Map<number, number>;
  /** This server's last request per account, and the queue of its requests waiting to go. */
  lastSent: Map<number, number>;
  sendGates: Map<number, Promise<void>>;
  lastSearchEvent: Map<number, { at: number; key: string }>;
  /** weekOf's answers by company, time zone and pickup hour. */
  weeks: Map<string, { week: { id: number; year: number } | null; at: number }>;
};

/** A search not made this time: the account's queue is full or it is blocked. */
export class Skipped extends Error {
  constructor(
    readonly retryInMs: number,
    readonly blocked: boolean,
  ) {
    super('skipped');
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export const nextAfter = (claimedMs: number) => sql`to_timestamp(${claimedMs / 1000}::float8) + ${loadOrders.refreshRate} * interval '1 second'`;

const countRequest = (ctx: TEngineContext, companyId: number) => {
  const times = ctx.stats.requests.get(companyId) ?? [];
  if (!ctx.stats.requests.has(companyId)) ctx.stats.requests.set(companyId, times);
  times.push(ctx.lastSent.get(companyId) ?? Date.now());
  if (times.length > 10_000) times.splice(0, times.length - 10_000);
};

/** Waits for the account's next slot; throws Skipped when the queue is full or the account blocked. */
export async function paced(ctx: TEngineContext, companyId: number, maxWait = ctx.maxQueueMs) {
  const { db, intervalMs, lastSent, sendGates } = ctx;
  const spacing = intervalMs * (1 + Math.random() * ctx.jitter);
  const slot = await reserveSlot(db, companyId, spacing, maxWait);
  if ('blockedMs' in slot) throw new Skipped(slot.blockedMs, true);
  if ('busy' in slot) throw new Skipped(0, false);
  if (slot.waitMs > 0) await sleep(slot.waitMs);
  // A 429 may have come in while this request waited.
  const blocked = await blockedFor(db, companyId);
  if (blocked > 0) throw new Skipped(blocked, true);
  // The slots are spaced in the database's time; a request that reached its slot late must
  // still not go out closer to this server's previous one than the interval.
  const turn = (sendGates.get(companyId) ?? Promise.resolve()).then(async () => {
    // Timers may fire a millisecond early: wait until the interval has really passed.
    for (let gap = (lastSent.get(companyId) ?? 0) + intervalMs - Date.now(); gap > 0; gap = (lastSent.get(companyId) ?? 0) + intervalMs - Date.now()) {
      await sleep(gap);
    }
    lastSent.set(companyId, Date.now());
    countRequest(ctx, companyId);
  });
  sendGates.set(companyId, turn);
  await turn;
  if (sendGates.get(companyId) === turn) sendGates.delete(companyId);
}
