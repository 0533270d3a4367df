import { formatCents, ORDER_STATUS } from '@haulboard/contract';
import { and, eq, sql } from 'drizzle-orm';
import { loadOrders, orderEvents } from '../../../db/schema';
import { nowMs } from '../../../lib/rows';
import { BoardError, type TBoardSearch, type TBoardWork } from '../../../loadboard/client';
import { companyBoard } from '../../../loadboard/connection';
import { recordOrderEvent } from '../service';
import { pendingBookingOf, pickupWeekOf, place, routeText } from './book';
import { accountFailure, RATE_LIMITED } from './circuit';
import { nextAfter, paced, Skipped, type TEngineContext, type TSearchOutcome } from './context';
import { matchesOf, orderSearch, searchKey, type TOrderRow } from './filter';
import { book, recover } from './hand-off';
import { clearFailures } from './pacing';

/**
 * One tick of an order: the board search (paged, shared with identical searches), the results
 * filtered by the order, the search and its matches recorded, the matches handed to booking.
 */

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

/** One board search for the account, or the answer of an identical one in flight (or just made). */
async function search(ctx: TEngineContext, companyId: number, filters: TBoardSearch): Promise<TSearchOutcome> {
  const { db, shared, stats, coalesceMs } = ctx;
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
        const board = await companyBoard(db, ctx.vault, companyId, ctx.board);
        cookieId = board.cookieId;
        const works = new Map<string, TBoardWork>();
        let total = 0;
        let latencyMs = 0;
        let pages = 0;
        let token = 0;
        // The board answers 50 at a time: the next pages (as many as maxPages) when it says there are more.
        while (pages < ctx.maxPages) {
          try {
            await paced(ctx, companyId);
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
            ctx.sessionFailures.delete(companyId);
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
        if (e instanceof BoardError) await accountFailure(ctx, companyId, cookieId, e);
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
async function noteSearch(ctx: TEngineContext, o: TOrderRow, status: string, text: string, detail: object, resultKey: string) {
  const { lastSearchEvent } = ctx;
  const last = lastSearchEvent.get(o.id);
  const at = Date.now();
  const key = `${status}:${resultKey}`;
  if (last && last.key === key && at - last.at < ctx.searchEventEveryMs) return;
  lastSearchEvent.set(o.id, { at, key });
  await recordOrderEvent(ctx.db, { companyId: o.companyId, orderId: o.id, kind: 'search', text, detail: { ...detail, status } });
}

/** Work weeks of pickups, for match links: an order sees the same matches every search, the weeks seldom change. */
async function weekOf(ctx: TEngineContext, o: TOrderRow, w: TBoardWork) {
  const { weeks } = ctx;
  const key = `${o.companyId}:${o.timeZone}:${w.firstPickupTime.slice(0, 13)}`;
  const known = weeks.get(key);
  if (known && Date.now() - known.at < 600_000) return known.week;
  const { week } = await pickupWeekOf(ctx.db, o, w);
  if (weeks.size > 10_000) weeks.clear();
  weeks.set(key, { week, at: Date.now() });
  return week;
}

/** Gives a skipped tick back: due again after `ms`. */
async function reschedule(ctx: TEngineContext, o: TOrderRow, ms: number, reason: string | null) {
  const change: Record<string, unknown> = { nextSearchOn: sql`clock_timestamp() + ${Math.max(ms, 50)} * interval '1 millisecond'` };
  if (reason !== null && o.stateReason !== reason) Object.assign(change, { stateReason: reason, updatedOn: nowMs() });
  await ctx.db
    .update(loadOrders)
    .set(change as any)
    .where(and(eq(loadOrders.id, o.id), eq(loadOrders.companyId, o.companyId), eq(loadOrders.status, ORDER_STATUS.active)));
}

/** One claimed tick of an order: a pending booking is settled first, else the order searches. */
export async function tick(ctx: TEngineContext, o: TOrderRow, claimedMs: number) {
  const { db, stats } = ctx;
  stats.ticks++;
  const pending = await pendingBookingOf(db, o.companyId, o.id);
  if (pending) return recover(ctx, o, pending, claimedMs);
  if (o.status !== ORDER_STATUS.active) return;
  const at = ctx.now();
  const filters = orderSearch(o, at);
  let outcome: TSearchOutcome;
  try {
    outcome = await search(ctx, o.companyId, filters);
  } catch (e) {
    if (e instanceof Skipped) return reschedule(ctx, o, e.blocked ? e.retryInMs : Math.min(ctx.intervalMs, Number(o.refreshRate) * 1000), e.blocked ? RATE_LIMITED : null);
    if (!(e instanceof BoardError)) throw e;
    await noteSearch(ctx, o, e.kind, `Search failed: ${e.message}`, { httpStatus: e.status, filters }, '');
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
    ctx,
    o,
    'ok',
    `Searched: ${outcome.total} found${outcome.pages > 1 ? ` (${outcome.works.length} read in ${outcome.pages} pages)` : ''}, ${matches.length} matching${outcome.coalesced ? ' (shared with an identical search)' : ''}, ${outcome.latencyMs} ms`,
    { results: outcome.works.length, total: outcome.total, pages: outcome.pages, matches: matches.length, latencyMs: outcome.latencyMs, coalesced: outcome.coalesced, filters },
    `${outcome.works.length}:${matches.length}`,
  );
  // The alerts (or matches) and the order's counters and state together: a poller sees both or neither.
  const links = new Map<string, string>();
  for (const w of matches) links.set(w.id, matchLink(o, w, await weekOf(ctx, o, w)));
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
  if (fresh.length) ctx.notify({ companyId: o.companyId, orderId: o.id, kind: kind === 'alert' ? 'alert' : 'state' });
  if (action !== 1 && matches.length) await book(ctx, o, matches);
}
