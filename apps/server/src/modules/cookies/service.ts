import { COOKIE_PREVIEW, COOKIE_TEXT, SUCCESS, type TCompanyCookie, type ZCookieForm } from '@haulboard/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { TActor } from '../../access/actor';
import { lockOwnedRow } from '../../access/tenancy';
import type { TDbLike } from '../../db/client';
import { companyCookies } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { isoOf, nowMs } from '../../lib/rows';
import { refreshSessions } from '../../loadboard/connection';
import type { TVault } from '../../loadboard/vault';
import { findServiceUrl } from '../settings';

/** The stored sessions of a company for the table: only the spec's previews leave the vault. */
export async function findCookies(db: TDbLike, vault: TVault, companyId: number, limit: number): Promise<TCompanyCookie[]> {
  const rows = await db
    .select({ row: companyCookies, createdOn: isoOf(companyCookies.createdOn), lastCheckedOn: isoOf(companyCookies.lastCheckedOn) })
    .from(companyCookies)
    .where(eq(companyCookies.companyId, companyId))
    .orderBy(desc(companyCookies.createdOn), desc(companyCookies.id))
    .limit(limit);
  return rows.map(({ row, createdOn, lastCheckedOn }) => ({
    companyCookieId: row.id,
    cookie: preview(vault, row.cookieSealed, COOKIE_PREVIEW.cookie),
    csrfToken: preview(vault, row.csrfTokenSealed, COOKIE_PREVIEW.csrfToken),
    cookieSource: row.cookieSource,
    createdOn,
    isInUse: row.isInUse,
    status: row.status as TCompanyCookie['status'],
    lastCheckedOn: row.lastCheckedOn ? lastCheckedOn : null,
    lastError: row.lastError,
  }));
}

function preview(vault: TVault, sealed: string, length: number) {
  try {
    return vault.open(sealed).slice(0, length);
  } catch {
    return '(sealed with another key)';
  }
}

/** Stores a new session, or replaces the values of one (they cannot be read back to edit). */
export async function saveCookie(tx: TDbLike, vault: TVault, actor: TActor, form: z.output<typeof ZCookieForm>) {
  const values = {
    cookieSealed: vault.seal(form.cookie),
    csrfTokenSealed: vault.seal(form.csrfToken),
    cookieSource: form.cookieSource,
    status: 'unchecked',
    isInUse: false,
    lastError: null,
    updatedOn: nowMs() as any,
  };
  if (form.companyCookieId) {
    await lockOwnedRow(tx, companyCookies, { id: form.companyCookieId, companyId: actor.companyId, what: 'cookie' });
    await tx
      .update(companyCookies)
      .set(values)
      .where(and(eq(companyCookies.id, form.companyCookieId), eq(companyCookies.companyId, actor.companyId)));
  } else {
    await tx.insert(companyCookies).values({ ...values, companyId: actor.companyId, createdBy: actor.userId });
  }
  return SUCCESS.cookieUpdated;
}

export async function deleteCookie(tx: TDbLike, actor: TActor, id: number) {
  await lockOwnedRow(tx, companyCookies, { id, companyId: actor.companyId, what: 'cookie' });
  await tx.delete(companyCookies).where(and(eq(companyCookies.id, id), eq(companyCookies.companyId, actor.companyId)));
  return SUCCESS.cookieDeleted;
}

/** The sessions of a company, opened, for the board client: newest first. */
export async function openSessions(db: TDbLike, vault: TVault, companyId: number) {
  const rows = await db
    .select()
    .from(companyCookies)
    .where(eq(companyCookies.companyId, companyId))
    .orderBy(desc(companyCookies.createdOn), desc(companyCookies.id));
  return rows.map((r) => ({ id: r.id, cookie: vault.open(r.cookieSealed), csrfToken: vault.open(r.csrfTokenSealed), status: r.status }));
}

/** Re-seals every value an older key sealed with the current key (after a key rotation). It runs
 * once at start-up for every company, the one place that reads the table across companies. */
export async function resealCookies(db: TDbLike, vault: TVault) {
  const rows = await db.select().from(companyCookies);
  let count = 0;
  for (const r of rows) {
    if (vault.keyIdOf(r.cookieSealed) === vault.currentKeyId && vault.keyIdOf(r.csrfTokenSealed) === vault.currentKeyId) continue;
    await db
      .update(companyCookies)
      .set({ cookieSealed: vault.seal(vault.open(r.cookieSealed)), csrfTokenSealed: vault.seal(vault.open(r.csrfTokenSealed)) })
      .where(and(eq(companyCookies.id, r.id), eq(companyCookies.companyId, r.companyId)));
    count++;
  }
  return count;
}



/** Refresh Cookies: every stored session checked against the board; the counts as text. */
export async function refreshCookies(db: TDbLike, vault: TVault, companyId: number) {
  if (!(await findServiceUrl(db, companyId)).trim()) throw new AppError('REFUSED', COOKIE_TEXT.noServiceUrl);
  const counts = await refreshSessions(db, vault, companyId);
  if (!counts.checked) throw new AppError('REFUSED', COOKIE_TEXT.noCookies);
  return COOKIE_TEXT.refreshed(counts);
}
