import { COOKIE_PREVIEW, COOKIE_TEXT, SUCCESS, type TCompanyCookie, type ZCookieForm } from '@haulboard/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { TActor } from '../../access/actor';
import { lockOwnedRow } from '../../access/tenancy';
import type { TDb, TDbLike } from '../../db/client';
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
    return { text: SUCCESS.cookieUpdated, cookieId: form.companyCookieId };
  }
  const [row] = await tx
    .insert(companyCookies)
    .values({ ...values, companyId: actor.companyId, createdBy: actor.userId })
    .returning({ id: companyCookies.id });
  return { text: SUCCESS.cookieUpdated, cookieId: row.id };
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

/**
 * Re-seals every value an older key sealed with the current key (after a key rotation), in one
 * transaction. It runs once at start-up for every company, the one place that reads the table
 * across companies. A row no configured key opens (its key was dropped) is left as it is and
 * counted, never thrown: the server still starts, and the cookie page shows that row as sealed
 * with another key until it is replaced or deleted.
 */
export async function resealCookies(db: TDb, vault: TVault): Promise<{ resealed: number; unreadable: number }> {
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(companyCookies).orderBy(companyCookies.id).for('update');
    let resealed = 0;
    let unreadable = 0;
    for (const r of rows) {
      if (vault.keyIdOf(r.cookieSealed) === vault.currentKeyId && vault.keyIdOf(r.csrfTokenSealed) === vault.currentKeyId) continue;
      let values: { cookieSealed: string; csrfTokenSealed: string };
      try {
        values = { cookieSealed: vault.seal(vault.open(r.cookieSealed)), csrfTokenSealed: vault.seal(vault.open(r.csrfTokenSealed)) };
      } catch {
        unreadable++;
        continue;
      }
      await tx
        .update(companyCookies)
        .set(values)
        .where(and(eq(companyCookies.id, r.id), eq(companyCookies.companyId, r.companyId)));
      resealed++;
    }
    return { resealed, unreadable };
  });
}


/** Refresh Cookies: every stored session checked against the board; the counts as text. */
export async function refreshCookies(db: TDbLike, vault: TVault, companyId: number) {
  if (!(await findServiceUrl(db, companyId)).trim()) throw new AppError('REFUSED', COOKIE_TEXT.noServiceUrl);
  const counts = await refreshSessions(db, vault, companyId);
  if (!counts.checked) throw new AppError('REFUSED', COOKIE_TEXT.noCookies);
  return COOKIE_TEXT.refreshed(counts);
}
