import { and, desc, eq, sql } from 'drizzle-orm';
import type { TDbLike } from '../db/client';
import { companyCookies, companySettings } from '../db/schema';
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
