import { formatCents, ORDER_STATUS } from '@haulboard/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../../db/client';
import { rowsOf } from '../../../db/rows';
import { loadOrders, orderEvents } from '../../../db/schema';
import { nowMs } from '../../../lib/rows';
import { BoardError, type TBoardSearch, type TBoardWork } from '../../../loadboard/client';
import { companyBoard, noteBoardFailure, type TConnectionOptions } from '../../../loadboard/connection';
import type { TVault } from '../../../loadboard/vault';
import { recordOrderEvent } from '../service';
import { boardWeekOf, claimBooking, finishBooked, finishLost, pendingBookingOf, pickupWeekOf, place, routeText, tripsListWork } from './book';
import { matchesOf, orderSearch, searchKey, type TOrderRow } from './filter';
import { backOff, blockedFor, clearFailures, reserveSlot } from './pacing';

/**
 * The load-order engine (issue 12): every active order searches the board every refreshRate
 * seconds, its results are filtered here, and its action runs (alert, book, book & assign).
 * Each server runs one engine; they share the database. A tick is claimed with
 * `FOR UPDATE SKIP LOCKED` and moves the order's `next_search_on` ahead (a lease), so each tick
 * runs on one server only (docs/decisions/009-order-engine.md).
 */

export const PAUSE_REASON = {
  sessionExpired: 'session expired',
  notConnected: 'load board not connected',
} as const;
export const RATE_LIMITED = 'rate limited';
/** Where an alert's link leads: the board's own page of the work cannot be derived, our load search can. */
export const ALERT_LINK = '/app/relay/loadsearch';

/**
 * The link to one match: Load Search around the work's origin (the order's when the board gave no
 * coordinates), in the work week of its pickup when the company has that week, opening the work.
 */
export function matchLink(o: Pick<TOrderRow, 'origin'>, w: TBoardWork, week: { id: number; year: number } | null) {
  const fromWork = w.origin.latitude !== null && w.origin.longitude !== null && w.origin.city && w.origin.state;
  const query = new URLSearchParams({
    origin: fromWork ? place(w.origin) : o.origin.label,
    lat: String(fromWork ? w.origin.latitude : o.origin.latitude),
    lng: String(fromWork ? w.origin.longitude : o.origin.longitude),
  });
  if (week) {
    query.set('year', String(week.year));
    query.set('week', String(week.id));
  }
  query.set('wo', w.id);
  return `${ALERT_LINK}?${query}`;
}

export type TEngineChange = { companyId: number; orderId: number; kind: 'alert' | 'booked' | 'lost' | 'paused' | 'resumed' | 'state' };

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

export type TOrderEngine = {
  stats: TEngineStats;
  /** Calls `listener` on each change this server's engine makes (alerts, bookings, pauses); answers the unsubscribe. */
  subscribe: (listener: (change: TEngineChange) => void) => () => void;
  /** One look for due orders, waiting for the ticks it starts (tests). */
  runOnce: () => Promise<void>;
  stop: () => Promise<void>;
};

type TSearchOutcome = { works: TBoardWork[]; total: number; pages: number; latencyMs: number; coalesced: boolean };

