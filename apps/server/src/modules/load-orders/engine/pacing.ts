import { sql } from 'drizzle-orm';
import type { TDbLike } from '../../../db/client';
import { rowsOf } from '../../../db/rows';

/**
 * One limiter per board account (a company's connection), kept in the database so that every
 * server on it shares it: each request reserves the account's next free slot (one interval
 * after the previous one, with jitter), and a 429/503 blocks the account until its Retry-After
 * (or an exponential backoff: 400 ms · 2ⁿ, at most 30 s, plus jitter). Times are the database's.
 */


export type TSlot = { waitMs: number } | { blockedMs: number } | { busy: true };

/**
 * Reserves the account's next request slot no further than `maxWaitMs` ahead: how long to wait
 * for it; `blockedMs` while the account is blocked; `busy` when the queue is longer than that.
 */
export async function reserveSlot(db: TDbLike, companyId: number, intervalMs: number, maxWaitMs: number): Promise<TSlot> {
  const rows = rowsOf(
    await db.execute(sql`
      insert into board_pacing as p (company_id, next_slot_on, failures)
      values (${companyId}, clock_timestamp() + ${intervalMs} * interval '1 millisecond', 0)
      on conflict (company_id) do update
        set next_slot_on = greatest(p.next_slot_on, clock_timestamp()) + ${intervalMs} * interval '1 millisecond'
        where (p.blocked_until is null or p.blocked_until <= clock_timestamp())
          and p.next_slot_on <= clock_timestamp() + ${maxWaitMs} * interval '1 millisecond'
      returning greatest(0, extract(epoch from (p.next_slot_on - clock_timestamp())) * 1000 - ${intervalMs})::float8 as wait_ms`),
  );
  if (rows.length) return { waitMs: Number(rows[0].wait_ms) };
  const [state] = rowsOf(
    await db.execute(sql`
      select greatest(0, extract(epoch from (blocked_until - clock_timestamp())) * 1000)::float8 as blocked_ms
      from board_pacing where company_id = ${companyId}`),
  );
  const blockedMs = Number(state?.blocked_ms ?? 0);
  return blockedMs > 0 ? { blockedMs } : { busy: true };
}

/** Milliseconds the account is still blocked (0 when it is not). */
export async function blockedFor(db: TDbLike, companyId: number): Promise<number> {
  const [state] = rowsOf(
    await db.execute(sql`
      select greatest(0, extract(epoch from (blocked_until - clock_timestamp())) * 1000)::float8 as blocked_ms
      from board_pacing where company_id = ${companyId}`),
  );
  return Number(state?.blocked_ms ?? 0);
}

/** A 429 or 503: no request before Retry-After, or the backoff for the failures in a row. Answers the wait in ms. */
export async function backOff(db: TDbLike, companyId: number, retryAfterSeconds: number | null): Promise<number> {
  const given = retryAfterSeconds === null ? null : Math.min(3600, Math.max(0, retryAfterSeconds)) * 1000;
  const [row] = rowsOf(
    await db.execute(sql`
      update board_pacing as p
        set failures = p.failures + 1,
            blocked_until = greatest(coalesce(p.blocked_until, clock_timestamp()),
              clock_timestamp() + coalesce(${given}::float8, least(30000, 400 * power(2, p.failures)) * (1 + random() * 0.2)) * interval '1 millisecond'),
            next_slot_on = greatest(p.next_slot_on, clock_timestamp() + coalesce(${given}::float8, least(30000, 400 * power(2, p.failures)) * (1 + random() * 0.2)) * interval '1 millisecond')
      where p.company_id = ${companyId}
      returning extract(epoch from (p.blocked_until - clock_timestamp())) * 1000 as wait_ms`),
  );
  return Number(row?.wait_ms ?? 0);
}

/** A good answer ends the backoff's run. */
export async function clearFailures(db: TDbLike, companyId: number) {
  await db.execute(sql`update board_pacing set failures = 0 where company_id = ${companyId} and failures > 0`);
}
