import { and, desc, eq, sql } from 'drizzle-orm';
import type { TDbLike } from '../db/client';
import { companyCookies, companySettings } from '../db/schema';
import { isoOf } from '../lib/rows';
import { BoardError, createBoardClient, type TBoardClient, type TBoardClientOptions } from './client';
import type { TVault } from './vault';

/**
 * A company's connection to the board: its Service URL plus the session in use (the newest one
 * the board accepted), and the session check behind Refresh Cookies and the periodic job.
 */

export type TConnectionOptions = Omit<TBoardClientOptions, 'serviceUrl' | 'session'>;

export type TCompanyBoard = { client: TBoardClient; cookieId: number; serviceUrl: string };

async function serviceUrlOf(db: TDbLike, companyId: number) {
  const [row] = await db.select({ serviceUrl: companySettings.serviceUrl }).from(companySettings).where(eq(companySettings.companyId, companyId));
  return row?.serviceUrl?.trim() ?? '';
}

/**
 * The board client of a company, on its session in use; when none is marked (never refreshed), the
 * newest stored one not known to be expired. Throws BoardError 'not-configured' (no Service URL, no
 * session) or 'session-expired' (every stored session is expired).
 */
export async function companyBoard(db: TDbLike, vault: TVault, companyId: number, options: TConnectionOptions = {}): Promise<TCompanyBoard> {
  const serviceUrl = await serviceUrlOf(db, companyId);
  if (!serviceUrl) throw new BoardError('not-configured', 'no Service URL is set');
  const rows = await db
    .select()
    .from(companyCookies)
    .where(eq(companyCookies.companyId, companyId))
    .orderBy(desc(companyCookies.createdOn), desc(companyCookies.id));
  if (!rows.length) throw new BoardError('not-configured', 'no session is stored');
  const row = rows.find((r) => r.isInUse) ?? rows.find((r) => r.status !== 'expired');
  if (!row) throw new BoardError('session-expired', 'no stored session works');
  let session: { cookie: string; csrfToken: string };
  try {
    session = { cookie: vault.open(row.cookieSealed), csrfToken: vault.open(row.csrfTokenSealed) };
  } catch {
    throw new BoardError('not-configured', 'the stored session was sealed with a key this server does not have');
  }
  return { client: createBoardClient({ ...options, serviceUrl, session }), cookieId: row.id, serviceUrl };
}

/**
 * Records what a call on a session found out: a dead session (expired, CSRF refused) is marked
 * expired and no longer in use, so the next call takes another and the pages can say so.
 */
export async function noteBoardFailure(db: TDbLike, companyId: number, cookieId: number, error: unknown) {
  if (!(error instanceof BoardError) || (error.kind !== 'session-expired' && error.kind !== 'csrf-refused')) return;
  await db
    .update(companyCookies)
    .set({ status: 'expired', isInUse: false, lastError: error.message, lastCheckedOn: sql`now()` as any })
    .where(and(eq(companyCookies.id, cookieId), eq(companyCookies.companyId, companyId)));
}

export type TRefreshCounts = { checked: number; working: number; expired: number; unreachable: number; inUseId: number | null };

/**
 * Checks every stored session of the company against the board (newest first, one at a time),
 * records each verdict, and marks the newest working one in use. A board that cannot be reached
 * (or limits us) leaves the earlier verdicts standing for the sessions it could not check.
 */
export async function refreshSessions(db: TDbLike, vault: TVault, companyId: number, options: TConnectionOptions = {}): Promise<TRefreshCounts> {
  const serviceUrl = await serviceUrlOf(db, companyId);
  const rows = await db
    .select()
    .from(companyCookies)
    .where(eq(companyCookies.companyId, companyId))
    .orderBy(desc(companyCookies.createdOn), desc(companyCookies.id));
  const counts: TRefreshCounts = { checked: rows.length, working: 0, expired: 0, unreachable: 0, inUseId: null };
  for (const row of rows) {
    let status: 'working' | 'expired' | 'unreachable' = 'working';
    let lastError: string | null = null;
    try {
      const session = { cookie: vault.open(row.cookieSealed), csrfToken: vault.open(row.csrfTokenSealed) };
      await createBoardClient({ ...options, serviceUrl, session }).check();
    } catch (e) {
      const error = e instanceof BoardError ? e : new BoardError('not-configured', 'the stored session cannot be opened');
      status = error.kind === 'session-expired' || error.kind === 'csrf-refused' ? 'expired' : 'unreachable';
      lastError = error.message;
    }
    counts[status]++;
    if (status === 'working' && counts.inUseId === null) counts.inUseId = row.id;
    // Unreachable says nothing about the session: its earlier verdict (and use) stands.
    const change = status === 'unreachable' ? { lastError, lastCheckedOn: sql`now()` as any } : { status, lastError, lastCheckedOn: sql`now()` as any, isInUse: false };
    await db
      .update(companyCookies)
      .set(change)
      .where(and(eq(companyCookies.id, row.id), eq(companyCookies.companyId, companyId)));
  }
  if (counts.inUseId !== null) {
    await db
      .update(companyCookies)
      .set({ isInUse: sql`${companyCookies.id} = ${counts.inUseId}` as any })
      .where(eq(companyCookies.companyId, companyId));
  }
  return counts;
}

