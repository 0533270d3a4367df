import { defaultPermissionsFor, type TCurrentUser } from '@haulboard/contract';
import { vi } from 'vitest';

type TReply = { status?: number; json?: unknown; text?: string; headers?: Record<string, string> };
type THandler = (body: unknown, url: URL) => TReply | Promise<TReply>;

/** A multipart form as the test sees it: text parts as text, files by their names. */
function formFields(form: FormData) {
  const out: Record<string, string> = {};
  for (const [key, value] of form.entries()) out[key] = typeof value === 'string' ? value : `file:${(value as File).name}`;
  return out;
}

/**
 * Stubs fetch with answers per "METHOD /path". Unlisted calls answer 404 JSON, so a test shows
 * which call it did not expect. Returns the calls made, for assertions on bodies.
 */
export function mockApi(handlers: Record<string, THandler | TReply>) {
  // The server's signed-in hint (lib/session.ts): the app asks the mocked server who is signed in.
  // biome-ignore lint/suspicious/noDocumentCookie: the test stands in for the server, which sets this cookie
  document.cookie = 'haulboard_signed_in=1; path=/';
  const calls: { method: string; path: string; body: unknown; headers: Record<string, string> }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body instanceof FormData ? formFields(init.body) : undefined;
    calls.push({ method, path: url.pathname + url.search, body, headers: Object.fromEntries(new Headers(init.headers).entries()) });
    const handler = handlers[`${method} ${url.pathname}`];
    const reply: TReply = handler
      ? typeof handler === 'function'
        ? await handler(body, url)
        : handler
      : { status: 404, json: { statusCode: 404, code: 'NOT_FOUND', message: `No mock for ${method} ${url.pathname}` } };
    const status = reply.status ?? 200;
    if (reply.text !== undefined) return new Response(reply.text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...reply.headers } });
    return new Response(JSON.stringify(reply.json ?? null), { status, headers: { 'content-type': 'application/json', ...reply.headers } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

export const unauthenticated: TReply = { status: 401, json: { statusCode: 401, code: 'UNAUTHENTICATED', message: 'Please sign in' } };

/** A current user as GetUserDetails answers it, by onboarding stage and role. */
export function userFixture(kind: 'noCompany' | 'inReview' | 'admin' | 'dispatcher' | 'driver', extra: Partial<TCurrentUser> = {}): TCurrentUser {
  const roleId = kind === 'admin' ? 1 : kind === 'dispatcher' ? 2 : kind === 'driver' ? 3 : null;
  const hasCompany = kind !== 'noCompany';
  return {
    email: `${kind}@example.test`,
    displayName: null,
    phoneNumber: '5125550100',
    uid: kind,
    userId: 10,
    firstName: 'Pat',
    lastName: 'Jones',
    fullName: 'Pat Jones',
    company: hasCompany ? 'Demo Freight LLC' : null,
    companyId: hasCompany ? 1 : null,
    roleId,
    roleName: roleId ? ['', 'Administrator', 'Dispatcher', 'Driver'][roleId] : null,
    userCompanies: hasCompany ? [{ label: 'Demo Freight LLC', value: 1 }] : [],
    userPermissibleObjects: roleId ? defaultPermissionsFor(roleId) : [],
    ...extra,
  };
}

/**
 * An administrator whose only page is user admin: keeps tests of the shell and the guards
 * independent of which other features' pages exist and which of them comes first.
 */
export const userAdminOnly = (extra: Partial<TCurrentUser> = {}) =>
  userFixture('admin', { userPermissibleObjects: [{ objectName: 'UserAdmin', accessType: 'Write', isMenuVisible: true }], ...extra });
