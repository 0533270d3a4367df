import { randomBytes } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { SESSION_COOKIE } from '../access/guard';
import { hashToken } from '../access/context';
import type { TDbLike } from '../db/client';
import { sessions } from '../db/schema';

export const SESSION_DAYS = 7;

export async function createSession(db: TDbLike, userId: number, idToken: string | null) {
  const token = randomBytes(32).toString('base64url');
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, sql`now()`)));
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    idToken,
    expiresAt: sql`now() + make_interval(days => ${SESSION_DAYS})` as any,
  });
  return token;
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: SESSION_DAYS * 24 * 3600,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

export async function deleteSession(db: TDbLike, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function setSessionCompany(db: TDbLike, sessionId: string, companyId: number) {
  await db.update(sessions).set({ companyId }).where(eq(sessions.id, sessionId));
}
