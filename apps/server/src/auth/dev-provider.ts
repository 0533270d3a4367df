import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import formbody from '@fastify/formbody';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Provider from 'oidc-provider';
import { createMemoryAdapter } from 'oidc-provider/lib/adapters/memory_adapter.js';
import type { TDb } from '../db/client';
import { users } from '../db/schema';

type TDevProviderOptions = {
  db: TDb;
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
  cookieSecret: string;
  /** Every URL the provider writes (discovery, redirects) is under this address, whatever a request says. */
  publicUrl: string;
  /** The sign-in rate limit (per client address), for every endpoint of the provider. */
  rateLimit: object;
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The sign-out page submits itself; the page's policy allows exactly this script by its hash. */
const AUTO_SUBMIT = 'document.forms[0].submit()';
const AUTO_SUBMIT_HASH = `'sha256-${createHash('sha256').update(AUTO_SUBMIT).digest('base64')}'`;

/**
 * The built-in development identity provider: a real OpenID Connect provider mounted under /oidc.
 * Its sign-in page asks for an email (`login`) and a password it ignores, and it grants the
 * standard scopes without a consent screen, so demos and browser tests use the real flow.
 */
export async function mountDevProvider(app: FastifyInstance, opts: TDevProviderOptions) {
  const mountPath = new URL(opts.issuer).pathname.replace(/\/$/, '');
  const jwk = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  const provider = new Provider(opts.issuer, {
    clients: [
      {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uris: [opts.redirectUri],
        post_logout_redirect_uris: [opts.postLogoutRedirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...jwk, kid: randomBytes(8).toString('hex'), use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [opts.cookieSecret] },
    // The built-in provider lives in this one process and is for development only: sign-ins in
    // progress are kept in memory on purpose (Haulboard's own sessions are in the database).
    adapter: createMemoryAdapter(0),
    pkce: { required: () => true },
    conformIdTokenClaims: false,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        // Sign out without a confirmation page: the person already chose to log out in Haulboard.
        logoutSource: async (ctx: any, form: string) => {
          // logout=yes ends the provider's own session too, not just this client's grant: on a shared
          // computer the next person must see the sign-in page.
          const fullSignOut = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
          ctx.body = `<!doctype html><html><head><title>Signing out</title><link rel="icon" href="/favicon.svg"></head><body>${fullSignOut}<script>${AUTO_SUBMIT}</script></body></html>`;
        },
      },
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `${mountPath}/interaction/${interaction.uid}` },
    findAccount: async (_ctx: unknown, id: string) => {
      const [user] = await opts.db.select().from(users).where(eq(users.email, id)).limit(1);
      const given = user?.firstName ?? null;
      const family = user?.lastName ?? null;
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email: id,
          email_verified: true,
          name: [given, family].filter(Boolean).join(' ') || id.split('@')[0],
          given_name: given ?? undefined,
          family_name: family ?? undefined,
        }),
      };
    },
    // No consent screen: the standard scopes are granted to our own client.
    loadExistingGrant: async (ctx: any) => {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    renderError: async (ctx: any, out: { error: string; error_description?: string }) => {
      ctx.type = 'html';
      ctx.body = page('Sign-in problem', `<p class="err">${escapeHtml(out.error_description ?? out.error)}</p><p><a href="/login">Back to Haulboard</a></p>`);
    },
  } as any);
  // The provider builds its URLs from the request: it sees only PUBLIC_URL's host and protocol, and
  // the client address the server decided (from the socket, or a configured proxy).
  provider.proxy = true;
  const publicUrl = new URL(opts.publicUrl);
  const asPublicRequest = async (req: FastifyRequest) => {
    const headers = req.raw.headers;
    for (const name of Object.keys(headers)) if (name.startsWith('x-forwarded-') || name === 'forwarded') delete headers[name];
    headers.host = publicUrl.host;
    headers['x-forwarded-proto'] = publicUrl.protocol.slice(0, -1);
    headers['x-forwarded-for'] = req.ip;
  };
  const limited = { config: { rateLimit: opts.rateLimit } };
  provider.on('server_error', (_ctx: unknown, error: Error) => app.log.error({ err: error }, 'dev identity provider error'));

  await app.register(async (scope) => {
    await scope.register(formbody);
    scope.addHook('onRequest', asPublicRequest);

    scope.get(`${mountPath}/interaction/:uid`, limited, async (req, reply) => {
      const details = await provider.interactionDetails(req.raw, reply.raw);
      reply.type('text/html').header('cache-control', 'no-store');
      return loginPage(details.uid, mountPath, '', '');
    });

    scope.post<{ Params: { uid: string }; Body: { login?: string; password?: string } }>(
      `${mountPath}/interaction/:uid/login`,
      limited,
      async (req, reply) => {
        const login = String(req.body?.login ?? '').trim().toLowerCase();
        if (!EMAIL.test(login) || login.length > 254) {
          const details = await provider.interactionDetails(req.raw, reply.raw);
          reply.code(400).type('text/html').header('cache-control', 'no-store');
          return loginPage(details.uid, mountPath, login, 'Enter a valid email address.');
        }
        const target = await provider.interactionResult(req.raw, reply.raw, { login: { accountId: login } }, { mergeWithLastSubmission: false });
        return reply.redirect(target, 303);
      },
    );

    scope.post(`${mountPath}/interaction/:uid/cancel`, limited, async (req, reply) => {
      const target = await provider.interactionResult(
        req.raw,
        reply.raw,
        { error: 'access_denied', error_description: 'Sign-in was cancelled.' },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(target, 303);
    });

  });

  await app.register(async (scope) => {
    // Everything else under the mount path is the provider's own: hand it the untouched request.
    scope.removeAllContentTypeParsers();
    scope.addHook('onRequest', asPublicRequest);
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    const handle = provider.callback();
    const providerPagePolicy = {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", AUTO_SUBMIT_HASH],
          styleSrc: ["'self'", "'unsafe-inline'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
    };
    scope.all(`${mountPath}/*`, { helmet: providerPagePolicy, ...limited } as any, async (req, reply) => {
      reply.hijack();
      // Like Express's mount: the provider learns its mount path from originalUrl.
      (req.raw as any).originalUrl = req.raw.url;
      req.raw.url = req.raw.url!.slice(mountPath.length) || '/';
      await handle(req.raw, reply.raw);
    });
  });
  return provider;
}

function loginPage(uid: string, mountPath: string, login: string, error: string) {
  return page(
    'Sign in to Haulboard',
    `<form method="post" action="${mountPath}/interaction/${escapeHtml(uid)}/login" autocomplete="on">
      <label for="login">Email</label>
      <input id="login" name="login" type="email" required autofocus value="${escapeHtml(login)}" placeholder="you@company.com">
      <label for="password">Password</label>
      <input id="password" name="password" type="password" placeholder="any password">
      ${error ? `<p class="err" role="alert">${escapeHtml(error)}</p>` : ''}
      <button type="submit">Sign in</button>
    </form>
    <form method="post" action="${mountPath}/interaction/${escapeHtml(uid)}/cancel">
      <button type="submit" class="link">Cancel</button>
    </form>
    <p class="note">Built-in development sign-in. Any password is accepted. Set OIDC_ISSUER to use your company's identity provider.</p>`,
  );
}

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="icon" href="/favicon.svg">
<style>
:root{color-scheme:light dark;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f4f6f8}
@media (prefers-color-scheme:dark){body{background:#121212;color:#eee}main{background:#1e1e1e!important}input{background:#2a2a2a;color:#eee;border-color:#555!important}}
main{background:#fff;padding:32px;border-radius:12px;box-shadow:0 4px 24px rgba(0,0,0,.08);width:min(360px,90vw)}
h1{font-size:20px;margin:0 0 20px}label{display:block;font-size:14px;margin:12px 0 4px}
input{width:100%;box-sizing:border-box;padding:10px 12px;border:1px solid #bbb;border-radius:6px;font-size:16px}
button{margin-top:20px;width:100%;padding:10px;border:0;border-radius:6px;background:#1565c0;color:#fff;font-size:16px;cursor:pointer}
button.link{background:none;color:inherit;text-decoration:underline;margin-top:8px;font-size:14px}
.err{color:#d32f2f;font-size:14px}.note{font-size:12px;opacity:.7;margin-top:16px}
</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

export function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
