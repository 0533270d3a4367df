import { authRoutes, safeReturnTo, signInErrorCode, type TSignInError } from '@haulboard/contract';
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
import { SubjectMismatchError, toCurrentUser, upsertSignedInUser } from './service';

const TX_COOKIE = 'hb_oidc';

type TAuthDeps = {
  db: TDb;
  oidc: TOidcClient;
  /** The provider's issuer: with the subject, it names a person (users.oidc_subject). */
  issuer: string;
  publicUrl: string;
  secureCookies: boolean;
  sessionIdleHours: number;
  signInLimit: object;
  /** Refuse an ID token whose email_verified is not true (a missing one too). */
  requireEmailVerified: boolean;
};

export async function authModule(app: FastifyInstance, deps: TAuthDeps) {
  const { db, oidc, publicUrl, secureCookies, sessionIdleHours } = deps;
  const SIGN_IN_LIMIT = deps.signInLimit;
  const redirectUri = `${publicUrl}/auth/callback`;
  // Only a code of ours travels to the login page, which shows its own text for it.
  const loginError = (code: TSignInError) => `/login?error=${code}`;

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
      return reply.redirect(loginError('unreachable'), 302);
    }
  });

  app.get<{ Querystring: Record<string, string> }>('/auth/callback', { config: { access: { kind: 'public' }, rateLimit: SIGN_IN_LIMIT } }, async (req, reply) => {
    if (req.query.error) {
      req.log.info({ error: String(req.query.error).slice(0, 100) }, 'the identity provider refused the sign-in');
      return reply.redirect(loginError(signInErrorCode(req.query.error)), 302);
    }
    const raw = req.cookies[TX_COOKIE];
    const unsigned = raw ? req.unsignCookie(raw) : null;
    reply.clearCookie(TX_COOKIE, { path: '/auth' });
    if (!unsigned?.valid || !unsigned.value) {
      return reply.redirect(loginError('expired'), 302);
    }
    try {
      const tx = JSON.parse(unsigned.value) as { verifier: string; state: string; nonce: string; returnTo: unknown };
      // Decided before anything is written: a sign-in that cannot finish leaves no session behind.
      const target = safeReturnTo(tx.returnTo);
      const { claims, idToken } = await oidc.finish(new URL(req.url, publicUrl), tx);
      const verified = claims.email_verified === true || claims.email_verified === 'true';
      if (typeof claims.email !== 'string' || claims.email_verified === false || (deps.requireEmailVerified && !verified)) {
        return reply.redirect(loginError('email_unverified'), 302);
      }
      let user: Awaited<ReturnType<typeof upsertSignedInUser>>;
      try {
        user = await upsertSignedInUser(db, claims as any, deps.issuer);
      } catch (error) {
        if (!(error instanceof SubjectMismatchError)) throw error;
        req.log.warn({ err: error }, 'sign-in refused: the email belongs to another sign-in account');
        return reply.redirect(loginError('account_mismatch'), 302);
      }
      const token = await createSession(db, user.id, idToken, sessionIdleHours);
      setSessionCookie(reply, token, secureCookies);
      return reply.redirect(target, 302);
    } catch (error: any) {
      req.log.warn({ err: error }, 'sign-in failed');
      return reply.redirect(loginError('failed'), 302);
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