/** A search not made this time: the account's queue is full or it is blocked. */
class Skipped extends Error {
  constructor(
    readonly retryInMs: number,
    readonly blocked: boolean,
  ) {
    super('skipped');
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

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
  const inFlight = new Map<number, Promise<void>>();
  const shared = new Map<string, { promise: Promise<Omit<TSearchOutcome, 'coalesced'>>; doneAt: number | null }>();
  const sessionFailures = new Map<number, number>();
  /** This server's last request per account, and the queue of its requests waiting to go. */
  const lastSent = new Map<number, number>();
  const sendGates = new Map<number, Promise<void>>();
  const lastSearchEvent = new Map<number, { at: number; key: string }>();
  let running = true;
  let lastResumeCheck = 0;

  const countRequest = (companyId: number) => {
    const times = stats.requests.get(companyId) ?? [];
    if (!stats.requests.has(companyId)) stats.requests.set(companyId, times);
    times.push(lastSent.get(companyId) ?? Date.now());
    if (times.length > 10_000) times.splice(0, times.length - 10_000);
  };

  /** Waits for the account's next slot; throws Skipped when the queue is full or the account blocked. */
  async function paced(companyId: number, maxWait = maxQueueMs) {
    const spacing = intervalMs * (1 + Math.random() * jitter);
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
      countRequest(companyId);
    });
    sendGates.set(companyId, turn);
    await turn;
    if (sendGates.get(companyId) === turn) sendGates.delete(companyId);
  }

  /** Pauses the account's running orders (circuit open). */
  async function pauseCompany(companyId: number, reason: string) {
    const paused = await db
      .update(loadOrders)
      .set({ state: 'paused', stateReason: reason, updatedOn: nowMs() as any })
      .where(and(eq(loadOrders.companyId, companyId), eq(loadOrders.status, ORDER_STATUS.active), inArray(loadOrders.state, ['searching', 'alerted'])))
      .returning({ id: loadOrders.id });
    for (const { id } of paused) {
      await recordOrderEvent(db, { companyId, orderId: id, kind: 'paused', text: `Paused: ${reason}` });
      notify({ companyId, orderId: id, kind: 'paused' });
    }
  }

  /** What a failed board call says about the account: backoff, a dead session, the circuit. */
  async function accountFailure(companyId: number, cookieId: number | null, e: BoardError) {
    if (e.kind === 'rate-limited' || (e.kind === 'unavailable' && e.status === 503)) {
      await backOff(db, companyId, e.retryAfterSeconds);
      // The dashboard says why the account's orders wait; their next good search clears it.
      await db
        .update(loadOrders)
        .set({ stateReason: RATE_LIMITED, updatedOn: nowMs() as any })
        .where(
          and(
            eq(loadOrders.companyId, companyId),
            eq(loadOrders.status, ORDER_STATUS.active),
            inArray(loadOrders.state, ['searching', 'alerted']),
            sql`${loadOrders.stateReason} is distinct from ${RATE_LIMITED}`,
          ),
        );
      return;
    }
    if (e.kind === 'not-configured') {
      await pauseCompany(companyId, PAUSE_REASON.notConnected);
      return;
    }
    if (e.kind === 'session-expired' || e.kind === 'csrf-refused' || e.kind === 'bad-response') {
      const count = (sessionFailures.get(companyId) ?? 0) + 1;
      sessionFailures.set(companyId, count);
      // One refusal may be a passing glitch: the session is given up only when it repeats.
      if (count >= failuresToPause) {
        // The session is not working: the cookie page says so, and the orders wait for a new one.
        if (cookieId !== null) {
          const why = e.kind === 'bad-response' ? new BoardError('session-expired', 'the board answered repeatedly with something other than JSON') : e;
          await noteBoardFailure(db, companyId, cookieId, why);
        }
        await pauseCompany(companyId, PAUSE_REASON.sessionExpired);
      }
    }
  }

  /** One board search for the account, or the answer of an identical one in flight (or just made). */
  async function search(companyId: number, filters: TBoardSearch): Promise<TSearchOutcome> {
    const key = searchKey(companyId, filters);
    const existing = shared.get(key);
    if (existing && (existing.doneAt === null || Date.now() - existing.doneAt <= coalesceMs)) {
      const answer = await existing.promise;
      stats.coalesced++;
      return { ...answer, coalesced: true };
    }
    const entry = {
      doneAt: null as number | null,
      promise: (async () => {
        let cookieId: number | null = null;
        try {
          const board = await companyBoard(db, vault, companyId, options.board);
          cookieId = board.cookieId;
          const works = new Map<string, TBoardWork>();
          let total = 0;
          let latencyMs = 0;
          let pages = 0;
          let token = 0;
          // The board answers 50 at a time: the next pages (as many as maxPages) when it says there are more.
          while (pages < maxPages) {
            try {
              await paced(companyId);
            } catch (e) {
              // A later page that cannot go now: what the first pages found is still an answer.
              if (e instanceof Skipped && pages > 0) break;
              throw e;
            }
            const started = Date.now();
            const page = await board.client.search({ ...filters, nextItemToken: token });
            latencyMs += Date.now() - started;
            pages++;
            if (pages === 1) {
              sessionFailures.delete(companyId);
              await clearFailures(db, companyId);
            }
            for (const w of page.works) if (!works.has(w.id)) works.set(w.id, w);
            total = page.total;
            const next = page.nextItemToken;
            if (next === null || next <= token || !page.works.length || works.size >= total) break;
            token = next;
          }
          stats.searchMs.push(latencyMs);
          if (stats.searchMs.length > 10_000) stats.searchMs.splice(0, stats.searchMs.length - 10_000);
          return { works: [...works.values()], total, pages, latencyMs };
        } catch (e) {
          if (e instanceof BoardError) await accountFailure(companyId, cookieId, e);
          throw e;
        }
      })(),
    };
    shared.set(key, entry);
    entry.promise.then(
      () => {
        entry.doneAt = Date.now();
        setTimeout(() => shared.get(key) === entry && shared.delete(key), coalesceMs + 50).unref?.();
      },
      () => shared.get(key) === entry && shared.delete(key),
    );
    return { ...(await entry.promise), coalesced: false };
  }

  /** Records a search on the timeline when its answer changed, else at most once a minute. */
  async function noteSearch(o: TOrderRow, status: string, text: string, detail: object, resultKey: string) {
    const last = lastSearchEvent.get(o.id);
    const at = Date.now();
    const key = `${status}:${resultKey}`;
    if (last && last.key === key && at - last.at < searchEventEveryMs) return;
    lastSearchEvent.set(o.id, { at, key });
    await recordOrderEvent(db, { companyId: o.companyId, orderId: o.id, kind: 'search', text, detail: { ...detail, status } });
  }

  /** Work weeks of pickups, for match links: an order sees the same matches every search, the weeks seldom change. */
  const weeks = new Map<string, { week: { id: number; year: number } | null; at: number }>();
  async function weekOf(o: TOrderRow, w: TBoardWork) {
    const key = `${o.companyId}:${o.timeZone}:${w.firstPickupTime.slice(0, 13)}`;
    const known = weeks.get(key);
    if (known && Date.now() - known.at < 600_000) return known.week;
    const { week } = await pickupWeekOf(db, o, w);
    if (weeks.size > 10_000) weeks.clear();
    weeks.set(key, { week, at: Date.now() });
    return week;
  }

  const nextAfter = (claimedMs: number) => sql`to_timestamp(${claimedMs / 1000}::float8) + ${loadOrders.refreshRate} * interval '1 second'`;

  /** Gives a skipped tick back: due again after `ms`. */
  async function reschedule(o: TOrderRow, ms: number, reason: string | null) {
    const change: Record<string, unknown> = { nextSearchOn: sql`clock_timestamp() + ${Math.max(ms, 50)} * interval '1 millisecond'` };
    if (reason !== null && o.stateReason !== reason) Object.assign(change, { stateReason: reason, updatedOn: nowMs() });
    await db
      .update(loadOrders)
      .set(change as any)
      .where(and(eq(loadOrders.id, o.id), eq(loadOrders.companyId, o.companyId), eq(loadOrders.status, ORDER_STATUS.active)));
  }

  async function book(o: TOrderRow, matches: TBoardWork[]) {
    for (const work of matches) {
      const claimed = await claimBooking(db, o, work);
      if (claimed === 'taken') continue;
      if (claimed !== 'claimed') return;
      stats.bookings++;
      let cookieId: number | null = null;
      try {
        const board = await companyBoard(db, vault, o.companyId, options.board);
        cookieId = board.cookieId;
        // A booking waits longer for its slot than a search: it is worth more.
        await paced(o.companyId, 5000);
        const result = await board.client.book(work);
        sessionFailures.delete(o.companyId);
        await finishBooked(db, o, work, result);
        notify({ companyId: o.companyId, orderId: o.id, kind: 'booked' });
      } catch (e) {
        if (e instanceof Skipped) {
          // Not asked: the booking row goes, the order tries again.
          await finishLost(db, o, work, e.blocked ? 'the board is limiting requests, trying again' : 'the board is busy, trying again', 'error');
          return;
        }
        if (!(e instanceof BoardError)) throw e;
        await accountFailure(o.companyId, cookieId, e);
        if (e.kind === 'unavailable' || e.kind === 'bad-response') {
          // No answer, or one we cannot read: the board may have booked it. Settled from its trips later.
          await db
            .update(loadOrders)
            .set({ stateReason: `Booking ${routeText(work)}: no clear answer from the board (${e.message}); checking its trips`, updatedOn: nowMs() as any })
            .where(and(eq(loadOrders.id, o.id), eq(loadOrders.companyId, o.companyId)));
          await recordOrderEvent(db, { companyId: o.companyId, orderId: o.id, kind: 'error', text: `No clear answer to the booking: ${e.message}`, workOpportunityId: work.id });
          return;
        }
        // A definite no: taken or changed (409/412), gone, refused, or never reached (session, rate limit).
        const why = e.kind === 'conflict' ? (e.boardCode ?? 'taken or changed') : e.message;
        await finishLost(db, o, work, why, e.kind === 'conflict' || e.kind === 'not-found' ? 'lost' : 'error');
        notify({ companyId: o.companyId, orderId: o.id, kind: 'lost' });
      }
      return;
    }
  }

  /** A pending booking without an answer: the board's trips of the pickup's week say whether it is ours. */
  async function recover(o: TOrderRow, pending: NonNullable<Awaited<ReturnType<typeof pendingBookingOf>>>, claimedMs: number) {
    const age = Date.now() - Date.parse(pending.row.createdOn);
    const later = async (when: ReturnType<typeof sql> = sql`clock_timestamp() + ${Math.max(5000, Number(o.refreshRate) * 1000)} * interval '1 millisecond'`) => {
      await db
        .update(loadOrders)
        .set({ nextSearchOn: when as any })
        .where(and(eq(loadOrders.id, o.id), eq(loadOrders.companyId, o.companyId)));
    };
    if (!pending.work) {
      // Nothing to check it against: a person must look.
      await db
        .update(loadOrders)
        .set({ state: 'booking', stateReason: 'A booking was interrupted and cannot be checked: look at the board, then cancel this order', nextSearchOn: sql`clock_timestamp() + interval '1 day'` as any })
        .where(and(eq(loadOrders.id, o.id), eq(loadOrders.companyId, o.companyId)));
      return;
    }
    // Its server may still be waiting for the answer: look again once it is old enough.
    if (age < recoverAfterMs) return later(sql`${pending.row.createdOn}::timestamptz + ${recoverAfterMs} * interval '1 millisecond'`);
    const work = pending.work;
    let cookieId: number | null = null;
    try {
      const board = await companyBoard(db, vault, o.companyId, options.board);
      cookieId = board.cookieId;
      await paced(o.companyId, 5000);
      const csv = (await board.client.exportTrips(boardWeekOf(work.firstPickupTime), 'csv')).toString('utf8');
      if (tripsListWork(csv, work)) {
        await finishBooked(db, o, work, { workOpportunityId: work.id, tripId: '', loadIds: work.loadIds, bookedAt: '' }, 'Booked (confirmed from the board’s trips after an interruption)');
        notify({ companyId: o.companyId, orderId: o.id, kind: 'booked' });
      } else {
        await finishLost(db, o, work, 'the interrupted booking did not go through (not in the board’s trips)', 'error');
        await later(nextAfter(claimedMs));
      }
    } catch (e) {
      if (e instanceof BoardError) await accountFailure(o.companyId, cookieId, e);
      else if (!(e instanceof Skipped)) throw e;
      await later();
    }
  }

  async function tick(o: TOrderRow, claimedMs: number) {
    stats.ticks++;
    const pending = await pendingBookingOf(db, o.companyId, o.id);
    if (pending) return recover(o, pending, claimedMs);
    if (o.status !== ORDER_STATUS.active) return;
    const at = now();
    const filters = orderSearch(o, at);
    let outcome: TSearchOutcome;
    try {
      outcome = await search(o.companyId, filters);
    } catch (e) {
      if (e instanceof Skipped) return reschedule(o, e.blocked ? e.retryInMs : Math.min(intervalMs, Number(o.refreshRate) * 1000), e.blocked ? RATE_LIMITED : null);
      if (!(e instanceof BoardError)) throw e;
      await noteSearch(o, e.kind, `Search failed: ${e.message}`, { httpStatus: e.status, filters }, '');
      await db
        .update(loadOrders)
        .set({
          searches: sql`${loadOrders.searches} + 1`,
          lastSearchOn: sql`clock_timestamp()`,
          nextSearchOn: nextAfter(claimedMs),
          ...(e.kind === 'rate-limited' && o.stateReason !== RATE_LIMITED ? { stateReason: RATE_LIMITED, updatedOn: nowMs() } : {}),
        } as any)
        .where(and(eq(loadOrders.id, o.id), eq(loadOrders.companyId, o.companyId), eq(loadOrders.status, ORDER_STATUS.active)));
      return;
    }
    stats.searches++;
    const matches = matchesOf(o, outcome.works, at);
    const action = o.orderActionType;
    // Each work opportunity once per order: an alert (Alert orders) or a match (booking orders).
    const kind = action === 1 ? 'alert' : 'match';
    await noteSearch(
      o,
      'ok',
      `Searched: ${outcome.total} found${outcome.pages > 1 ? ` (${outcome.works.length} read in ${outcome.pages} pages)` : ''}, ${matches.length} matching${outcome.coalesced ? ' (shared with an identical search)' : ''}, ${outcome.latencyMs} ms`,
      { results: outcome.works.length, total: outcome.total, pages: outcome.pages, matches: matches.length, latencyMs: outcome.latencyMs, coalesced: outcome.coalesced, filters },
      `${outcome.works.length}:${matches.length}`,
    );
    // The alerts (or matches) and the order's counters and state together: a poller sees both or neither.
    const links = new Map<string, string>();
    for (const w of matches) links.set(w.id, matchLink(o, w, await weekOf(o, w)));
    const fresh = await db.transaction(async (tx) => {
      let fresh: TBoardWork[] = [];
      if (matches.length) {
        const inserted = await tx
          .insert(orderEvents)
          .values(
            matches.map((w) => ({
              companyId: o.companyId,
              orderId: o.id,
              kind,
              workOpportunityId: w.id,
              text: `Match: ${routeText(w)}, ${formatCents(w.payoutCents)}`,
              detail: {
                origin: place(w.origin),
                destination: place(w.destination),
                pickupAt: new Date(w.firstPickupTime).toISOString(),
                payout: (w.payoutCents / 100).toFixed(2),
                distance: Math.round(w.distanceMiles * 10) / 10,
                link: links.get(w.id) ?? ALERT_LINK,
              },
            })),
          )
          .onConflictDoNothing()
          .returning({ workOpportunityId: orderEvents.workOpportunityId });
        const ids = new Set(inserted.map((r) => r.workOpportunityId));
        fresh = matches.filter((w) => ids.has(w.id));
      }
      const change: Record<string, unknown> = {
        searches: sql`${loadOrders.searches} + 1`,
        lastSearchOn: sql`clock_timestamp()`,
        nextSearchOn: nextAfter(claimedMs),
      };
      let changed = o.stateReason === RATE_LIMITED || o.state === 'booking';
      if (changed) Object.assign(change, { stateReason: null, state: o.state === 'booking' ? 'searching' : o.state });
      if (fresh.length) {
        changed = true;
        Object.assign(change, { matchesSeen: sql`${loadOrders.matchesSeen} + ${fresh.length}` });
        if (kind === 'alert') {
          Object.assign(change, { state: 'alerted', stateReason: `Alerted: ${routeText(fresh[0])}, ${formatCents(fresh[0].payoutCents)}` });
        }
      }
      // updatedOn is also the version an edit sends: it moves when what the dashboard shows changes, not on every search.
      if (changed) change.updatedOn = nowMs();
      await tx
        .update(loadOrders)
        .set(change as any)
        .where(and(eq(loadOrders.id, o.id), eq(loadOrders.companyId, o.companyId), eq(loadOrders.status, ORDER_STATUS.active)));
      return fresh;
    });
    if (kind === 'alert') stats.alerts += fresh.length;
    if (fresh.length) notify({ companyId: o.companyId, orderId: o.id, kind: kind === 'alert' ? 'alert' : 'state' });
    if (action !== 1 && matches.length) await book(o, matches);
  }

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

  /** Paused accounts whose session may work again (a new one stored, or a check found one): their orders resume. */
  async function resumePaused() {
    const rows = await db
      .selectDistinct({ companyId: loadOrders.companyId })
      .from(loadOrders)
      .where(and(eq(loadOrders.status, ORDER_STATUS.active), eq(loadOrders.state, 'paused'), inArray(loadOrders.stateReason, Object.values(PAUSE_REASON))));
    for (const { companyId } of rows) {
      try {
        await companyBoard(db, vault, companyId, options.board);
      } catch {
        continue;
      }
      sessionFailures.delete(companyId);
      const resumed = await db
        .update(loadOrders)
        .set({ state: 'searching', stateReason: null, nextSearchOn: null, updatedOn: nowMs() as any })
        .where(
          and(
            eq(loadOrders.companyId, companyId),
            eq(loadOrders.status, ORDER_STATUS.active),
            eq(loadOrders.state, 'paused'),
            inArray(loadOrders.stateReason, Object.values(PAUSE_REASON)),
          ),
        )
        .returning({ id: loadOrders.id });
      for (const { id } of resumed) {
        await recordOrderEvent(db, { companyId, orderId: id, kind: 'resumed', text: 'Resumed: a load board session is stored' });
        notify({ companyId, orderId: id, kind: 'resumed' });
      }
    }
  }

  async function pass(): Promise<Promise<void>[]> {
    if (Date.now() - lastResumeCheck >= resumeCheckMs) {
      lastResumeCheck = Date.now();
      await resumePaused();
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
      const p = tick(o, claimedMs)
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
