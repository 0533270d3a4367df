import { APP_REQUEST_HEADER, isWriteAccess, type TRouteAccess } from '@haulboard/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';
import { isApiRequest } from '../lib/paths';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A multipart upload route (lib/route.ts): its own reader checks the content type. */
    upload?: boolean;
  }
}

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A request that must prove it comes from the app: any mutation method, and any method (a GET, its
 * HEAD) on a route whose declared access is a write level. Decided by the route the router matched
 * and the path as the router reads it, never by how the path was spelled.
 */
export const needsProof = (method: string, access: TRouteAccess | undefined) => MUTATIONS.has(method) || isWriteAccess(access);

export const FORGERY_TEXTS = {
  foreignOrigin: 'This request came from another site and was refused. Open Haulboard at its own address and try again.',
  missingHeader: 'This request did not come from the Haulboard app and was refused. Reload the page and try again.',
  contentType: 'Send the request body as JSON (Content-Type: application/json), or send no body.',
} as const;

/**
 * Every state-changing API request (a mutation method, or a route declared with a write access)
 * must prove it comes from the app, before anything else looks
 * at it: a browser's Origin (or, without one, its Sec-Fetch-Site) names PUBLIC_URL's origin, the
 * app's own header is present, and the body is JSON or absent (a form or text body is what a page
 * of another site can send without asking). Upload routes take multipart, checked by their reader.
 * Clients that are not browsers send neither Origin nor Sec-Fetch-Site; they still need the header.
 */
export function refuseForgery(app: FastifyInstance, opts: { publicUrl: string }) {
  const publicOrigin = new URL(opts.publicUrl).origin.toLowerCase();
  app.addHook('onRequest', async (req: FastifyRequest) => {
    if (!needsProof(req.method, req.routeOptions.config?.access) || !isApiRequest(req)) return;
    const origin = req.headers.origin;
    if (origin !== undefined) {
      if (origin.toLowerCase() !== publicOrigin) throw new AppError('FORBIDDEN', FORGERY_TEXTS.foreignOrigin);
    } else {
      const site = req.headers['sec-fetch-site'];
      if (site !== undefined && site !== 'same-origin') throw new AppError('FORBIDDEN', FORGERY_TEXTS.foreignOrigin);
    }
    if (req.headers[APP_REQUEST_HEADER.name] !== APP_REQUEST_HEADER.value) throw new AppError('FORBIDDEN', FORGERY_TEXTS.missingHeader);
    if (req.routeOptions.config?.upload) return;
    const type = req.headers['content-type'];
    if (type === undefined) return;
    const media = type.split(';')[0].trim().toLowerCase();
    if (media !== 'application/json') throw new AppError('UNSUPPORTED_TYPE', FORGERY_TEXTS.contentType);
  });
}
