/** Where sign-in returns to, and what a failed sign-in says: one rule for the server and the web app. */

const HOME = '/';
const PROBE_ORIGIN = 'http://x';
/** Control characters (TAB, line breaks, C0 and C1), the backslash, or anything above U+00FF. */
const hasUnsafeCharacter = (value: string) => {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code > 0xff || code === 0x5c) return true;
  }
  return false;
};

/**
 * A same-origin path to return to after sign-in, or '/'. Only a path that starts with one '/',
 * holds no control character, TAB, backslash or character above U+00FF, and still names the same
 * origin after a URL parse passes; it comes back as the parser writes it (percent-encoded), so it
 * is always safe in a Location header.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 500) return HOME;
  if (!value.startsWith('/') || value.startsWith('//') || hasUnsafeCharacter(value)) return HOME;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return HOME;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can leave a '//' in front ('/./a/..//host'): that would name another host.
  if (url.origin !== PROBE_ORIGIN || !path.startsWith('/') || path.startsWith('//')) return HOME;
  return path;
}

/**
 * What the login page says after a failed sign-in, by code. The provider's own text is never
 * shown (anyone can put text in a link): known OAuth error codes get a message of ours, anything
 * else the generic one. The server's own failures use codes of this list too.
 */
export const SIGN_IN_ERRORS = {
  access_denied: 'Sign-in was cancelled or refused. You can try again.',
  login_required: 'Please sign in with your company account.',
  consent_required: 'Sign-in needs your consent at the identity provider. Please try again and allow access.',
  interaction_required: 'The identity provider needs you to finish signing in there. Please try again.',
  account_selection_required: 'Please choose an account at the identity provider and try again.',
  temporarily_unavailable: 'The sign-in service is busy right now. Please try again in a minute.',
  server_error: 'The sign-in service had a problem. Please try again in a minute.',
  expired: 'Your sign-in expired or was started in another window. Please sign in again.',
  unreachable: 'The sign-in service cannot be reached right now. Please try again in a minute.',
  email_unverified: 'Your identity provider did not confirm an email address for this account.',
  account_mismatch: 'This email address already belongs to another sign-in account. Please ask your company administrator for help.',
  failed: 'Sign-in failed. Please try again.',
} as const;

export type TSignInError = keyof typeof SIGN_IN_ERRORS;

/** A code from a redirect (a provider's, or ours) as one of ours; anything unknown is 'failed'. */
export const signInErrorCode = (value: unknown): TSignInError =>
  typeof value === 'string' && Object.hasOwn(SIGN_IN_ERRORS, value) ? (value as TSignInError) : 'failed';

/** The message for a login page's `error` parameter. */
export const signInErrorText = (value: unknown) => SIGN_IN_ERRORS[signInErrorCode(value)];
