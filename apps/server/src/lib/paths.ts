import type { FastifyRequest } from 'fastify';

/** /api and everything under it (not /apiary): the paths that never fall back to the web app. */
export const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');

/** The path part of a request target, as sent (still percent-encoded). */
export const rawPathOf = (url: string) => url.split('?')[0].split('#')[0];

/**
 * The path as the router reads it: the router undoes percent-encoding before it matches
 * (`/%61pi/x` is `/api/x`), so every decision about a path is made on this form, never on the
 * raw one. A malformed encoding stays as sent (the router refuses it with a 400 of its own).
 */
export function decodedPathOf(url: string) {
  const raw = rawPathOf(url);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * An API request: its path, as the router reads it, is under /api, or the route it matched is.
 * What the raw path looks like does not matter.
 */
export function isApiRequest(req: FastifyRequest) {
  const route = req.routeOptions?.url;
  return isApiPath(decodedPathOf(req.url)) || (route !== undefined && route !== '/*' && isApiPath(route));
}

/** A percent-encoded unreserved character (RFC 3986: letters, digits, - . _ ~): no client needs to
 * encode one, so a path that does is hiding what it names. */
const ENCODED_UNRESERVED = /%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2[de]|5f|7e)/i;

/**
 * Why a request's path is refused before anything else reads it, or null when it is plain: one
 * that encodes characters that never need encoding, or one that is an API path only once decoded
 * (`/api%2Fx`). The query string is not looked at: encoded values there are ordinary.
 */
export function disguisedPathReason(url: string): string | null {
  const raw = rawPathOf(url);
  if (!raw.includes('%')) return null;
  if (ENCODED_UNRESERVED.test(raw)) return 'encoded';
  if (isApiPath(decodedPathOf(url)) !== isApiPath(raw)) return 'api';
  return null;
}
