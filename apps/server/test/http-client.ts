import { APP_REQUEST_HEADER } from '@haulboard/contract';
import type { TServer } from '../../../bench/server-process';

/** Talking to a real server process over HTTP (cluster and crash tests). */

/** The built-in provider's authorization-code flow over HTTP against one server; its session token. */
export async function signIn(baseUrl: string, email: string) {
  const jar = new Map<string, string>();
  const go = async (method: 'GET' | 'POST', target: string, body?: string) => {
    const res = await fetch(new URL(target, baseUrl), {
      method,
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(c)) jar.delete(pair.slice(0, at));
      else jar.set(pair.slice(0, at), value);
    }
    return res;
  };
  let res = await go('GET', '/auth/login?returnTo=%2F');
  for (let step = 0; step < 12 && res.status >= 300 && res.status < 400; step++) {
    const next = new URL(res.headers.get('location')!, baseUrl);
    if (next.pathname.startsWith('/oidc/interaction/')) {
      const page = await (await go('GET', next.pathname)).text();
      const action = /action="([^"]+\/login)"/.exec(page)![1];
      res = await go('POST', action, `login=${encodeURIComponent(email)}&password=anything`);
    } else if (next.origin === new URL(baseUrl).origin && (next.pathname.startsWith('/oidc') || next.pathname.startsWith('/auth'))) {
      res = await go('GET', next.pathname + next.search);
    } else break;
  }
  const token = jar.get('hb_session');
  if (!token) throw new Error(`No session after signing in through ${baseUrl} (last answer ${res.status} to ${res.headers.get("location") ?? "-"})`);
  return token;
}

export const api = async (server: Pick<TServer, 'baseUrl'>, token: string, method: string, route: string, body?: unknown) => {
  const res = await fetch(`${server.baseUrl}${route}`, {
    method,
    headers: { cookie: `hb_session=${token}`, [APP_REQUEST_HEADER.name]: APP_REQUEST_HEADER.value, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
};

