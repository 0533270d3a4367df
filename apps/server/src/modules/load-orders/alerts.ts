import { ORDER_STREAM, type TOrderAlert } from '@haulboard/contract';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client';
import { loadOrders, orderEvents, users } from '../../db/schema';
import { isoOf } from '../../lib/rows';

/** The company's alerts as the timeline holds them: read by the event stream and by the polling fallback. */

const driver1 = alias(users, 'alert_driver1');
const driver2 = alias(users, 'alert_driver2');
const nameOf = (u: { firstName: AnyPgColumn; lastName: AnyPgColumn; displayName: AnyPgColumn; email: AnyPgColumn }) =>
  sql<string>`coalesce(nullif(concat_ws(' ', nullif(${u.firstName}, ''), nullif(${u.lastName}, '')), ''), ${u.displayName}, ${u.email})`;

/** Only a web address or a path of this app may become a link in the browser. */
function safeLink(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  if (/^\/(?![/\\])[^\s\\]*$/.test(value)) return value;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

const textOr = (v: unknown, max = 200) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : typeof v === 'number' ? String(v) : null);
const numberOr = (v: unknown) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};
const decimalOr = (v: unknown) => {
  const text = typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim() : '';
  return /^-?\d{1,12}(\.\d{1,4})?$/.test(text) ? text : null;
};

/**
 * A company's alerts after a timeline id (and not older than `since`), oldest first: the matches
 * of Alert orders and the bookings of Book and Book & Assign orders, which every dispatcher must
 * hear about the same way (issue "Books you can trust").
 */
export async function findAlerts(db: TDb, companyId: number, { after, limit, maxAgeMs }: { after: number; limit: number; maxAgeMs?: number }) {
  const rows = await db
    .select({
      id: orderEvents.id,
      kind: orderEvents.kind,
      orderId: orderEvents.orderId,
      bookedLoadNumber: loadOrders.bookedLoadNumber,
      at: isoOf(orderEvents.at),
      text: orderEvents.text,
      detail: orderEvents.detail,
      driver1: nameOf(driver1),
      driver2: sql<string | null>`case when ${loadOrders.driver2Id} is null then null else ${nameOf(driver2)} end`,
    })
    .from(orderEvents)
    .innerJoin(loadOrders, and(eq(loadOrders.id, orderEvents.orderId), eq(loadOrders.companyId, orderEvents.companyId)))
    .innerJoin(driver1, eq(driver1.id, loadOrders.driver1Id))
    .leftJoin(driver2, eq(driver2.id, loadOrders.driver2Id))
    .where(
      and(
        eq(orderEvents.companyId, companyId),
        inArray(orderEvents.kind, ['alert', 'booked']),
        gt(orderEvents.id, after),
        maxAgeMs ? sql`${orderEvents.at} > now() - make_interval(secs => ${maxAgeMs / 1000})` : undefined,
      ),
    )
    .orderBy(desc(orderEvents.id))
    .limit(limit);
  return rows.reverse().map((r): TOrderAlert => {
    const d = (r.detail && typeof r.detail === 'object' ? r.detail : {}) as Record<string, unknown>;
    const booked = r.kind === 'booked';
    return {
      id: r.id,
      kind: booked ? 'booked' : 'alert',
      orderId: r.orderId,
      at: r.at,
      text: r.text,
      loadNumber: booked ? (textOr(d.loadNumber, 50) ?? r.bookedLoadNumber) : null,
      drivers: r.driver2 ? `${r.driver1} & ${r.driver2}` : r.driver1,
      origin: textOr(d.origin),
      destination: textOr(d.destination),
      pickupAt: textOr(d.pickupAt, 40),
      payout: decimalOr(d.payout),
      distance: numberOr(d.distance),
      link: safeLink(d.link),
    };
  });
}

export async function latestEventId(db: TDb, companyId: number, after = 0) {
  const [row] = await db
    .select({ id: sql<string | null>`max(${orderEvents.id})` })
    .from(orderEvents)
    .where(and(eq(orderEvents.companyId, companyId), gt(orderEvents.id, after)));
  return Number(row?.id ?? 0);
}

/**
 * GET /api/LoadOrder/Alerts: the alerts after `after` and the cursor to ask from next. Without
 * `after`, only the cursor (a browser starts from now). The browser's polling fallback.
 */
export async function alertsSince(db: TDb, companyId: number, after: number | undefined) {
  if (after === undefined) return { cursor: await latestEventId(db, companyId), alerts: [] };
  const [latest, alerts] = await Promise.all([
    latestEventId(db, companyId, after),
    findAlerts(db, companyId, { after, limit: ORDER_STREAM.replayLimit, maxAgeMs: ORDER_STREAM.replayMaxAgeMs }),
  ]);
  return { cursor: Math.max(after, latest, ...alerts.map((a) => a.id)), alerts };
}
