import { authRoutes } from '@haulboard/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { loadContext } from '../../access/context';
import { SESSION_COOKIE } from '../../access/guard';
import type { TOidcClient } from '../../auth/oidc-client';
import { clearSessionCookie, createSession, deleteSession, setSessionCompany, setSessionCookie } from '../../auth/sessions';
import type { TDb } from '../../db/client';
import { companies, userCompanies, users } from '../../db/schema';
import { notFound, refuse } from '../../lib/errors';
import { route } from '../../lib/route';
import { toCurrentUser, upsertSignedInUser } from './service';

const TX_COOKIE = 'hb_oidc';
const SIGN_IN_LIMIT = { max: 120, timeWindow: '1 minute' };

type TAuthDeps = { db: TDb; oidc: TOidcClient; publicUrl: string; secureCookies: boolean };

/** A same-site path to return to after sign-in; anything else becomes '/'. */
export const safeReturnTo = (value: unknown) =>
  typeof value === 'string' && /^\/(?![/\\])/.test(value) && value.length < 500 ? value : '/';

export async function authModule(app: FastifyInstance, deps: TAuthDeps) {
  const { db, oidc, publicUrl, secureCookies } = deps;
  const redirectUri = `${publicUrl}/auth/callback`;
  const loginError = (message: string) => `/login?error=${encodeURIComponent(message)}`;

  app.get<{ Querystring: { returnTo?: string } }>('/auth/login', { config: { access: { kind: 'public' }, rateLimit: SIGN_IN_LIMIT } }, async (req, reply) => {
    try {
      const { url, verifier, state, nonce } = await oidc.authorizationUrl(redirectUri);
      reply.setCookie(TX_COOKIE, JSON.stringify({ verifier, state, nonce, returnTo: safeReturnTo(req.query.returnTo) }), {
        path: '/auth',
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies,
        signed: true,
        maxAge: 600,
      });
      return reply.redirect(url, 302);
    } catch (error) {
      req.log.error({ err: error }, 'identity provider discovery failed');
      return reply.redirect(loginError('The sign-in service cannot be reached right now. Please try again in a minute.'), 302);
    }
  });

  app.get<{ Querystring: Record<string, string> }>('/auth/callback', { config: { access: { kind: 'public' }, rateLimit: SIGN_IN_LIMIT } }, async (req, reply) => {
    if (req.query.error) return reply.redirect(loginError(req.query.error_description || req.query.error), 302);
    const raw = req.cookies[TX_COOKIE];
    const unsigned = raw ? req.unsignCookie(raw) : null;
    reply.clearCookie(TX_COOKIE, { path: '/auth' });
    if (!unsigned?.valid || !unsigned.value) {
      return reply.redirect(loginError('Your sign-in expired or was started in another window. Please sign in again.'), 302);
    }
    const tx = JSON.parse(unsigned.value) as { verifier: string; state: string; nonce: string; returnTo: string };
    try {
      const { claims, idToken } = await oidc.finish(new URL(req.url, publicUrl), tx);
      if (typeof claims.email !== 'string' || claims.email_verified === false) {
        return reply.redirect(loginError('Your identity provider did not confirm an email address for this account.'), 302);
      }
      const user = await upsertSignedInUser(db, claims as any);
      const token = await createSession(db, user.id, idToken);
      setSessionCookie(reply, token, secureCookies);
      return reply.redirect(safeReturnTo(tx.returnTo), 302);
    } catch (error: any) {
      req.log.warn({ err: error }, 'sign-in failed');
      return reply.redirect(loginError(error?.error_description || error?.message || 'Sign-in failed'), 302);
    }
  });

  route(app, authRoutes.getUserDetails, async (req) => toCurrentUser(req.ctx));

  route(app, authRoutes.updateUserCompany, async (req) => {
    const { ctx } = req;
    if (ctx.memberships.length > 0) throw refuse('You are already registered with a company');
    const [company] = await db.select().from(companies).where(eq(companies.id, req.body.companyId)).limit(1);
    if (!company) throw notFound('The company');
    await db.transaction(async (tx) => {
      await tx.update(users).set({ phoneNumber: req.body.phoneNumber }).where(eq(users.id, ctx.user.id));
      await tx.insert(userCompanies).values({ userId: ctx.user.id, companyId: company.id }).onConflictDoNothing();
      await setSessionCompany(tx, ctx.sessionId, company.id);
    });
    const fresh = await loadContext(db, req.cookies[SESSION_COOKIE]!);
    return toCurrentUser(fresh!);
  });

  route(app, authRoutes.changeUserCompany, async (req) => {
    const { ctx } = req;
    const member = ctx.memberships.find((m) => m.companyId === req.body.value);
    if (!member) throw notFound('The company');
    await setSessionCompany(db, ctx.sessionId, member.companyId);
    return toCurrentUser((await loadContext(db, req.cookies[SESSION_COOKIE]!))!);
  });

  route(app, authRoutes.logOut, async (req, reply) => {
    const token = req.cookies[SESSION_COOKIE];
    const ctx = token ? await loadContext(db, token) : null;
    if (ctx) await deleteSession(db, ctx.sessionId);
    clearSessionCookie(reply, secureCookies);
    return { message: 'Logged out', endSessionUrl: await oidc.endSessionUrl(ctx?.idToken ?? null, `${publicUrl}/`) };
  });
}