/** The companies that store sessions (for the periodic check). */
export async function companiesWithSessions(db: TDbLike): Promise<number[]> {
  const rows = await db.selectDistinct({ companyId: companyCookies.companyId }).from(companyCookies).orderBy(companyCookies.companyId);
  return rows.map((r) => r.companyId);
}

/** How long the check of a newly saved session may take: a save waits for it (the client's timeout bounds it). */
export const SAVE_CHECK_TIMEOUT_MS = 5_000;

/**
 * Checks one stored session against the board right after it is saved, so a working new session
 * is used at once instead of after the next Refresh Cookies or periodic check. The newest working
 * session is then in use; an expired one is marked so. A board that cannot be reached, or no
 * Service URL, leaves the session unchecked: this never throws, so it cannot fail the save.
 */
export async function checkSavedSession(db: TDbLike, vault: TVault, companyId: number, cookieId: number, options: TConnectionOptions = {}) {
  try {
    const serviceUrl = await serviceUrlOf(db, companyId);
    if (!serviceUrl) return 'unchecked' as const;
    const [row] = await db
      .select()
      .from(companyCookies)
      .where(and(eq(companyCookies.id, cookieId), eq(companyCookies.companyId, companyId)));
    if (!row) return 'unchecked' as const;
    let verdict: 'working' | 'expired' | 'unchecked' = 'working';
    let lastError: string | null = null;
    try {
      const session = { cookie: vault.open(row.cookieSealed), csrfToken: vault.open(row.csrfTokenSealed) };
      await createBoardClient({ timeoutMs: SAVE_CHECK_TIMEOUT_MS, ...options, serviceUrl, session }).check();
    } catch (e) {
      const error = e instanceof BoardError ? e : new BoardError('not-configured', 'the stored session cannot be opened');
      verdict = error.kind === 'session-expired' || error.kind === 'csrf-refused' ? 'expired' : 'unchecked';
      lastError = error.message;
    }
    const where = and(eq(companyCookies.id, cookieId), eq(companyCookies.companyId, companyId));
    if (verdict === 'unchecked') {
      await db.update(companyCookies).set({ lastError }).where(where);
      return verdict;
    }
    await db
      .update(companyCookies)
      .set({ status: verdict, lastError, lastCheckedOn: sql`now()` as any, ...(verdict === 'expired' ? { isInUse: false } : {}) })
      .where(where);
    if (verdict === 'working') {
      // In use: the newest session the board accepted (an older one whose values were replaced may not be the newest).
      const [newest] = await db
        .select({ id: companyCookies.id })
        .from(companyCookies)
        .where(and(eq(companyCookies.companyId, companyId), eq(companyCookies.status, 'working')))
        .orderBy(desc(companyCookies.createdOn), desc(companyCookies.id))
        .limit(1);
      await db
        .update(companyCookies)
        .set({ isInUse: sql`${companyCookies.id} = ${newest.id}` as any })
        .where(eq(companyCookies.companyId, companyId));
    }
    return verdict;
  } catch {
    return 'unchecked' as const;
  }
}

export type TSessionStatus = { working: boolean; checkedOn: string | null; sessions: number };

/**
 * Whether the company has a session the board can be read with, from the stored rows that Refresh
 * Cookies, the periodic check and every failed board call keep current: one not known to be
 * expired and sealed with a key this server has (what companyBoard would use). No value leaves here.
 */
export async function sessionStatus(db: TDbLike, vault: TVault, companyId: number): Promise<TSessionStatus> {
  const rows = await db
    .select({
      status: companyCookies.status,
      cookieSealed: companyCookies.cookieSealed,
      csrfTokenSealed: companyCookies.csrfTokenSealed,
      lastCheckedOn: isoOf(companyCookies.lastCheckedOn),
    })
    .from(companyCookies)
    .where(eq(companyCookies.companyId, companyId));
  const opens = (sealed: string) => {
    try {
      vault.open(sealed);
      return true;
    } catch {
      return false;
    }
  };
  const working = rows.some((r) => r.status !== 'expired' && opens(r.cookieSealed) && opens(r.csrfTokenSealed));
  const checked = rows.map((r) => r.lastCheckedOn).filter((d): d is string => !!d);
  return { working, checkedOn: checked.length ? checked.sort().at(-1)! : null, sessions: rows.length };
}
