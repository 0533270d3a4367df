import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiRequest } from '../lib/paths';

/**
 * One address for the portal: a page or sign-in request that arrives under another host name
 * (127.0.0.1 instead of localhost, a bare IP, an old name) is sent to PUBLIC_URL with the same
 * path and query before anything else happens. The sign-in cookie is set for one host and the
 * provider returns to PUBLIC_URL, so a sign-in started elsewhere could never finish.
 * /api answers on any host (health checks and monitors call it by address).
 */
export function redirectToPublicHost(app: FastifyInstance, opts: { publicUrl: string; fromTrustedProxy: (req: FastifyRequest) => boolean }) {
  const publicUrl = new URL(opts.publicUrl);
  const publicHost = publicUrl.host.toLowerCase();
  app.addHook('onRequest', async (req, reply) => {
    const url = req.url.startsWith('/') ? req.url : '/';
    if (isApiRequest(req)) return;
    // A trusted proxy that does not say which host was asked for cannot be judged by its Host.
    if (opts.fromTrustedProxy(req) && !req.headers['x-forwarded-host']) return;
    const host = (req.host ?? '').toLowerCase();
    if (host === publicHost) return;
    const code = req.method === 'GET' || req.method === 'HEAD' ? 302 : 308;
    return reply.redirect(`${publicUrl.origin}${url.startsWith('//') ? '/' : url}`, code);
  });
}
