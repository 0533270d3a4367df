import { z } from 'zod';
import { editId, requiredId } from './fields';
import { MSG } from './messages';
import { defineRoute, onAnyObject, onObject, ZTextReply } from './route-def';

/** How a stored board session last fared against the board. */
export const COOKIE_STATUSES = ['unchecked', 'working', 'expired', 'unreachable'] as const;
export type TCookieStatus = (typeof COOKIE_STATUSES)[number];

/**
 * Spec §3 Company cookie, as the table shows it: the cookie's first 100 characters and the
 * token's first 50 (the whole values never leave the server after saving), and the server's
 * verdict. `isInUse` is the newest session the board accepted.
 */
export const ZCompanyCookie = z.object({
  companyCookieId: z.number(),
  cookie: z.string(),
  csrfToken: z.string(),
  cookieSource: z.string(),
  createdOn: z.string(),
  isInUse: z.boolean(),
  status: z.enum(COOKIE_STATUSES),
  lastCheckedOn: z.string().nullable(),
  /** Why the last check failed, in plain words. */
  lastError: z.string().nullable(),
});
export type TCompanyCookie = z.infer<typeof ZCompanyCookie>;

const secret = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `At most ${max} characters` });

/** Spec §5 cookie form. A new id 0 (or none) adds a session; an id replaces that one's values. */
export const ZCookieForm = z.object({
  companyCookieId: editId(),
  cookie: secret(MSG.cookie, 20_000),
  csrfToken: secret(MSG.csrfToken, 2_000),
  cookieSource: secret(MSG.cookieSource, 200),
});
export type TCookieForm = z.input<typeof ZCookieForm>;

export const ZCookieIdQuery = z.object({ Id: requiredId() });

/** How much of a stored session the table shows (spec §2 cookie-admin). */
export const COOKIE_PREVIEW = { cookie: 100, csrfToken: 50 } as const;

/** Refresh Cookies' answers (spec §2 system-admin Service tab). */
export const COOKIE_TEXT = {
  noServiceUrl: 'ERROR The Service Url is not set. Save the load board address on the Service tab first.',
  noCookies: 'ERROR No cookies are stored. Add one in Cookie Administration.',
  refreshed: (c: { checked: number; working: number; expired: number; unreachable: number; inUseId: number | null }) =>
    [
      `Cookies refreshed: ${c.checked} checked, ${c.working} working, ${c.expired} expired`,
      c.unreachable ? `, ${c.unreachable} not checked (the load board could not be reached)` : '',
      c.inUseId !== null ? `. Cookie ID ${c.inUseId} is in use.` : c.unreachable ? '.' : '. No cookie works: add a new one in Cookie Administration.',
    ].join(''),
} as const;

/**
 * Whether the company can read the load board now, from the stored sessions as the last check
 * (Refresh Cookies, the periodic check, a failed board call) left them: `working` when a session
 * not known to be expired is stored; `checkedOn` the last check of any; no value of a session.
 */
export const ZSessionStatus = z.object({
  working: z.boolean(),
  checkedOn: z.string().nullable(),
  sessions: z.number(),
});
export type TSessionStatus = z.infer<typeof ZSessionStatus>;

/** The pages that read the load board through the stored sessions: they warn when none works. */
export const BOARD_PAGES = ['LoadSearchPage', 'SearchDashboardPage', 'LoadImportPage', 'InvoiceImportPage', 'CookieAdminPage'] as const;

export const cookieRoutes = {
  sessionStatus: defineRoute({
    method: 'GET',
    path: '/api/CookieAdmin/Status',
    summary: 'Whether a working load board session is stored (no session values): for the pages that read the board',
    tag: 'Cookies',
    access: onAnyObject(BOARD_PAGES, 'Read'),
    response: ZSessionStatus,
  }),
  refreshCookies: defineRoute({
    method: 'GET',
    path: '/api/CookieAdmin/RefreshCookies',
    summary: 'Check every stored board session against the board, mark the newest working one in use and the expired ones; answers the counts',
    tag: 'Cookies',
    access: onObject('SystemAdminPage', 'Write'),
    response: ZTextReply,
  }),
  getCookies: defineRoute({
    method: 'GET',
    path: '/api/CookieAdmin',
    summary: "The company's stored board sessions, newest first (values cut to 100 and 50 characters)",
    tag: 'Cookies',
    access: onObject('CookieAdminPage', 'Read'),
    response: z.array(ZCompanyCookie),
    list: { cap: 1000, noun: 'cookies', newest: true },
  }),
  saveCookie: defineRoute({
    method: 'POST',
    path: '/api/CookieAdmin',
    summary: 'Store a board session (cookie, CSRF token and where it came from), encrypted at rest',
    tag: 'Cookies',
    access: onObject('CookieAdminPage', 'DenyDelete'),
    body: ZCookieForm,
    response: ZTextReply,
  }),
  deleteCookie: defineRoute({
    method: 'DELETE',
    path: '/api/CookieAdmin',
    summary: 'Delete a stored board session',
    tag: 'Cookies',
    access: onObject('CookieAdminPage', 'Write'),
    query: ZCookieIdQuery,
    response: ZTextReply,
  }),
} as const;
