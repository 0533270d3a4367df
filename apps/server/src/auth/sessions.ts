import { randomBytes } from 'node:crypto';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { hashToken } from '../access/context';
import { SESSION_COOKIE } from '../access/guard';
import type { TDbLike } from '../db/client';
import { sessions } from '../db/schema';

export const SESSION_DAYS = 7;
/** A session unused this long ends (SESSION_IDLE_HOURS); the 7-day limit holds regardless. */
export const DEFAULT_SESSION_IDLE_HOURS = 12;
/** The idle limit moves forward at most once a minute per session, not on every request. */
export const TOUCH_EVERY_SECONDS = 60;

export async function createSession(db: TDbLike, userId: number, idToken: string | null, idleHours = DEFAULT_SESSION_IDLE_HOURS) {
  const token = randomBytes(32).toString('base64url');
  await db.delete(sessions).where(and(eq(sessions.userId, userId), or(lt(sessions.expiresAt, sql`now()`), lt(sessions.idleExpiresAt, sql`now()`))));
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    idToken,
    expiresAt: sql`now() + make_interval(days => ${SESSION_DAYS})` as any,
    idleExpiresAt: sql`now() + make_interval(secs => ${idleHours * 3600})` as any,
  });
  return token;
}

/** A request on a live session moves its idle limit forward. */
export async function touchSession(db: TDbLike, sessionId: string, idleHours = DEFAULT_SESSION_IDLE_HOURS) {
  await db
    .update(sessions)
    .set({ idleExpiresAt: sql`now() + make_interval(secs => ${idleHours * 3600})` as any })
    .where(
      and(
        eq(sessions.id, sessionId),
        lt(sessions.idleExpiresAt, sql`now() + make_interval(secs => ${idleHours * 3600}) - make_interval(secs => ${TOUCH_EVERY_SECONDS})`),
      ),
    );
}

/** Deletes sessions past their 7-day or idle limit at `now` (run by a scheduled job); the count deleted. */
export async function purgeExpiredSessions(db: TDbLike, now: Date) {
  const at = now.toISOString();
  const deleted = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, at), lt(sessions.idleExpiresAt, at)))
    .returning({ id: sessions.id });
  return deleted.length;
}

/**
 * A hint the web app can read (it holds no secret, only '1'): while it is absent the app knows it
 * is signed out without asking the server, so a signed-out visit to / or /login logs no 401.
 */
export const SIGNED_IN_HINT_COOKIE = 'haulboard_signed_in';

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean) {
  const options = { path: '/', sameSite: 'lax' as const, secure, maxAge: SESSION_DAYS * 24 * 3600 };
  reply.setCookie(SESSION_COOKIE, token, { ...options, httpOnly: true });
  reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', { ...options, httpOnly: false });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  clearSignedInHint(reply, secure);
}

/** Forgets the hint: sent with every 401, so a session that ended is asked about once, not on every visit. */
export function clearSignedInHint(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SIGNED_IN_HINT_COOKIE, { path: '/', sameSite: 'lax', secure });
}

export async function deleteSession(db: TDbLike, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function setSessionCompany(db: TDbLike, sessionId: string, companyId: number) {
  await db.update(sessions).set({ companyId }).where(eq(sessions.id, sessionId));
}
